ALTER TABLE "case_lawyers" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "status_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "offer" text;--> statement-breakpoint
-- ==== Hand-written: the case list's columns copied by the key triggers (decision 027) ====
-- The list reads a page's names, status and package from case_lawyers, like its sort keys
-- (0001, 0003), so it no longer looks up each row in cases.
CREATE OR REPLACE FUNCTION case_lawyers_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."order", portal_fold(c.client_name), portal_fold(c.company_name), c.last_update_at,
         portal_fold(concat_ws(' ', c.client_name, c.company_name, u.email)),
         c.client_name, c.company_name, c.status_slug, c.offer
    INTO NEW.status_order, NEW.client_name_key, NEW.company_name_key, NEW.last_update_at, NEW.search_key,
         NEW.client_name, NEW.company_name, NEW.status_slug, NEW.offer
    FROM cases c JOIN statuses s ON s.slug = c.status_slug JOIN users u ON u.id = c.client_id
    WHERE c.id = NEW.case_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cases_sync_lawyer_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_lawyers cl
    SET status_order = (SELECT s."order" FROM statuses s WHERE s.slug = NEW.status_slug),
        client_name_key = portal_fold(NEW.client_name),
        company_name_key = portal_fold(NEW.company_name),
        last_update_at = NEW.last_update_at,
        search_key = portal_fold(concat_ws(' ', NEW.client_name, NEW.company_name, (SELECT u.email FROM users u WHERE u.id = NEW.client_id))),
        client_name = NEW.client_name,
        company_name = NEW.company_name,
        status_slug = NEW.status_slug,
        offer = NEW.offer
    WHERE cl.case_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER cases_sync_lawyer_keys ON cases;--> statement-breakpoint
CREATE TRIGGER cases_sync_lawyer_keys AFTER UPDATE OF status_slug, client_name, company_name, last_update_at, offer ON cases
  FOR EACH ROW
  WHEN (OLD.status_slug IS DISTINCT FROM NEW.status_slug OR OLD.client_name IS DISTINCT FROM NEW.client_name
        OR OLD.company_name IS DISTINCT FROM NEW.company_name OR OLD.last_update_at IS DISTINCT FROM NEW.last_update_at
        OR OLD.offer IS DISTINCT FROM NEW.offer)
  EXECUTE FUNCTION cases_sync_lawyer_keys();--> statement-breakpoint
UPDATE case_lawyers cl
  SET client_name = c.client_name, company_name = c.company_name, status_slug = c.status_slug, offer = c.offer
  FROM cases c
  WHERE c.id = cl.case_id;
