ALTER TABLE "orders" ADD COLUMN "promised_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promised_reason_check" CHECK (promised_reason in ('now', 'season', 'after_current'));