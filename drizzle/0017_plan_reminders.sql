ALTER TABLE "weekly_plans" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "weekly_plans_ends_idx" ON "weekly_plans" USING btree ("ends_at");