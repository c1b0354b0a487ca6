-- Flight-aware returns (issue 24): the local flight-status provider's flights, set by staff or a test and
-- read by every instance; and on each booking what its arriving flight did to the pick-up.
CREATE TABLE "local_flight_statuses" (
	"flight_number" text NOT NULL,
	"arrival_date" date NOT NULL,
	"state" text NOT NULL,
	"estimated_arrival" timestamp with time zone,
	"updated_by_id" integer,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_flight_statuses_pkey" PRIMARY KEY("flight_number","arrival_date"),
	CONSTRAINT "local_flight_statuses_state_valid" CHECK ("local_flight_statuses"."state" IN ('scheduled', 'delayed', 'cancelled', 'landed')),
	CONSTRAINT "local_flight_statuses_estimate_needed" CHECK ("local_flight_statuses"."state" = 'cancelled' OR "local_flight_statuses"."estimated_arrival" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "local_flight_statuses" ADD CONSTRAINT "local_flight_statuses_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_end_datetime" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_status" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_delay_minutes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_move_problem" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_checked" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_status_valid" CHECK ("bookings"."flight_status" IS NULL OR "bookings"."flight_status" IN ('delayed', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_move_problem_valid" CHECK ("bookings"."flight_move_problem" IS NULL OR "bookings"."flight_move_problem" IN ('capped', 'lot_full'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_delay_non_negative" CHECK ("bookings"."flight_delay_minutes" >= 0);
