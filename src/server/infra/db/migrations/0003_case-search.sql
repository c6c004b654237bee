ALTER TABLE "case_lawyers" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- ==== Hand-written (drizzle-kit cannot express these): Dutch sort keys and case search ====
-- Names sort and match as people read them on PGlite (no ICU) and PostgreSQL alike: keys are
-- folded once at write time (compatibility-decomposed, accents dropped, ø/ł/đ/ı/æ/œ/ß spelled
-- out, lower case) and compared in the "C" collation, so the (lawyer_id, key, case_id) indexes
-- still give the order.
CREATE FUNCTION portal_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(replace(replace(replace(replace(replace(replace(replace(
    translate(regexp_replace(normalize(t, NFKD), '[\u0300-\u036f]', '', 'g'), 'ØøĐđŁłıĦħ', 'OoDdLliHh'),
    'ß', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Þ', 'th'), 'þ', 'th'))
$$;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "case_lawyers_search_trgm_idx" ON "case_lawyers" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_lawyers_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."order", portal_fold(c.client_name), portal_fold(c.company_name), c.last_update_at,
         portal_fold(concat_ws(' ', c.client_name, c.company_name, u.email))
    INTO NEW.status_order, NEW.client_name_key, NEW.company_name_key, NEW.last_update_at, NEW.search_key
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
        search_key = portal_fold(concat_ws(' ', NEW.client_name, NEW.company_name, (SELECT u.email FROM users u WHERE u.id = NEW.client_id)))
    WHERE cl.case_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A client's new e-mail address is searchable at once (cases_client_key makes this one row).
CREATE FUNCTION users_sync_case_search_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_lawyers cl
    SET search_key = portal_fold(concat_ws(' ', c.client_name, c.company_name, NEW.email))
    FROM cases c
    WHERE c.client_id = NEW.id AND cl.case_id = c.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_sync_case_search_key AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_sync_case_search_key();--> statement-breakpoint
UPDATE case_lawyers cl
  SET client_name_key = portal_fold(c.client_name), company_name_key = portal_fold(c.company_name),
      search_key = portal_fold(concat_ws(' ', c.client_name, c.company_name, u.email))
  FROM cases c JOIN users u ON u.id = c.client_id
  WHERE c.id = cl.case_id;
