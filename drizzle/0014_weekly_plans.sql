CREATE TABLE "weekly_plan_books" (
	"plan_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"book_id" uuid,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"alternative_book_id" uuid,
	CONSTRAINT "weekly_plan_books_pkey" PRIMARY KEY("plan_id","position")
);
--> statement-breakpoint
CREATE TABLE "weekly_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"child_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"week_index" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reading_level" text NOT NULL,
	"goal_minutes" smallint NOT NULL,
	"session_minutes" smallint[] NOT NULL,
	"passage_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_plans_level_check" CHECK (reading_level in ('sprout', 'sapling', 'branch', 'canopy')),
	CONSTRAINT "weekly_plans_week_check" CHECK (week_index >= 0),
	CONSTRAINT "weekly_plans_goal_check" CHECK (goal_minutes between 5 and 1440)
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_plan_books" ADD CONSTRAINT "weekly_plan_books_plan_id_weekly_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."weekly_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_plan_books" ADD CONSTRAINT "weekly_plan_books_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_plan_books" ADD CONSTRAINT "weekly_plan_books_alternative_book_id_books_id_fk" FOREIGN KEY ("alternative_book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_plans" ADD CONSTRAINT "weekly_plans_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_plans" ADD CONSTRAINT "weekly_plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_plans" ADD CONSTRAINT "weekly_plans_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_plan_books_book_idx" ON "weekly_plan_books" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_plans_subscription_week_key" ON "weekly_plans" USING btree ("subscription_id","week_index");--> statement-breakpoint
CREATE INDEX "weekly_plans_child_idx" ON "weekly_plans" USING btree ("child_id","starts_at");