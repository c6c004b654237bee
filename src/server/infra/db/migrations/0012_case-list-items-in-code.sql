-- ==== Hand-written: the case list's items are built by the server from columns (docs/performance.md) ====
-- The JSON text each case_lawyers row carried for the list, and the triggers that wrote it, go:
-- cases/list.ts reads the columns the key triggers copy (migrations 0009 and 0010) and builds
-- each item in TypeScript.
DROP TRIGGER IF EXISTS statuses_refresh_list_heads ON statuses;--> statement-breakpoint
DROP FUNCTION IF EXISTS statuses_refresh_list_heads();--> statement-breakpoint
DROP TRIGGER IF EXISTS case_lawyers_write_list_head ON case_lawyers;--> statement-breakpoint
DROP FUNCTION IF EXISTS case_lawyers_write_list_head();--> statement-breakpoint
ALTER TABLE "case_lawyers" DROP COLUMN IF EXISTS "list_item_head";
