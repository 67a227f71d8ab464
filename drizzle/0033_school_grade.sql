ALTER TABLE "children" ADD COLUMN "school_grade" smallint;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "school_grade_year" smallint;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_school_grade_check" CHECK ((school_grade is null and school_grade_year is null) or (school_grade between 0 and 12 and school_grade_year is not null));