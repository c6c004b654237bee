-- The client's own data export: one row per request, at most one a day per client (a failed
-- build frees the day); the zip lives in the document storage until it expires after 24 hours.
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_role" text NOT NULL,
	"requested_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"storage_key" text,
	"size_bytes" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "data_exports_status" CHECK ("status" IN ('pending', 'building', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_requested_role" CHECK ("requested_role" IN ('client', 'lawyer', 'admin'))
);--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_client_day_key" ON "data_exports" USING btree ("client_id","requested_on") WHERE "data_exports"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "data_exports_client_created_idx" ON "data_exports" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_todo_idx" ON "data_exports" USING btree ("created_at") WHERE "data_exports"."status" IN ('pending', 'building');--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'ready';
