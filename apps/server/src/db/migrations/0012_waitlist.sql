CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nonce" text NOT NULL,
	"email" text NOT NULL,
	"lot_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"hold_expires_at" timestamp with time zone,
	"booking_id" integer,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_valid" CHECK ("waitlist_entries"."status" IN ('waiting', 'offered', 'booked', 'lapsed', 'left')),
	CONSTRAINT "waitlist_entries_dates_ordered" CHECK ("waitlist_entries"."end_date" >= "waitlist_entries"."start_date")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" USING btree ("lot_id","start_date","end_date","email") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_lot_status_idx" ON "waitlist_entries" USING btree ("lot_id","status","created");
--> statement-breakpoint
CREATE INDEX "waitlist_entries_hold_idx" ON "waitlist_entries" USING btree ("status","hold_expires_at");
--> statement-breakpoint
-- A hold counts against capacity in the quotes (services/quote-cache.ts): its changes are announced like
-- the bookings' (migration 0004), so that every instance drops the quotes it holds.
CREATE TRIGGER waitlist_entries_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waitlist_entries FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
