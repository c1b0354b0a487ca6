CREATE TABLE "custody_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custody_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"recorded_by_id" integer,
	"lot_region_id" integer,
	"lot_region_row" integer,
	"fuel_level" text DEFAULT '' NOT NULL,
	"damage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kilometers" integer,
	"key_tag" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_entries_kind_valid" CHECK ("custody_entries"."kind" IN ('checked_in', 'moved', 'handed_back')),
	CONSTRAINT "custody_entries_row_positive" CHECK ("custody_entries"."lot_region_row" IS NULL OR "custody_entries"."lot_region_row" > 0),
	CONSTRAINT "custody_entries_kilometers_range" CHECK ("custody_entries"."kilometers" IS NULL OR "custody_entries"."kilometers" BETWEEN 0 AND 9999999)
);
--> statement-breakpoint
CREATE TABLE "custody_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custody_entries" ADD CONSTRAINT "custody_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_entries" ADD CONSTRAINT "custody_entries_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_entries" ADD CONSTRAINT "custody_entries_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_entries" ADD CONSTRAINT "custody_entries_lot_region_id_lot_regions_id_fk" FOREIGN KEY ("lot_region_id") REFERENCES "public"."lot_regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_photos" ADD CONSTRAINT "custody_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_photos" ADD CONSTRAINT "custody_photos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_entries_booking_idx" ON "custody_entries" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "custody_photos_booking_idx" ON "custody_photos" USING btree ("booking_id","created");