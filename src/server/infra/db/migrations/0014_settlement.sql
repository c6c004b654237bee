-- The settlement agreement (vaststellingsovereenkomst) of a case: its versions (the employer's
-- offers and our counter-offers) with terms and text, the client's responses, the lawyer's
-- approval of the WW check of the final version, and the signed agreement with its bedenktijd.
-- All of it is case content and goes with the case (ON DELETE CASCADE).
CREATE TABLE "settlement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE CASCADE,
	"number" integer NOT NULL,
	"from_party" text NOT NULL CHECK ("from_party" IN ('employer', 'us')),
	"dated" date NOT NULL,
	"reply_by" date,
	"note" text,
	"text" text DEFAULT '' NOT NULL,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"final_at" timestamp with time zone,
	"filename" text,
	"content_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"ww_approved_at" timestamp with time zone,
	"ww_approved_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_versions_case_number_idx" ON "settlement_versions" ("case_id", "number");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_versions_one_final_idx" ON "settlement_versions" ("case_id") WHERE "final";--> statement-breakpoint
CREATE INDEX "settlement_versions_reply_by_idx" ON "settlement_versions" ("reply_by") WHERE "reply_by" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "settlement_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL REFERENCES "settlement_versions"("id") ON DELETE CASCADE,
	"case_id" uuid NOT NULL REFERENCES "cases"("id") ON DELETE CASCADE,
	"client_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"response" text NOT NULL CHECK ("response" IN ('agree', 'question')),
	"text" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "settlement_responses_version_idx" ON "settlement_responses" ("version_id", "created_at");--> statement-breakpoint
CREATE TABLE "settlement_signed" (
	"case_id" uuid PRIMARY KEY NOT NULL REFERENCES "cases"("id") ON DELETE CASCADE,
	"dated" date NOT NULL,
	"agreed_on" date NOT NULL,
	"cooling_off_clause" boolean NOT NULL,
	"dissolved_within_six_months" boolean DEFAULT false NOT NULL,
	"cooling_off_ends_on" date,
	"filename" text,
	"content_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"recorded_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_task_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "settlement_signed_ends_idx" ON "settlement_signed" ("cooling_off_ends_on") WHERE "cooling_off_ends_on" IS NOT NULL;
