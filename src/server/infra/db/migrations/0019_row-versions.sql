-- Row versions for the forms that save a whole record: a save sends the version its form was
-- loaded with, and the UPDATE applies only while the row still has it (else 409). A counter, not
-- a timestamp: two saves in the same millisecond (or under a fixed test clock) still differ.
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "availability_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "company_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "contact_persons_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
