ALTER TABLE "passages" ADD COLUMN "portfolio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "portfolio" boolean DEFAULT false NOT NULL;