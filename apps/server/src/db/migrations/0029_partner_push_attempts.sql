-- Issue 42, item 4: each attempt to push availability to a partner's webhook, so that the partner's screen in the
-- back office shows its last pushes (delivered or failed, when, the HTTP status answered).
CREATE TABLE "partner_push_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_push_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"delivered" boolean NOT NULL,
	"http_status" integer,
	"error" text DEFAULT '' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"resync" boolean DEFAULT false NOT NULL,
	CONSTRAINT "partner_push_attempts_days_non_negative" CHECK ("partner_push_attempts"."days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_push_attempts" ADD CONSTRAINT "partner_push_attempts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_push_attempts_partner_idx" ON "partner_push_attempts" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "partner_push_attempts_at_idx" ON "partner_push_attempts" USING btree ("at");
