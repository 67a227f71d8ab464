CREATE TABLE "recording_heard" (
	"recording_id" uuid PRIMARY KEY NOT NULL,
	"marks" jsonb NOT NULL,
	"last_word" smallint,
	"reading_ms" integer NOT NULL,
	"confidence" real NOT NULL,
	"corrected" smallint DEFAULT 0 NOT NULL,
	"words" smallint NOT NULL,
	"errors" smallint NOT NULL,
	"words_correct" smallint NOT NULL,
	"words_correct_per_minute" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_heard_confidence_check" CHECK (confidence between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "recording_heard" ADD CONSTRAINT "recording_heard_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;