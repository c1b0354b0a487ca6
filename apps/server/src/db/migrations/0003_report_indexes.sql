-- The reports (src/reports/): complete bookings by drop-off (with booking type and total, for the booking-type
-- stats) and by pick-up (with the id the extras stats join on), as index-only scans over months of history;
-- and the few bookings with a balance owing (the income owed report). Generated from schema/bookings.ts.
CREATE INDEX "bookings_complete_start_idx" ON "bookings" USING btree ("start_datetime","booking_type","total_cost") WHERE status = 'complete';--> statement-breakpoint
CREATE INDEX "bookings_complete_end_idx" ON "bookings" USING btree ("end_datetime","id") WHERE status = 'complete';--> statement-breakpoint
CREATE INDEX "bookings_owing_idx" ON "bookings" USING btree ("end_datetime") WHERE status = 'complete' AND total_cost > amount_paid;