-- The account and the file are two things: at the account's deletion date the client's login
-- and profile go and the case file is archived (read-only, for the firm); FILE_RETENTION_YEARS
-- after completion the file is destroyed and a destruction record without content remains.
ALTER TABLE "cases" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cases_archived_idx" ON "cases" USING btree ("archived_at") WHERE "cases"."archived_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "file_destructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"client_initials" text NOT NULL,
	"completed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"destroyed_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX "file_destructions_destroyed_idx" ON "file_destructions" USING btree ("destroyed_at");
