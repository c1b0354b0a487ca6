import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QuoteDates } from '@/components/quote-dates-fields';
import { QuoteRefusalNotices } from '@/components/quote-refusal-notices';
import { WaitlistJoin } from '@/components/waitlist-join';
import { datesRefused, quoteRefusals, quotesQuery } from '@/lib/api/quotes';

/** What the quote refuses for the home form's dates: a blockout's message beside a date it closes. */
export interface DateRefusals {
  startDate?: string;
  endDate?: string;
  /** A day closed or every car park full: the form's button waits. */
  refused: boolean;
}

export interface QuoteFormRefusalsProps {
  dates: QuoteDates;
  valid: boolean;
  /** Told the refusals beside the dates, and whether the button waits, as the quote answers. */
  onChange: (refusals: DateRefusals) => void;
}

/**
 * The home quote form's refusals (issue 22): the quote for its dates (the wizard's first step asks the same,
 * and the home page prefetches it once idle) read as step 1 reads it. Loaded on its own once the page is
 * idle, never in the pre-rendered page: the home page's first script stays within its budget and the app
 * takes the server's page over as it is. Shows every car park full (with the waitlist to join, issue 24) and
 * the blockouts taking part of a day under the dates; a day taken whole goes beside its date through `onChange`.
 */
export function QuoteFormRefusals({ dates, valid, onChange }: QuoteFormRefusalsProps) {
  const quotes = useQuery({ ...quotesQuery(dates.startDate, dates.endDate), enabled: valid });
  const refusals = quoteRefusals(valid ? quotes.data : undefined);
  const refused = datesRefused(refusals);
  const { startDate, endDate } = refusals;
  useEffect(() => onChange({ startDate, endDate, refused }), [startDate, endDate, refused, onChange]);
  return (
    <>
      <QuoteRefusalNotices refusals={refusals} />
      {refusals.allFull && quotes.data && (
        <WaitlistJoin lots={quotes.data} startDate={dates.startDate} endDate={dates.endDate} />
      )}
    </>
  );
}
