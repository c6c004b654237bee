ALTER TABLE "case_lawyers" ADD COLUMN "status_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "client_name_key" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "company_name_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "case_lawyers" ADD COLUMN "last_update_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "case_lawyers_lawyer_status_idx" ON "case_lawyers" USING btree ("lawyer_id","status_order","client_name_key","case_id");--> statement-breakpoint
CREATE INDEX "case_lawyers_lawyer_client_idx" ON "case_lawyers" USING btree ("lawyer_id","client_name_key","case_id");--> statement-breakpoint
CREATE INDEX "case_lawyers_lawyer_company_idx" ON "case_lawyers" USING btree ("lawyer_id","company_name_key","case_id");--> statement-breakpoint
CREATE INDEX "case_lawyers_lawyer_updated_idx" ON "case_lawyers" USING btree ("lawyer_id","last_update_at","case_id");--> statement-breakpoint
-- Keep the copied sort keys in sync with the case on every write path (triggers, not callers).
CREATE FUNCTION case_lawyers_copy_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."order", lower(c.client_name), lower(c.company_name), c.last_update_at
    INTO NEW.status_order, NEW.client_name_key, NEW.company_name_key, NEW.last_update_at
    FROM cases c JOIN statuses s ON s.slug = c.status_slug
    WHERE c.id = NEW.case_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER case_lawyers_copy_keys BEFORE INSERT OR UPDATE OF case_id ON case_lawyers
  FOR EACH ROW EXECUTE FUNCTION case_lawyers_copy_keys();--> statement-breakpoint
CREATE FUNCTION cases_sync_lawyer_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_lawyers cl
    SET status_order = (SELECT s."order" FROM statuses s WHERE s.slug = NEW.status_slug),
        client_name_key = lower(NEW.client_name),
        company_name_key = lower(NEW.company_name),
        last_update_at = NEW.last_update_at
    WHERE cl.case_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER cases_sync_lawyer_keys AFTER UPDATE OF status_slug, client_name, company_name, last_update_at ON cases
  FOR EACH ROW
  WHEN (OLD.status_slug IS DISTINCT FROM NEW.status_slug OR OLD.client_name IS DISTINCT FROM NEW.client_name
        OR OLD.company_name IS DISTINCT FROM NEW.company_name OR OLD.last_update_at IS DISTINCT FROM NEW.last_update_at)
  EXECUTE FUNCTION cases_sync_lawyer_keys();--> statement-breakpoint
UPDATE case_lawyers cl
  SET status_order = s."order", client_name_key = lower(c.client_name), company_name_key = lower(c.company_name), last_update_at = c.last_update_at
  FROM cases c JOIN statuses s ON s.slug = c.status_slug
  WHERE c.id = cl.case_id;
