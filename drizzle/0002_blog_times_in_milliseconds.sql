UPDATE "blogs" SET "published_at" = date_trunc('milliseconds', "published_at") WHERE "published_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_published_ms_check" CHECK (published_at = date_trunc('milliseconds', published_at));
