-- Web Push: the VAPID key pair made once when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset (one
-- row; the first instance to start writes it, the others read it), each device's subscription,
-- and the push outbox (one row per notice and device, sent and retried by the push worker).
-- `email_notices`: the e-mail channel of the notices ('Meldingen'); off, no optional mail goes.
ALTER TABLE "users" ADD COLUMN "email_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "push_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_keys_one_row" CHECK ("push_keys"."id" = 1)
);--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_id" uuid,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_token_idx" ON "push_subscriptions" USING btree ("token_id") WHERE "push_subscriptions"."token_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tag" text NOT NULL,
	"ref" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"dedupe_key" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_outbox_status" CHECK ("push_outbox"."status" IN ('pending', 'sent', 'failed', 'skipped'))
);--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE "push_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id","status");--> statement-breakpoint
CREATE INDEX "push_outbox_status_created_idx" ON "push_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_dedupe_key" ON "push_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_pending_tag_key" ON "push_outbox" USING btree ("subscription_id","tag") WHERE "push_outbox"."status" = 'pending';--> statement-breakpoint
-- A session that ends by logout (or any revocation) takes the subscriptions it made with it.
CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE token_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tokens_revoked_end_push AFTER UPDATE OF revoked_at ON tokens
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION push_subscriptions_end_with_session();
