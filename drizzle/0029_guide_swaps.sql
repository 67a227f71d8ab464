CREATE TABLE "guide_swaps" (
	"child_id" uuid PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"guide_id" uuid,
	"guide_name" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_swaps" ADD CONSTRAINT "guide_swaps_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_swaps" ADD CONSTRAINT "guide_swaps_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_swaps" ADD CONSTRAINT "guide_swaps_guide_id_users_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;