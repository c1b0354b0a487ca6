CREATE TABLE "partner_push_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_push_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_id" integer,
	"partner_id" integer,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"from_date" date,
	"to_date" date,
	"dedupe_key" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_push_changes_dedupe_idx" ON "partner_push_changes" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "partner_push_changes_claimed_idx" ON "partner_push_changes" USING btree ("claimed_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_webhooks_partner_idx" ON "partner_webhooks" USING btree ("partner_id");
--> statement-breakpoint
-- Issue 42, item 3: every change that may alter what partners may sell leaves a row in partner_push_changes, in
-- the changing transaction, whoever writes (any instance, a sweep, a psql session); an instance claims the rows
-- and queues the availability pushes (partners/partner-push.ts). The insert is announced on parking_changes, so
-- that every instance hears it within milliseconds.
CREATE OR REPLACE FUNCTION partner_push_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.lot_id, OLD.start_datetime, OLD.end_datetime, OLD.status, OLD.partner_id)
       IS NOT DISTINCT FROM (NEW.lot_id, NEW.start_datetime, NEW.end_datetime, NEW.status, NEW.partner_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO partner_push_changes (lot_id, from_at, to_at) VALUES (OLD.lot_id, OLD.start_datetime, OLD.end_datetime);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO partner_push_changes (lot_id, from_at, to_at) VALUES (NEW.lot_id, NEW.start_datetime, NEW.end_datetime);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_partner_push AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION partner_push_booking();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_push_blockout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Parking closures only: the online form's and the extras' blockouts do not change what a partner sells.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.block_type = 'parking' THEN
    INSERT INTO partner_push_changes (from_at, to_at) VALUES (OLD.start_datetime, OLD.end_datetime);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.block_type = 'parking' THEN
    INSERT INTO partner_push_changes (from_at, to_at) VALUES (NEW.start_datetime, NEW.end_datetime);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blockout_periods_partner_push AFTER INSERT OR UPDATE OR DELETE ON blockout_periods FOR EACH ROW EXECUTE FUNCTION partner_push_blockout();
--> statement-breakpoint
-- A lot's places, fill threshold or slot limit: its whole horizon.
CREATE OR REPLACE FUNCTION partner_push_lot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.spaces, OLD.fill_rate_threshold, OLD.slot_capacity)
       IS DISTINCT FROM (NEW.spaces, NEW.fill_rate_threshold, NEW.slot_capacity) THEN
    INSERT INTO partner_push_changes (lot_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lots_partner_push AFTER UPDATE ON lots FOR EACH ROW EXECUTE FUNCTION partner_push_lot();
--> statement-breakpoint
-- An allotment held for one partner changes what every partner may sell in the lot: the whole horizon.
CREATE OR REPLACE FUNCTION partner_push_allotment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_push_changes (lot_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.lot_id ELSE NEW.lot_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER partner_allotments_partner_push AFTER INSERT OR UPDATE OR DELETE ON partner_allotments FOR EACH ROW EXECUTE FUNCTION partner_push_allotment();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_push_stop_sell() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO partner_push_changes (lot_id, partner_id, from_date, to_date) VALUES (OLD.lot_id, OLD.partner_id, OLD.start_date, OLD.end_date);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO partner_push_changes (lot_id, partner_id, from_date, to_date) VALUES (NEW.lot_id, NEW.partner_id, NEW.start_date, NEW.end_date);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER partner_stop_sells_partner_push AFTER INSERT OR UPDATE OR DELETE ON partner_stop_sells FOR EACH ROW EXECUTE FUNCTION partner_push_stop_sell();
--> statement-breakpoint
CREATE TRIGGER partner_push_changes_notify AFTER INSERT ON partner_push_changes FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
