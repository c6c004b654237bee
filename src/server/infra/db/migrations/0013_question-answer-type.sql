ALTER TABLE "questions" ADD COLUMN "answer_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
-- The closing question about the end of employment is answered with a date (a date field, stored YYYY-MM-DD).
UPDATE "questions" SET "answer_type" = 'date' WHERE "audience" = 'finalization' AND "text" = 'Wat is de einddatum van het dienstverband?';
