CREATE TABLE "booking_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"extras" jsonb,
	"changed" jsonb NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payment_intent_id" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"hold_first" date,
	"hold_last" date,
	"hold2_first" date,
	"hold2_last" date,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_status_valid" CHECK ("booking_changes"."status" IN ('awaiting_payment', 'applied', 'refused', 'superseded', 'cancelled')),
	CONSTRAINT "booking_changes_amount_positive" CHECK ("booking_changes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text,
	"key" text NOT NULL,
	"created_by_id" integer,
	"at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_movements_kind_valid" CHECK ("booking_movements"."kind" IN ('payment', 'refund')),
	CONSTRAINT "booking_movements_amount_positive" CHECK ("booking_movements"."amount" > 0),
	CONSTRAINT "booking_movements_method_valid" CHECK ("booking_movements"."method" IN ('stripe', 'cash', 'eftpos', 'visa', 'mastercard', 'cheque', 'account', 'Payment on return'))
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_movements" ADD CONSTRAINT "booking_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_movements" ADD CONSTRAINT "booking_movements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_changes_intent_idx" ON "booking_changes" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "booking_changes_awaiting_idx" ON "booking_changes" USING btree ("created") WHERE status = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "booking_movements_key_key" ON "booking_movements" USING btree ("key");--> statement-breakpoint
CREATE INDEX "booking_movements_booking_idx" ON "booking_movements" USING btree ("booking_id","at");--> statement-breakpoint
-- A change awaiting payment holds the days it adds: quotes must hear of it like of a booking (0004).
CREATE TRIGGER booking_changes_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_changes FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
-- The money paid before the ledger existed becomes each booking's opening movement, by the method the
-- booking recorded (services/ledger.ts openingBalances does the same for rows written without one).
INSERT INTO booking_movements (booking_id, kind, method, amount, reference, key, at, note)
SELECT b.id, 'payment', coalesce(b.payment_method, 'cash'), b.amount_paid,
       CASE WHEN b.payment_method = 'stripe' THEN b.payment_intent_id END,
       'opening:' || b.id, coalesce(b.payment_datetime, b.updated), 'Paid before the ledger'
FROM bookings b
WHERE b.amount_paid > 0;
