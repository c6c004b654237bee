-- The signed settlement agreement is recorded once. A correction (only while the bedenktijd runs)
-- raises its version and keeps the record it replaces, file included, in settlement_signed_superseded:
-- a signed legal document is never deleted by a correction.
ALTER TABLE "settlement_signed" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "settlement_signed_superseded" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"dated" date NOT NULL,
	"agreed_on" date NOT NULL,
	"cooling_off_clause" boolean NOT NULL,
	"dissolved_within_six_months" boolean NOT NULL,
	"cooling_off_ends_on" date,
	"filename" text,
	"content_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"recorded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"superseded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"superseded_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_signed_superseded_case_version_idx" ON "settlement_signed_superseded" ("case_id", "version");
