-- The firm's view ('Inzicht'): when each case reached the steps of the client's route, when it
-- entered its present phase, when its client last used the portal and since when a client
-- message waits for an answer. The steps are stamped where they happen (workflow/apply.ts and
-- the triggers below); existing cases are filled from what the tables and audit lines hold.
ALTER TABLE "cases" ADD COLUMN "first_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "client_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "profile_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "company_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "documents_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "settlement_signed_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: the last phase change from the audit trail, else the case's creation.
UPDATE "cases" c SET "status_changed_at" = COALESCE(
  (SELECT max(a.created_at) FROM audit_events a WHERE a.case_id = c.id AND a.action IN ('case.status_changed', 'case.finished', 'case.reactivated', 'case.completed')),
  c.created_at);--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "status_changed_at" SET NOT NULL;--> statement-breakpoint
-- Sign-ins: every sign-in issues a token; the first and the last use of the client's tokens.
UPDATE "cases" c SET "first_login_at" = t.first_at, "client_active_at" = t.last_at
  FROM (SELECT user_id, min(created_at) AS first_at, max(last_used_at) AS last_at FROM tokens GROUP BY user_id) t
  WHERE t.user_id = c.client_id;--> statement-breakpoint
-- Personal and employer data complete today: the move Lead → Bijna cliënt when the audit trail
-- has it (both were complete then), else the earliest later milestone or the last save.
UPDATE "cases" c SET "profile_completed_at" = COALESCE(
    (SELECT min(a.created_at) FROM audit_events a WHERE a.case_id = c.id AND a.action = 'case.status_changed' AND a.data->>'to' = 'almost-client'),
    LEAST(u.updated_at, c.offer_chosen_at, c.proposal_sent_at, c.proposal_signed_at))
  FROM users u
  WHERE u.id = c.client_id
    AND coalesce(btrim(u.name), '') <> '' AND coalesce(btrim(u.last_name), '') <> '' AND coalesce(btrim(u.phone_number), '') <> ''
    AND coalesce(btrim(u.street), '') <> '' AND coalesce(btrim(u.house_number), '') <> '' AND coalesce(btrim(u.postcode), '') <> ''
    AND coalesce(btrim(u.city), '') <> '';--> statement-breakpoint
UPDATE "cases" c SET "company_completed_at" = COALESCE(
    (SELECT min(a.created_at) FROM audit_events a WHERE a.case_id = c.id AND a.action = 'case.status_changed' AND a.data->>'to' = 'almost-client'),
    LEAST(c.last_update_at, c.offer_chosen_at, c.proposal_sent_at, c.proposal_signed_at))
  WHERE coalesce(btrim(c.company_name), '') <> '' AND coalesce(btrim(c.company_house_number), '') <> '' AND coalesce(btrim(c.company_postcode), '') <> ''
    AND coalesce(btrim(c.company_city), '') <> '' AND coalesce(btrim(c.contact_email), '') <> '' AND coalesce(btrim(c.contact_phone_number), '') <> '';--> statement-breakpoint
-- Mandatory documents complete: a signed case with no mandatory document open.
UPDATE "cases" c SET "documents_completed_at" = COALESCE(
    (SELECT min(a.created_at) FROM audit_events a WHERE a.case_id = c.id AND a.action = 'case.status_changed' AND a.data->>'to' = 'reviewing-documents'),
    GREATEST(c.proposal_signed_at, (SELECT max(d.uploaded_at) FROM documents d WHERE d.case_id = c.id AND d.mandatory)))
  WHERE c.proposal_signed_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.case_id = c.id AND d.mandatory AND d.status IN ('Not Uploaded', 'Rejected'));--> statement-breakpoint
-- The signed settlement agreement, as recorded.
UPDATE "cases" c SET "settlement_signed_at" = s.recorded_at FROM settlement_signed s WHERE s.case_id = c.id;--> statement-breakpoint
-- A client message waits for an answer since the first client message after the last lawyer message.
UPDATE "cases" c SET "awaiting_reply_since" = w.since
  FROM (
    SELECT m.case_id, min(m.created_at) AS since FROM messages m
    WHERE m.author_role = 'client'
      AND m.created_at > COALESCE((SELECT max(l.created_at) FROM messages l WHERE l.case_id = m.case_id AND l.author_role = 'lawyer'), '-infinity'::timestamptz)
    GROUP BY m.case_id
  ) w
  WHERE w.case_id = c.id;--> statement-breakpoint
-- A new case has been in its phase since its creation; a phase change stamps its moment (the
-- writer's last_update_at: the workflow sets both with the same clock).
CREATE FUNCTION cases_stamp_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.status_changed_at := COALESCE(NEW.status_changed_at, NEW.created_at);
  ELSIF NEW.status_slug IS DISTINCT FROM OLD.status_slug THEN
    NEW.status_changed_at := GREATEST(NEW.last_update_at, OLD.status_changed_at);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cases_stamp_status_change BEFORE INSERT OR UPDATE OF status_slug ON cases
  FOR EACH ROW EXECUTE FUNCTION cases_stamp_status_change();--> statement-breakpoint
-- A token is issued at every sign-in and its last use is recorded at most once a minute: the
-- client's first sign-in and last activity, on their case (staff have no case of their own).
CREATE FUNCTION tokens_stamp_client_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cases SET
    first_login_at = COALESCE(first_login_at, NEW.created_at),
    client_active_at = GREATEST(client_active_at, NEW.last_used_at)
  WHERE client_id = NEW.user_id
    AND (first_login_at IS NULL OR client_active_at IS NULL OR client_active_at < NEW.last_used_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tokens_stamp_client_activity AFTER INSERT OR UPDATE OF last_used_at ON tokens
  FOR EACH ROW EXECUTE FUNCTION tokens_stamp_client_activity();--> statement-breakpoint
-- A client message starts the wait (unless one already waits); a lawyer message ends it; a
-- deleted message (its author may delete it within minutes) makes the case count again.
CREATE FUNCTION messages_stamp_awaiting_reply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.author_role = 'client' THEN
      UPDATE cases SET awaiting_reply_since = NEW.created_at WHERE id = NEW.case_id AND awaiting_reply_since IS NULL;
    ELSE
      UPDATE cases SET awaiting_reply_since = NULL WHERE id = NEW.case_id AND awaiting_reply_since IS NOT NULL;
    END IF;
  ELSE
    UPDATE cases SET awaiting_reply_since = (
      SELECT min(m.created_at) FROM messages m
      WHERE m.case_id = OLD.case_id AND m.author_role = 'client'
        AND m.created_at > COALESCE((SELECT max(l.created_at) FROM messages l WHERE l.case_id = OLD.case_id AND l.author_role = 'lawyer'), '-infinity'::timestamptz))
    WHERE id = OLD.case_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_stamp_awaiting_reply AFTER INSERT OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_stamp_awaiting_reply();--> statement-breakpoint
-- The first recording of the signed settlement agreement (a correction later keeps that moment),
-- on the case, so the funnel reads one table.
CREATE FUNCTION settlement_signed_stamp_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cases SET settlement_signed_at = NEW.recorded_at WHERE id = NEW.case_id AND settlement_signed_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER settlement_signed_stamp_case AFTER INSERT OR UPDATE ON settlement_signed
  FOR EACH ROW EXECUTE FUNCTION settlement_signed_stamp_case();--> statement-breakpoint
-- The funnel reads the cases created in a period; the stuck list reads each reason through
-- its own partial index, oldest first, a page at a time.
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cases_client_idle_idx" ON "cases" USING btree ((GREATEST("client_active_at", "status_changed_at")))
  WHERE "status_slug" IN ('lead', 'almost-client', 'proposal', 'incomplete-case-file');--> statement-breakpoint
CREATE INDEX "cases_awaiting_reply_idx" ON "cases" USING btree ("awaiting_reply_since") WHERE "awaiting_reply_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cases_letter_unsigned_idx" ON "cases" USING btree ("proposal_sent_at") WHERE "status_slug" = 'proposal';--> statement-breakpoint
CREATE INDEX "cases_letter_unsent_idx" ON "cases" USING btree ("offer_chosen_at") WHERE "status_slug" = 'offer-chosen';
