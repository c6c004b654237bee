-- The employer's KvK number on a draft invoice to the employer (copied into recipient_details at issue, like the VAT
-- id): the Dutch e-invoice (NLCIUS, rule BR-NL-10) names a Dutch buyer by its KvK number. Frozen once issued too.
ALTER TABLE "invoices" ADD COLUMN "employer_kvk" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_freeze_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND (
    NEW.number IS DISTINCT FROM OLD.number OR NEW.recipient IS DISTINCT FROM OLD.recipient
    OR NEW.recipient_details IS DISTINCT FROM OLD.recipient_details OR NEW.seller IS DISTINCT FROM OLD.seller
    OR NEW.employer_vat_id IS DISTINCT FROM OLD.employer_vat_id
    OR NEW.employer_kvk IS DISTINCT FROM OLD.employer_kvk
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
$$;
