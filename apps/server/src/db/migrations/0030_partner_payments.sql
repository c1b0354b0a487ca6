CREATE TABLE "partner_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"submission_key" text NOT NULL,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_payments_amount_positive" CHECK ("partner_payments"."amount" > 0),
	CONSTRAINT "partner_payments_month_valid" CHECK ("partner_payments"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payments_submission_idx" ON "partner_payments" USING btree ("partner_id","submission_key");
--> statement-breakpoint
CREATE INDEX "partner_payments_month_idx" ON "partner_payments" USING btree ("partner_id","month");
