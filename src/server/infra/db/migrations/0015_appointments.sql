CREATE TABLE "lawyer_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"until_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lawyer_absences_range" CHECK ("lawyer_absences"."from_date" <= "lawyer_absences"."until_date")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"booked_by" uuid,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_range" CHECK ("appointments"."start_at" < "appointments"."end_at"),
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" IN ('booked', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "callback_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lawyer_absences" ADD CONSTRAINT "lawyer_absences_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lawyer_absences_lawyer_idx" ON "lawyer_absences" USING btree ("lawyer_id","until_date");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_lawyer_start_key" ON "appointments" USING btree ("lawyer_id","start_at") WHERE "appointments"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_case_booked_key" ON "appointments" USING btree ("case_id") WHERE "appointments"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "appointments_lawyer_upcoming_idx" ON "appointments" USING btree ("lawyer_id","end_at") WHERE "appointments"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "appointments_reminder_idx" ON "appointments" USING btree ("start_at") WHERE "appointments"."status" = 'booked' AND "appointments"."reminder_sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "appointments_case_idx" ON "appointments" USING btree ("case_id","created_at");
