CREATE TABLE "reading_milestones" (
	"child_id" uuid NOT NULL,
	"milestone" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_milestones_pkey" PRIMARY KEY("child_id","milestone")
);
--> statement-breakpoint
ALTER TABLE "reading_milestones" ADD CONSTRAINT "reading_milestones_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the logs already show was reached before milestones were announced: recorded, never announced.
INSERT INTO "reading_milestones" ("child_id", "milestone")
SELECT r."child_id", 'streak-' || m.n
FROM (
	SELECT "child_id", max("days") AS "longest"
	FROM (
		SELECT "child_id", count(*) AS "days"
		FROM (
			SELECT "child_id", "read_on" - (row_number() OVER (PARTITION BY "child_id" ORDER BY "read_on"))::int AS "island"
			FROM (SELECT DISTINCT "child_id", "read_on" FROM "reading_logs") d
		) i
		GROUP BY "child_id", "island"
	) runs
	GROUP BY "child_id"
) r
JOIN (VALUES (3), (7), (14), (30)) AS m(n) ON r."longest" >= m.n
UNION ALL
SELECT b."child_id", 'books-' || m.n
FROM (SELECT "child_id", count(DISTINCT lower("title")) AS "books" FROM "reading_logs" GROUP BY "child_id") b
JOIN (VALUES (10), (25), (50), (100)) AS m(n) ON b."books" >= m.n;
