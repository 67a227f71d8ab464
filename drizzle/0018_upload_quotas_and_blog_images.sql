CREATE TABLE "blog_images" (
	"key" text PRIMARY KEY NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_log_kind_check" CHECK (kind in ('blog_image', 'recording')),
	CONSTRAINT "upload_log_bytes_check" CHECK (bytes >= 0)
);
--> statement-breakpoint
ALTER TABLE "blog_images" ADD CONSTRAINT "blog_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_log" ADD CONSTRAINT "upload_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_images_created_idx" ON "blog_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_log_user_kind_idx" ON "upload_log" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "upload_log_created_idx" ON "upload_log" USING btree ("created_at");