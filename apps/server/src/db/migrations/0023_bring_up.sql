-- The return trip (issue 41): each booking's bring-up (db/schema/bring-up.ts), and its notification on
-- parking_changes (migration 0004's channel, db/change-feed.ts): 'bring_ups:' and the changed bookings' ids,
-- comma-separated (the table's name alone for more than 200 rows, or a truncate), so that every instance's
-- board and traveller streams send the changed cards.
CREATE TABLE "bring_ups" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'expected' NOT NULL,
	"arrival" timestamp with time zone,
	"landed_at" timestamp with time zone,
	"asked_at" timestamp with time zone,
	"asked_by" text,
	"bringing_at" timestamp with time zone,
	"bringing_by" text,
	"bringing_user_id" integer,
	"ready_at" timestamp with time zone,
	"bay" text,
	"handed_back_at" timestamp with time zone,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bring_ups_state_valid" CHECK ("bring_ups"."state" IN ('expected', 'landed', 'asked', 'bringing', 'ready', 'handed_back')),
	CONSTRAINT "bring_ups_asked_by_valid" CHECK ("bring_ups"."asked_by" IS NULL OR "bring_ups"."asked_by" IN ('traveller', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "bring_ups" ADD CONSTRAINT "bring_ups_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bring_ups" ADD CONSTRAINT "bring_ups_bringing_user_id_users_id_fk" FOREIGN KEY ("bringing_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parking_notify_bring_ups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  total int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(DISTINCT booking_id::text, ',') INTO total, ids FROM old_rows;
  ELSE
    SELECT count(*), string_agg(DISTINCT booking_id::text, ',') INTO total, ids FROM new_rows;
  END IF;
  IF total = 0 THEN
    RETURN NULL;
  ELSIF total > 200 OR ids IS NULL THEN
    PERFORM pg_notify('parking_changes', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('parking_changes', TG_TABLE_NAME || ':' || ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bring_ups_notify_insert AFTER INSERT ON "bring_ups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_bring_ups();
--> statement-breakpoint
CREATE TRIGGER bring_ups_notify_update AFTER UPDATE ON "bring_ups"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_bring_ups();
--> statement-breakpoint
CREATE TRIGGER bring_ups_notify_delete AFTER DELETE ON "bring_ups"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_bring_ups();
--> statement-breakpoint
CREATE TRIGGER bring_ups_notify_truncate AFTER TRUNCATE ON "bring_ups"
  FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
