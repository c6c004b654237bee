-- The redline of each settlement version against the one before it, computed once when the
-- version is stored (in the text worker) and only read afterwards: {"parts": [{"op", "text"}],
-- "too_many_changes": bool}. NULL until computed: versions stored before this migration get theirs
-- from the background job 'settlement-redlines' (settlement/redline-job.ts).
ALTER TABLE "settlement_versions" ADD COLUMN "redline" jsonb;
