-- Stays overlapping a date range (fill rates and quotes, services/pricing-data.ts): a GiST index on the
-- booking's period finds only the overlapping stays, however long the history, where a B-tree on
-- (lot_id, start_datetime, end_datetime) can bound only one side and scans every earlier booking.
-- '[]' so that a stay ending exactly at a midnight counts on the day it starts. The INCLUDE columns
-- are everything the presence query reads, so that it runs as an index-only scan.
-- Hand-written: Drizzle's schema cannot declare INCLUDE (see schema/bookings.ts).
CREATE INDEX "bookings_period_idx" ON "bookings" USING gist (tstzrange("start_datetime", "end_datetime", '[]'))
  INCLUDE ("lot_id", "status", "created", "start_datetime", "end_datetime");
