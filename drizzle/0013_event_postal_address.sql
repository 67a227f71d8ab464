ALTER TABLE "events" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "address_locality" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "address_region" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_country_check" CHECK (address_country is null or address_country ~ '^[A-Z]{2}$');