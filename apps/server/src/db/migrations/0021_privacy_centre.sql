-- Privacy centre (issue 38): account closings and the retention job's runs.
CREATE TABLE "account_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"customer_id" integer,
	"closed_at" timestamp with time zone NOT NULL,
	"bookings_de_identified" integer DEFAULT 0 NOT NULL,
	"vehicles_de_identified" integer DEFAULT 0 NOT NULL,
	"photos_deleted" integer DEFAULT 0 NOT NULL,
	"sessions_ended" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_closures_counts_non_negative" CHECK ("account_closures"."bookings_de_identified" >= 0 AND "account_closures"."vehicles_de_identified" >= 0 AND "account_closures"."photos_deleted" >= 0 AND "account_closures"."sessions_ended" >= 0)
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"retention_years" integer NOT NULL,
	"photo_retention_days" integer NOT NULL,
	"customers_de_identified" integer DEFAULT 0 NOT NULL,
	"bookings_de_identified" integer DEFAULT 0 NOT NULL,
	"photos_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retention_runs_counts_non_negative" CHECK ("retention_runs"."customers_de_identified" >= 0 AND "retention_runs"."bookings_de_identified" >= 0 AND "retention_runs"."photos_deleted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_closures" ADD CONSTRAINT "account_closures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_user_id_key" ON "account_closures" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "account_closures_closed_at_idx" ON "account_closures" USING btree ("closed_at");
--> statement-breakpoint
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs" USING btree ("started_at");
