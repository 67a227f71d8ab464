CREATE TABLE "guide_assignments" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"guide_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"capacity" smallint DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_capacity_check" CHECK (capacity between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "recording_scores" (
	"recording_id" uuid PRIMARY KEY NOT NULL,
	"child_id" uuid NOT NULL,
	"guide_id" uuid,
	"guide_name" text NOT NULL,
	"marks" jsonb NOT NULL,
	"last_word" smallint,
	"reading_ms" integer NOT NULL,
	"fluency" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"words" smallint NOT NULL,
	"errors" smallint NOT NULL,
	"self_corrections" smallint NOT NULL,
	"words_correct" smallint NOT NULL,
	"words_correct_per_minute" smallint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_scores_fluency_check" CHECK (fluency between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "guide_assignments" ADD CONSTRAINT "guide_assignments_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_assignments" ADD CONSTRAINT "guide_assignments_guide_id_guides_user_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_scores" ADD CONSTRAINT "recording_scores_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_scores" ADD CONSTRAINT "recording_scores_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_scores" ADD CONSTRAINT "recording_scores_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_assignments_guide_idx" ON "guide_assignments" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "recording_scores_child_idx" ON "recording_scores" USING btree ("child_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('parent', 'admin', 'guide'));