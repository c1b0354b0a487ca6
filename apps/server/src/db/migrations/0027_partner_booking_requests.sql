-- The partner API's booking requests by Idempotency-Key (issue 42): claimed in the booking's transaction, so that
-- a retry, or a concurrent one held by the unique index until the first commits, is answered what the first was.
CREATE TABLE "partner_booking_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_booking_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"booking_id" integer,
	"response_status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_booking_requests" ADD CONSTRAINT "partner_booking_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_booking_requests" ADD CONSTRAINT "partner_booking_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_booking_requests_key_idx" ON "partner_booking_requests" USING btree ("partner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "partner_booking_requests_booking_idx" ON "partner_booking_requests" USING btree ("booking_id");
