DROP INDEX "interview_bookings_slot_key";--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "interview_windows" jsonb;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "interview_bookings" ADD COLUMN "guide_id" uuid;--> statement-breakpoint
ALTER TABLE "interview_bookings" ADD COLUMN "guide_name" text;--> statement-breakpoint
ALTER TABLE "interview_bookings" ADD CONSTRAINT "interview_bookings_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_bookings_guide_slot_key" ON "interview_bookings" USING btree ("guide_id","starts_at") WHERE status = 'booked' and guide_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_bookings_slot_key" ON "interview_bookings" USING btree ("starts_at") WHERE status = 'booked' and guide_id is null and guide_name is null;