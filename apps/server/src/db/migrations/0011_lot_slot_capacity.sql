-- Drop-off and pick-up slots (issue 24): the most cars a lot's desk takes in one 15-minute slot, drop-offs and
-- pick-ups together; NULL is unlimited. The booking's save counts a slot's drop-offs on bookings_lot_range_idx
-- (lot_id, start_datetime, ...) and its pick-ups on the index below, under the lot's row lock.
ALTER TABLE "lots" ADD COLUMN "slot_capacity" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_slot_capacity_positive" CHECK ("lots"."slot_capacity" IS NULL OR "lots"."slot_capacity" > 0);--> statement-breakpoint
CREATE INDEX "bookings_lot_end_idx" ON "bookings" USING btree ("lot_id","end_datetime");
