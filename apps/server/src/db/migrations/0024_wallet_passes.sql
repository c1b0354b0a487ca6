-- Wallet passes that follow the car (issue 41): a booking's pass (serial number, Apple's authentication token,
-- its last update), the Apple devices registered for it, and what the local wallet adapters recorded.
CREATE TABLE "wallet_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"serial_number" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_deliveries_kind_valid" CHECK ("wallet_deliveries"."kind" IN ('apple-push', 'google-update'))
);
--> statement-breakpoint
CREATE TABLE "wallet_devices" (
	"device_library_identifier" text NOT NULL,
	"serial_number" text NOT NULL,
	"push_token" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_devices_pkey" PRIMARY KEY("device_library_identifier","serial_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"authentication_token" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_passes_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
ALTER TABLE "wallet_devices" ADD CONSTRAINT "wallet_devices_serial_number_wallet_passes_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."wallet_passes"("serial_number") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "wallet_deliveries_created_idx" ON "wallet_deliveries" USING btree ("created");
--> statement-breakpoint
CREATE INDEX "wallet_devices_serial_idx" ON "wallet_devices" USING btree ("serial_number");
