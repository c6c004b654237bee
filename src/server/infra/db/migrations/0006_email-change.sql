-- hand-written (i11, must run first): open login codes were keyed by user; they live 10 minutes, so
-- they are dropped rather than converted (the address HMAC cannot be computed in SQL).
DELETE FROM "login_codes";--> statement-breakpoint
-- end of hand-written block
DROP INDEX "login_codes_user_created_idx";--> statement-breakpoint
ALTER TABLE "login_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "key_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "login_codes_key_created_idx" ON "login_codes" USING btree ("key_hash","purpose","created_at");--> statement-breakpoint
CREATE INDEX "login_codes_user_created_idx" ON "login_codes" USING btree ("user_id","purpose","created_at");