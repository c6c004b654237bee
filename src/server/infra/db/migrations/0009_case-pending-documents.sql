ALTER TABLE "case_lawyers" ADD COLUMN "pending_documents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The case list's pending documents per (case, lawyer): documents uploaded and not viewed by
-- the lawyer since. Counted again (not added to) whenever what it depends on changes, so it
-- cannot drift.
CREATE FUNCTION pending_documents_of(p_case_id uuid, p_lawyer_id uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM documents d
  WHERE d.case_id = p_case_id AND d.uploaded_at IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM document_views v
      WHERE v.document_id = d.id AND v.user_id = p_lawyer_id AND v.viewed_at >= d.uploaded_at)
$$;--> statement-breakpoint
-- The cases are locked first (in id order), as every update of a case does before its
-- triggers write case_lawyers: an upload that wrote case_lawyers before touching its case
-- would deadlock with a status change of that case. A second transaction counting the same
-- case waits here, and its count (a new statement of this VOLATILE function, so a new
-- snapshot) then sees the first one's rows. NO KEY UPDATE leaves foreign-key checks free.
CREATE FUNCTION case_lawyers_count_pending(p_case_ids uuid[], p_lawyer_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_case_ids IS NULL OR cardinality(p_case_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM cases WHERE id = ANY (p_case_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE case_lawyers cl SET pending_documents = pending_documents_of(cl.case_id, cl.lawyer_id)
    WHERE cl.case_id = ANY (p_case_ids) AND (p_lawyer_id IS NULL OR cl.lawyer_id = p_lawyer_id);
END;
$$;--> statement-breakpoint
-- Inserted and deleted documents: one function, each trigger naming its rows changed_rows.
CREATE FUNCTION documents_count_pending_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM case_lawyers_count_pending(array_agg(DISTINCT c.case_id), NULL) FROM changed_rows c WHERE c.uploaded_at IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER documents_count_pending_inserted AFTER INSERT ON documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_pending_changed();--> statement-breakpoint
CREATE TRIGGER documents_count_pending_deleted AFTER DELETE ON documents
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_pending_changed();--> statement-breakpoint
CREATE FUNCTION documents_count_pending_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM case_lawyers_count_pending(array_agg(DISTINCT c.case_id), NULL)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.case_id), (o.case_id)) c(case_id)
    WHERE n.uploaded_at IS DISTINCT FROM o.uploaded_at OR n.case_id IS DISTINCT FROM o.case_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER documents_count_pending_updated AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_pending_updated();--> statement-breakpoint
-- A view (or its removal) changes the count of one lawyer on the document's case. When the
-- document itself is being deleted, its own trigger counts the case.
CREATE FUNCTION document_views_count_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_document_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END;
  v_user_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM case_lawyers_count_pending(ARRAY[d.case_id], v_user_id) FROM documents d WHERE d.id = v_document_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER document_views_count_pending AFTER INSERT OR UPDATE OR DELETE ON document_views
  FOR EACH ROW EXECUTE FUNCTION document_views_count_pending();--> statement-breakpoint
-- A lawyer added to a case (or a row moved to another case or lawyer) starts with the count.
CREATE FUNCTION case_lawyers_start_pending() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pending_documents := pending_documents_of(NEW.case_id, NEW.lawyer_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER case_lawyers_start_pending BEFORE INSERT OR UPDATE OF case_id, lawyer_id ON case_lawyers
  FOR EACH ROW EXECUTE FUNCTION case_lawyers_start_pending();--> statement-breakpoint
UPDATE case_lawyers SET pending_documents = pending_documents_of(case_id, lawyer_id);
