-- The sessions lists order by created_at desc, id desc (issue 21). Their two practitioner indexes were
-- (…, created_at DESC NULLS LAST, id): neither gives that order (DESC in an ORDER BY means NULLS FIRST, and the
-- planner does not use NOT NULL to overlook it), so every list read all of the practitioner's matching rows and
-- sorted them. Built in exactly that order, a page is read off the index (docs/performance.md).
DROP INDEX "sessions_practitioner_status_idx";--> statement-breakpoint
DROP INDEX "sessions_practitioner_created_idx";--> statement-breakpoint
CREATE INDEX "sessions_practitioner_status_idx" ON "sessions" USING btree ("practitioner_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_practitioner_created_idx" ON "sessions" USING btree ("practitioner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);