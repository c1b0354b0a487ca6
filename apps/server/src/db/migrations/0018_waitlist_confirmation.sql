-- Waitlist joins confirmed by the address's owner (issue 38): an entry is 'pending' until its emailed link is
-- opened, and holds nothing meanwhile. A row inserted without a status is unconfirmed, and the unique index of
-- the traveller's open entry covers the unconfirmed one too, so that joining again finds it.
ALTER TABLE "waitlist_entries" DROP CONSTRAINT "waitlist_entries_status_valid";
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_status_valid" CHECK ("waitlist_entries"."status" IN ('pending', 'waiting', 'offered', 'booked', 'lapsed', 'left'));
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "status" SET DEFAULT 'pending';
--> statement-breakpoint
DROP INDEX "waitlist_entries_active_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" USING btree ("lot_id","start_date","end_date","email") WHERE "waitlist_entries"."status" IN ('pending', 'waiting', 'offered');
