ALTER TABLE "recordings" ALTER COLUMN "words_per_minute" DROP NOT NULL;--> statement-breakpoint
-- Attempts kept before: a rate from a timer alone, or one no child reads at (15 to 200 words a minute), is no rate.
UPDATE "recordings" SET "words_per_minute" = NULL WHERE "audio_path" IS NULL OR "words_per_minute" < 15 OR "words_per_minute" > 200;
