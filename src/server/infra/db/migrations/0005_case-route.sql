CREATE TABLE "proposal_signatures" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"signer_id" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"typed_name" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"letter_document_id" uuid,
	"signed_document_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "proposal_document_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "proposal_sha256" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "proposal_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD CONSTRAINT "proposal_signatures_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_case_idx" ON "audit_events" USING btree ("case_id","created_at","id");--> statement-breakpoint
-- Hand-written (case-route): give earlier audit lines their case, so the timeline shows them.
UPDATE audit_events SET case_id = subject_id::uuid
  WHERE case_id IS NULL AND subject_type = 'case' AND subject_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE audit_events SET case_id = (data->>'case_id')::uuid
  WHERE case_id IS NULL AND subject_type = 'document' AND data->>'case_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
