-- Invoices and payments (art. 35a Wet OB). Invoices are the firm's books: kept seven years
-- whatever happens to the client's account or the case file (art. 52 AWR), so they carry no
-- foreign key to cases or users (deleting those must not take an invoice along) and hold a copy of
-- the seller and the recipient as printed. An issued invoice never changes and no invoice is ever
-- deleted: triggers refuse it, whatever the code does.
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient" text NOT NULL,
	"recipient_details" jsonb,
	"employer_vat_id" text,
	"seller" jsonb,
	"number" text,
	"year" integer,
	"sequence" integer,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"issue_date" date,
	"due_date" date,
	"reference" text,
	"service_from" date,
	"service_to" date,
	"paid_at" timestamp with time zone,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"credits" uuid REFERENCES "invoices"("id"),
	"reminder_sent_at" timestamp with time zone,
	"letter_sent_at" timestamp with time zone,
	"task_mailed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("status" IN ('draft', 'open', 'paid', 'credited')),
	CONSTRAINT "invoices_recipient_check" CHECK ("recipient" IN ('client', 'employer')),
	CONSTRAINT "invoices_issued_check" CHECK (("status" = 'draft') = ("number" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("year", "sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_key" ON "invoices" USING btree ("credits");--> statement-breakpoint
CREATE INDEX "invoices_case_idx" ON "invoices" USING btree ("case_id", "created_at");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"vat_rate" integer NOT NULL,
	CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("invoice_id", "position")
);--> statement-breakpoint
-- Payments at Mollie (id 'tr_…'), with their last known status as Mollie reported it.
CREATE TABLE "invoice_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"checkout_url" text,
	"paid_at" timestamp with time zone,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE FUNCTION invoices_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are never deleted' USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_no_delete BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_refuse_delete();--> statement-breakpoint
CREATE FUNCTION invoices_freeze_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND (
    NEW.number IS DISTINCT FROM OLD.number OR NEW.recipient IS DISTINCT FROM OLD.recipient
    OR NEW.recipient_details IS DISTINCT FROM OLD.recipient_details OR NEW.seller IS DISTINCT FROM OLD.seller
    OR NEW.employer_vat_id IS DISTINCT FROM OLD.employer_vat_id
    OR NEW.subtotal_cents IS DISTINCT FROM OLD.subtotal_cents OR NEW.vat_cents IS DISTINCT FROM OLD.vat_cents
    OR NEW.total_cents IS DISTINCT FROM OLD.total_cents OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
    OR NEW.issue_date IS DISTINCT FROM OLD.issue_date OR NEW.due_date IS DISTINCT FROM OLD.due_date
    OR NEW.reference IS DISTINCT FROM OLD.reference OR NEW.service_from IS DISTINCT FROM OLD.service_from
    OR NEW.service_to IS DISTINCT FROM OLD.service_to OR NEW.credits IS DISTINCT FROM OLD.credits
    OR NEW.case_id IS DISTINCT FROM OLD.case_id OR NEW.client_id IS DISTINCT FROM OLD.client_id
  ) THEN
    RAISE EXCEPTION 'an issued invoice never changes' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_freeze_issued();--> statement-breakpoint
CREATE FUNCTION invoice_lines_freeze_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM invoices
    WHERE id IN (
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.invoice_id END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.invoice_id END
    ) AND status <> 'draft'
  ) THEN
    RAISE EXCEPTION 'an issued invoice never changes' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoice_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_lines_freeze_issued();
