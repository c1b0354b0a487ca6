-- Quotes tell the parking blockouts on a stay's departure and return days (services/quote-cache.ts holds
-- them in memory with the rest of the quote data): a change to a blockout is announced on parking_changes
-- like the other tables quotes are computed from (migration 0004), so that every instance drops what it holds.
CREATE TRIGGER blockout_periods_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blockout_periods FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
