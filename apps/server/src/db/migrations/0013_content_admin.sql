-- Issue 25: content edited in the back office. Pages get a status (drafts are invisible to visitors) and who
-- saved them last; each save keeps a revision; uploaded images are recorded with the sizes made of them.
ALTER TABLE "content_pages" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "updated_by" integer;
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_status_valid" CHECK ("content_pages"."status" IN ('draft', 'published'));
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "content_page_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_page_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"layout" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_page_revisions" ADD CONSTRAINT "content_page_revisions_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_page_revisions" ADD CONSTRAINT "content_page_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_revisions_page_number_key" ON "content_page_revisions" USING btree ("page_id","number");
--> statement-breakpoint
CREATE TABLE "content_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_prefix" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sizes" jsonb NOT NULL,
	"uploaded_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Every instance drops the content it holds (the pre-rendered home page, http/prerender.ts) when content
-- changes anywhere: announced like the quotes' tables (migration 0004).
CREATE TRIGGER content_pages_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER content_menus_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_menus FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER content_options_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_options FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
