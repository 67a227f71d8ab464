ALTER TABLE "reading_logs" ADD COLUMN "finished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Entries logged before a book could be marked finished: a rated one was the family's word that it was read.
UPDATE "reading_logs" SET "finished" = true WHERE "rating" IS NOT NULL;
