ALTER TABLE "children" ADD COLUMN "placement_basis" text;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_placement_basis_check" CHECK (placement_basis is null or placement_basis in ('answers', 'read-aloud', 'review'));