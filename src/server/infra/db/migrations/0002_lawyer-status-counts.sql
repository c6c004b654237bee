CREATE TABLE "lawyer_status_counts" (
	"lawyer_id" uuid NOT NULL,
	"status_order" integer NOT NULL,
	"cases_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lawyer_status_counts_lawyer_id_status_order_pk" PRIMARY KEY("lawyer_id","status_order")
);
--> statement-breakpoint
-- Keep the per-lawyer, per-status counts in step with case_lawyers (inserts, deletes incl. cascades, status moves).
CREATE FUNCTION case_lawyers_count_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO lawyer_status_counts AS c (lawyer_id, status_order, cases_count) VALUES (NEW.lawyer_id, NEW.status_order, 1)
      ON CONFLICT (lawyer_id, status_order) DO UPDATE SET cases_count = c.cases_count + 1;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE lawyer_status_counts SET cases_count = cases_count - 1 WHERE lawyer_id = OLD.lawyer_id AND status_order = OLD.status_order;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER case_lawyers_count_insert_delete AFTER INSERT OR DELETE ON case_lawyers
  FOR EACH ROW EXECUTE FUNCTION case_lawyers_count_statuses();--> statement-breakpoint
CREATE TRIGGER case_lawyers_count_update AFTER UPDATE OF status_order, lawyer_id ON case_lawyers
  FOR EACH ROW WHEN (OLD.status_order IS DISTINCT FROM NEW.status_order OR OLD.lawyer_id IS DISTINCT FROM NEW.lawyer_id)
  EXECUTE FUNCTION case_lawyers_count_statuses();--> statement-breakpoint
INSERT INTO lawyer_status_counts (lawyer_id, status_order, cases_count)
  SELECT lawyer_id, status_order, count(*)::int FROM case_lawyers GROUP BY lawyer_id, status_order;
