CREATE TABLE "contact_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"business" text DEFAULT '' NOT NULL,
	"private_notes" text DEFAULT '' NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_token" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_purpose_valid" CHECK ("user_tokens"."purpose" IN ('email_confirmation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"roles" text[] DEFAULT ARRAY['Customers']::text[] NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_roles_valid" CHECK ("users"."roles" <@ ARRAY['Admins','Sales','Employees','Customers']::text[] AND cardinality("users"."roles") > 0)
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blockout_period_extras" (
	"blockout_period_id" integer NOT NULL,
	"extra_id" integer NOT NULL,
	CONSTRAINT "blockout_period_extras_blockout_period_id_extra_id_pk" PRIMARY KEY("blockout_period_id","extra_id")
);
--> statement-breakpoint
CREATE TABLE "blockout_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blockout_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"start_datetime" timestamp with time zone NOT NULL,
	"end_datetime" timestamp with time zone NOT NULL,
	"block_type" text NOT NULL,
	CONSTRAINT "blockout_periods_type_valid" CHECK ("blockout_periods"."block_type" IN ('parking', 'online_form', 'extra')),
	CONSTRAINT "blockout_periods_range_valid" CHECK ("blockout_periods"."end_datetime" > "blockout_periods"."start_datetime")
);
--> statement-breakpoint
CREATE TABLE "bus_trips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bus_trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service" text NOT NULL,
	"departure_time" time NOT NULL,
	CONSTRAINT "bus_trips_service_valid" CHECK ("bus_trips"."service" IN ('weekday', 'weekend'))
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"promo_code" text NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"drop_off_start" timestamp with time zone,
	"drop_off_end" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_code_upper" CHECK ("discounts"."promo_code" = upper("discounts"."promo_code")),
	CONSTRAINT "discounts_rate_fraction" CHECK ("discounts"."rate" BETWEEN 0 AND 1),
	CONSTRAINT "discounts_valid_range" CHECK ("discounts"."valid_to" >= "discounts"."valid_from"),
	CONSTRAINT "discounts_drop_off_range" CHECK ("discounts"."drop_off_start" IS NULL OR "discounts"."drop_off_end" IS NULL OR "discounts"."drop_off_end" >= "discounts"."drop_off_start")
);
--> statement-breakpoint
CREATE TABLE "exceptional_day_unavailable_extras" (
	"day_id" integer NOT NULL,
	"extra_id" integer NOT NULL,
	CONSTRAINT "exceptional_day_unavailable_extras_day_id_extra_id_pk" PRIMARY KEY("day_id","extra_id")
);
--> statement-breakpoint
CREATE TABLE "exceptional_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exceptional_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exceptional_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exceptional_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"surcharge" numeric(12, 2) NOT NULL,
	CONSTRAINT "exceptional_rates_surcharge_non_negative" CHECK ("exceptional_rates"."surcharge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "extra_variations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extra_variations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"extra_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "extra_variations_price_non_negative" CHECK ("extra_variations"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "extras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"extra_type" text NOT NULL,
	"base_price" numeric(12, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "extras_type_valid" CHECK ("extras"."extra_type" IN ('detailing', 'service')),
	CONSTRAINT "extras_base_price_non_negative" CHECK ("extras"."base_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"service" text NOT NULL,
	"time" time NOT NULL,
	"departure" boolean NOT NULL,
	"bus_trip_id" integer,
	"flight_number" text NOT NULL,
	"flight_label" text DEFAULT '' NOT NULL,
	CONSTRAINT "flights_service_valid" CHECK ("flights"."service" IN ('weekday', 'weekend')),
	CONSTRAINT "flights_bus_only_departures" CHECK ("flights"."departure" OR "flights"."bus_trip_id" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "lot_regions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lot_regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_id" integer NOT NULL,
	"name" text NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "lot_regions_rows_positive" CHECK ("lot_regions"."rows" > 0)
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"product_codename" text NOT NULL,
	"lot_type" text NOT NULL,
	"spaces" integer NOT NULL,
	"fill_rate_threshold" numeric(6, 4),
	"rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"subscription_parking_discount" numeric(6, 4) DEFAULT '1' NOT NULL,
	CONSTRAINT "lots_lot_type_valid" CHECK ("lots"."lot_type" IN ('indoor', 'outdoor')),
	CONSTRAINT "lots_spaces_positive" CHECK ("lots"."spaces" > 0),
	CONSTRAINT "lots_threshold_fraction" CHECK ("lots"."fill_rate_threshold" IS NULL OR ("lots"."fill_rate_threshold" BETWEEN 0 AND 1)),
	CONSTRAINT "lots_rate_non_negative" CHECK ("lots"."rate" >= 0),
	CONSTRAINT "lots_subscription_discount_fraction" CHECK ("lots"."subscription_parking_discount" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "short_term_rate_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_term_rate_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"days" integer NOT NULL,
	CONSTRAINT "short_term_rate_days_positive" CHECK ("short_term_rate_days"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "short_term_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "short_term_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	CONSTRAINT "short_term_rates_non_negative" CHECK ("short_term_rates"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rego" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"colour" text NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"owner_id" integer,
	"deleted" boolean DEFAULT false NOT NULL,
	"rego_uuid" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_rego_normalised" CHECK ("vehicles"."rego" = upper(replace("vehicles"."rego", ' ', '')))
);
--> statement-breakpoint
CREATE TABLE "booking_extras" (
	"booking_id" integer NOT NULL,
	"extra_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "booking_extras_booking_id_extra_id_pk" PRIMARY KEY("booking_id","extra_id"),
	CONSTRAINT "booking_extras_price_non_negative" CHECK ("booking_extras"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"user_id" integer,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_code" text NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"booking_type" text DEFAULT 'New' NOT NULL,
	"lot_id" integer NOT NULL,
	"lot_region_id" integer,
	"lot_region_row" integer,
	"customer_id" integer,
	"vehicle_id" integer,
	"vehicle_type_id" integer,
	"start_datetime" timestamp with time zone NOT NULL,
	"end_datetime" timestamp with time zone,
	"airline_out_id" integer,
	"airline_in_id" integer,
	"flight_number_out" text DEFAULT '' NOT NULL,
	"flight_number_in" text DEFAULT '' NOT NULL,
	"bus_departure_time" time,
	"passengers_out" integer DEFAULT 1 NOT NULL,
	"passengers_in" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"business" text DEFAULT '' NOT NULL,
	"rego" text DEFAULT '' NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"parking_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"extras_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_id" integer,
	"promo_code" text DEFAULT '' NOT NULL,
	"discount_rate" numeric(6, 4) DEFAULT '0' NOT NULL,
	"amount_discounted" numeric(12, 2) DEFAULT '0' NOT NULL,
	"subscription_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payment_method" text,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_datetime" timestamp with time zone,
	"payment_intent_id" text,
	"stripe_complete" boolean DEFAULT false NOT NULL,
	"had_subscription" boolean DEFAULT false NOT NULL,
	"public_notes" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"fuel_level" text DEFAULT '' NOT NULL,
	"damage" text DEFAULT '' NOT NULL,
	"parked_by_id" integer,
	"time_parked" timestamp with time zone,
	"kilometers" integer,
	"vehicle_notes" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" IN ('pending', 'complete', 'cancelled', 'abandoned', 'error', 'payment_failed')),
	CONSTRAINT "bookings_payment_status_valid" CHECK ("bookings"."payment_status" IN ('unpaid', 'paid', 'refunded')),
	CONSTRAINT "bookings_payment_method_valid" CHECK ("bookings"."payment_method" IS NULL OR "bookings"."payment_method" IN ('stripe', 'cash', 'eftpos', 'visa', 'mastercard', 'cheque', 'account', 'Payment on return')),
	CONSTRAINT "bookings_range_valid" CHECK ("bookings"."end_datetime" IS NULL OR "bookings"."end_datetime" > "bookings"."start_datetime"),
	CONSTRAINT "bookings_passengers_non_negative" CHECK ("bookings"."passengers_out" >= 0 AND "bookings"."passengers_in" >= 0),
	CONSTRAINT "bookings_costs_non_negative" CHECK ("bookings"."parking_cost" >= 0 AND "bookings"."extras_cost" >= 0 AND "bookings"."amount_discounted" >= 0 AND "bookings"."subscription_discount" >= 0 AND "bookings"."total_cost" >= 0 AND "bookings"."amount_paid" >= 0),
	CONSTRAINT "bookings_discount_rate_fraction" CHECK ("bookings"."discount_rate" BETWEEN 0 AND 1),
	CONSTRAINT "bookings_region_row_positive" CHECK ("bookings"."lot_region_row" IS NULL OR "bookings"."lot_region_row" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"interval" text DEFAULT 'month' NOT NULL,
	"interval_count" integer DEFAULT 3 NOT NULL,
	"provider_price_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_amount_positive" CHECK ("prices"."amount" > 0),
	CONSTRAINT "prices_interval_valid" CHECK ("prices"."interval" IN ('day', 'week', 'month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"codename" text NOT NULL,
	"provider_product_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "products_codename_valid" CHECK ("products"."codename" IN ('unlimited_indoor_parking', 'unlimited_outdoor_parking'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"end_datetime" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"valid" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_menus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_options" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"path" text NOT NULL,
	"title" text NOT NULL,
	"layout" text DEFAULT 'page' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_layout_valid" CHECK ("content_pages"."layout" IN ('page', 'feature-image', 'contact', 'frontpage'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockout_period_extras" ADD CONSTRAINT "blockout_period_extras_blockout_period_id_blockout_periods_id_fk" FOREIGN KEY ("blockout_period_id") REFERENCES "public"."blockout_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockout_period_extras" ADD CONSTRAINT "blockout_period_extras_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_day_unavailable_extras" ADD CONSTRAINT "exceptional_day_unavailable_extras_day_id_exceptional_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."exceptional_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_day_unavailable_extras" ADD CONSTRAINT "exceptional_day_unavailable_extras_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_rates" ADD CONSTRAINT "exceptional_rates_day_id_exceptional_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."exceptional_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exceptional_rates" ADD CONSTRAINT "exceptional_rates_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_variations" ADD CONSTRAINT "extra_variations_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_variations" ADD CONSTRAINT "extra_variations_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_bus_trip_id_bus_trips_id_fk" FOREIGN KEY ("bus_trip_id") REFERENCES "public"."bus_trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_regions" ADD CONSTRAINT "lot_regions_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_term_rates" ADD CONSTRAINT "short_term_rates_day_id_short_term_rate_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."short_term_rate_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_term_rates" ADD CONSTRAINT "short_term_rates_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_owner_id_customers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lot_region_id_lot_regions_id_fk" FOREIGN KEY ("lot_region_id") REFERENCES "public"."lot_regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_airline_out_id_airlines_id_fk" FOREIGN KEY ("airline_out_id") REFERENCES "public"."airlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_airline_in_id_airlines_id_fk" FOREIGN KEY ("airline_in_id") REFERENCES "public"."airlines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_parked_by_id_customers_id_fk" FOREIGN KEY ("parked_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_id_key" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_name_key" ON "airlines" USING btree ("name");--> statement-breakpoint
CREATE INDEX "blockout_periods_range_idx" ON "blockout_periods" USING btree ("block_type","start_datetime","end_datetime");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_trips_service_time_key" ON "bus_trips" USING btree ("service","departure_time");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_promo_code_key" ON "discounts" USING btree ("promo_code");--> statement-breakpoint
CREATE UNIQUE INDEX "exceptional_days_date_key" ON "exceptional_days" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "exceptional_rates_day_lot_key" ON "exceptional_rates" USING btree ("day_id","lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extra_variations_extra_vehicle_type_key" ON "extra_variations" USING btree ("extra_id","vehicle_type_id");--> statement-breakpoint
CREATE INDEX "extra_variations_vehicle_type_idx" ON "extra_variations" USING btree ("vehicle_type_id");--> statement-breakpoint
CREATE INDEX "flights_lookup_idx" ON "flights" USING btree ("departure","airline_id","service","time");--> statement-breakpoint
CREATE INDEX "lot_regions_lot_idx" ON "lot_regions" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_slug_key" ON "lots" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "short_term_rate_days_days_key" ON "short_term_rate_days" USING btree ("days");--> statement-breakpoint
CREATE UNIQUE INDEX "short_term_rates_day_lot_key" ON "short_term_rates" USING btree ("day_id","lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_types_name_key" ON "vehicle_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "vehicles_owner_idx" ON "vehicles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vehicles_rego_idx" ON "vehicles" USING btree ("rego");--> statement-breakpoint
CREATE INDEX "booking_extras_extra_idx" ON "booking_extras" USING btree ("extra_id");--> statement-breakpoint
CREATE INDEX "booking_logs_booking_idx" ON "booking_logs" USING btree ("booking_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_code_key" ON "bookings" USING btree ("booking_code");--> statement-breakpoint
CREATE INDEX "bookings_start_idx" ON "bookings" USING btree ("start_datetime");--> statement-breakpoint
CREATE INDEX "bookings_end_idx" ON "bookings" USING btree ("end_datetime");--> statement-breakpoint
CREATE INDEX "bookings_lot_range_idx" ON "bookings" USING btree ("lot_id","start_datetime","end_datetime");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created");--> statement-breakpoint
CREATE INDEX "bookings_payment_datetime_idx" ON "bookings" USING btree ("payment_datetime");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_rego_idx" ON "bookings" USING btree ("rego");--> statement-breakpoint
CREATE INDEX "bookings_payment_intent_idx" ON "bookings" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_key" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_session_id_key" ON "checkout_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "prices_product_idx" ON "prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_codename_key" ON "products" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_key" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_menus_location_key" ON "content_menus" USING btree ("location");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_path_key" ON "content_pages" USING btree ("path");