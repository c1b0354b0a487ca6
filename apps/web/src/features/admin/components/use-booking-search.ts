import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { bookingCodeOf } from '@parking/domain/booking-search';
import { adminHref, paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { bookingSearchQuery, bookingWithCode, type BookingSearchResult } from '../api/booking-search';

/**
 * The header search's state: what is typed, its results as you type, and the booking to open. It lives in
 * the light box (booking-search-box.tsx), so that what is typed before the Autocomplete arrives is kept.
 */
export function useBookingSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const settled = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    ...bookingSearchQuery(settled),
    enabled: settled.length >= 2,
    placeholderData: keepPreviousData,
  });
  const options = settled.length >= 2 ? (results.data ?? []) : [];

  const open = (booking: BookingSearchResult) => {
    setText('');
    setNotice('');
    void navigate(adminHref(paths.adminBookingsEdit, { bookingId: booking.id }));
  };
  const openCode = async (typed: string) => {
    const code = bookingCodeOf(typed);
    if (!code) return;
    const known = options.find((row) => row.attributes.bookingCode === code);
    const booking = known ?? (await bookingWithCode(code).catch(() => null));
    if (booking) open(booking);
    else setNotice(`No booking has the code ${code}.`);
  };
  const type = (value: string) => {
    setText(value);
    setNotice('');
  };

  const waiting = settled !== text.trim() || results.isFetching;
  return { text, type, notice, options, open, openCode, loading: waiting && text.trim().length >= 2 };
}

export type BookingSearch = ReturnType<typeof useBookingSearch>;

/** The box's look, the same before and after the Autocomplete takes its place. */
export const SEARCH_PLACEHOLDER = 'Find a booking: code, rego, name, phone';
export const searchInputSx = { bgcolor: 'background.paper', borderRadius: 2 } as const;
