ALTER TABLE "case_lawyers" ADD COLUMN "list_item_head" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- ==== Hand-written: the case list's items written once per change, not once per read (decision 030) ====
-- A row's item of the lawyer's list (contract/cases CaseListItem) as JSON text up to its package:
-- `{"id":…,"client_name":…,"company_name":…,"status":{"slug":…,"display_name":…,"order":…},
-- "last_update_at":…,"pending_documents":…,"offer":`. The list appends the package's JSON (from
-- the contract, bound by cases/list.ts) and `}`. Each text through to_json, which escapes it as
-- JSON; last_update_at as Date.toISOString writes it (UTC, milliseconds). Named to fire after
-- case_lawyers_copy_keys and case_lawyers_start_pending (BEFORE triggers fire in name order),
-- so it writes what they copied and counted.
CREATE FUNCTION case_lawyers_write_list_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
  v_order integer;
BEGIN
  SELECT s.display_name, s."order" INTO v_name, v_order FROM statuses s WHERE s.slug = NEW.status_slug;
  NEW.list_item_head := concat('{"id":"', NEW.case_id, '","client_name":', to_json(NEW.client_name),
    ',"company_name":', coalesce(to_json(NEW.company_name)::text, 'null'),
    ',"status":{"slug":', to_json(NEW.status_slug), ',"display_name":', coalesce(to_json(v_name)::text, 'null'),
    ',"order":', coalesce(v_order::text, 'null'),
    '},"last_update_at":"', to_char(NEW.last_update_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    '","pending_documents":', NEW.pending_documents, ',"offer":');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER case_lawyers_write_list_head BEFORE INSERT OR UPDATE ON case_lawyers
  FOR EACH ROW EXECUTE FUNCTION case_lawyers_write_list_head();--> statement-breakpoint
-- A status's name or order is part of every head that shows it (the catalogue keeps them, but
-- a firm's own change must reach the list too).
CREATE FUNCTION statuses_refresh_list_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_lawyers SET list_item_head = '' WHERE status_slug = NEW.slug;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER statuses_refresh_list_heads AFTER UPDATE OF display_name, "order" ON statuses
  FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD."order" IS DISTINCT FROM NEW."order")
  EXECUTE FUNCTION statuses_refresh_list_heads();--> statement-breakpoint
UPDATE case_lawyers SET list_item_head = '';
