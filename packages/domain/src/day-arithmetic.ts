/**
 * Calendar arithmetic with no library: what the home page's quote form needs, kept apart from dates.ts
 * (which brings date-fns) so that the home page does not download a date library for two date fields.
 */

export const DEFAULT_TIME_ZONE = 'Australia/Hobart';

/** Stay length: calendar days from the departure date to the return date, both counted (same day = 1). */
export function stayDays(startDate: string, endDate: string): number {
  // UTC midnights: no time zone or daylight saving change can shift a day.
  return (
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}
