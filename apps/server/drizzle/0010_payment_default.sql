ALTER TABLE "payment_details" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each practice's oldest payment details become its default, as the first added is from now on.
UPDATE "payment_details" AS p SET "is_default" = true WHERE p."id" = (SELECT q."id" FROM "payment_details" AS q WHERE q."practitioner_id" = p."practitioner_id" ORDER BY q."created_at", q."id" LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_details_one_default_idx" ON "payment_details" USING btree ("practitioner_id") WHERE "payment_details"."is_default";
