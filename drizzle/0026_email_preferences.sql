ALTER TABLE "users" ADD COLUMN "weekly_plan_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_token_key" ON "users" USING btree ("email_token");