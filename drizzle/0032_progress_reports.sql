CREATE TABLE "progress_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"program_key" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"pdf_path" text NOT NULL,
	"certificate_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_reports_kind_check" CHECK (kind in ('progress', 'final'))
);
--> statement-breakpoint
ALTER TABLE "progress_reports" ADD CONSTRAINT "progress_reports_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "progress_reports_period_key" ON "progress_reports" USING btree ("program_key","period_end");--> statement-breakpoint
CREATE INDEX "progress_reports_child_idx" ON "progress_reports" USING btree ("child_id","period_end");