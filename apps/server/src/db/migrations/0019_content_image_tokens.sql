-- Content images are addressed by a random token instead of their sequential id (issue 38): nobody can
-- count their way to an image that is not published. Each existing image gets one (gen_random_uuid: 122
-- bits from the server's strong random source; new uploads get 128 from the application), and every
-- stored reference to an old address is rewritten to the new one: pages (the home page's blocks and the
-- featured images included), their revisions, menus and site options. The old numeric addresses answer
-- 404 from now on.
ALTER TABLE "content_images" ADD COLUMN "token" text;--> statement-breakpoint
UPDATE "content_images" SET "token" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "content_images" ALTER COLUMN "token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_images_token_key" ON "content_images" USING btree ("token");--> statement-breakpoint
-- The trailing '/' keeps image 1's address from matching inside image 12's.
DO $$
DECLARE
  image record;
  old_url text;
  new_url text;
BEGIN
  FOR image IN SELECT "id", "token" FROM "content_images" LOOP
    old_url := '/backend/api/v1/content-images/' || image.id || '/';
    new_url := '/backend/api/v1/content-images/' || image.token || '/';
    UPDATE "content_pages"
      SET "content" = replace("content", old_url, new_url),
          "fields" = replace("fields"::text, old_url, new_url)::jsonb
      WHERE strpos("content", old_url) > 0 OR strpos("fields"::text, old_url) > 0;
    UPDATE "content_page_revisions"
      SET "content" = replace("content", old_url, new_url),
          "fields" = replace("fields"::text, old_url, new_url)::jsonb
      WHERE strpos("content", old_url) > 0 OR strpos("fields"::text, old_url) > 0;
    UPDATE "content_menus"
      SET "items" = replace("items"::text, old_url, new_url)::jsonb
      WHERE strpos("items"::text, old_url) > 0;
    UPDATE "content_options"
      SET "value" = replace("value"::text, old_url, new_url)::jsonb
      WHERE strpos("value"::text, old_url) > 0;
  END LOOP;
END $$;
