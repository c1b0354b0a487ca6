-- The back office's customer-details search ("contains" over name, email, phone, business, rego and booking
-- code: BOOKING_SEARCH_TEXT in src/resources/bookings.ts) read every booking; a trigram index answers it.
-- pg_trgm is a trusted extension in PostgreSQL's contrib (a database owner may create it; managed services
-- offer it) and the embedded database loads it (PGLITE_EXTENSIONS in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_search_trgm_idx" ON "bookings" USING gin ((first_name || ' ' || last_name || E'\n' || email || E'\n' || phone_number || E'\n' || business || E'\n' || rego || E'\n' || booking_code) gin_trgm_ops);
