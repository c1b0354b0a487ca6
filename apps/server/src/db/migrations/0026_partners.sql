-- Partners (issue 42): resellers selling through the partner API, their hashed API keys, the places held for
-- each in a lot until a set number of hours before the day, and their stop-sells. A booking names the partner
-- that sold it, so that its places count against that partner's allotment first.
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"commission_rate" numeric(6, 4) NOT NULL,
	"status" text DEFAULT 'sandbox' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_status_valid" CHECK ("partners"."status" IN ('sandbox', 'live', 'paused'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "partners_name_idx" ON "partners" USING btree ("name");
--> statement-breakpoint
CREATE TABLE "partner_api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"label" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_idx" ON "partner_api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX "partner_api_keys_partner_idx" ON "partner_api_keys" USING btree ("partner_id");
--> statement-breakpoint
CREATE TABLE "partner_allotments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_allotments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"places" integer NOT NULL,
	"release_hours" integer NOT NULL,
	CONSTRAINT "partner_allotments_places_positive" CHECK ("partner_allotments"."places" > 0),
	CONSTRAINT "partner_allotments_release_hours_valid" CHECK ("partner_allotments"."release_hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_allotments" ADD CONSTRAINT "partner_allotments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_allotments" ADD CONSTRAINT "partner_allotments_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_allotments_partner_lot_idx" ON "partner_allotments" USING btree ("partner_id","lot_id");
--> statement-breakpoint
CREATE INDEX "partner_allotments_lot_idx" ON "partner_allotments" USING btree ("lot_id");
--> statement-breakpoint
CREATE TABLE "partner_stop_sells" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_stop_sells_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_stop_sells_dates_ordered" CHECK ("partner_stop_sells"."end_date" >= "partner_stop_sells"."start_date")
);
--> statement-breakpoint
ALTER TABLE "partner_stop_sells" ADD CONSTRAINT "partner_stop_sells_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_stop_sells" ADD CONSTRAINT "partner_stop_sells_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "partner_stop_sells_lot_idx" ON "partner_stop_sells" USING btree ("lot_id","start_date","end_date");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "partner_id" integer;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bookings_partner_idx" ON "bookings" USING btree ("partner_id","lot_id","start_datetime","end_datetime") WHERE "bookings"."partner_id" IS NOT NULL;
