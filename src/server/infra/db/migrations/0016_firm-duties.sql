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
--> statement-breakpoint
-- Complaints: the firm's complaints officer (an admin) handles them, never the lawyer concerned.
ALTER TABLE "users" ADD COLUMN "complaints_officer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"lawyer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"handling" text,
	"outcome" text,
	"officer_id" uuid,
	"answer_by" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_client_idx" ON "complaints" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "complaints_case_idx" ON "complaints" USING btree ("case_id");
