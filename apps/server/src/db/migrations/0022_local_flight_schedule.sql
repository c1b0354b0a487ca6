-- The local flight-status provider records when each flight is timetabled to land (issue 38): a flight
-- moves a booking's pick-up, and is accepted on a traveller's change, only when it is scheduled on the
-- return day near the booked pick-up. Flights set before this have no schedule and move nothing.
ALTER TABLE "local_flight_statuses" ADD COLUMN "scheduled_arrival" timestamp with time zone;
