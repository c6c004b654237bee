-- The withdrawal right on the engagement: the period's end and the client's choice to let the
-- firm start inside it, on the case and with the signature evidence; an earlier signature that
-- was withdrawn keeps its evidence here after the case's own signature row is released.
ALTER TABLE "cases" ADD COLUMN "withdrawal_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "start_consent" boolean;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD COLUMN "start_consent" boolean;--> statement-breakpoint
ALTER TABLE "proposal_signatures" ADD COLUMN "withdrawal_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "engagement_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	"start_consent" boolean,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"letter_document_id" uuid,
	"signed_document_id" uuid
);--> statement-breakpoint
ALTER TABLE "engagement_withdrawals" ADD CONSTRAINT "engagement_withdrawals_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_withdrawals_case_idx" ON "engagement_withdrawals" USING btree ("case_id","withdrawn_at");
