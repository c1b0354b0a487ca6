import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { stayDays } from '@parking/domain/dates';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BookingUnavailableNotice } from '@/components/booking-unavailable-notice';
import { HydrateLater } from '@/components/hydrate-later';
import {
  businessToday,
  QuoteDatesFields,
  useQuoteDates,
  type QuoteDates,
} from '@/components/quote-dates-fields';
import { currentFormBlockoutQuery } from '@/lib/api/blockout';
import { datesRefused, quoteRefusals, quotesQuery, type LotQuote } from '@/lib/api/quotes';
import { QuoteRefusalNotices } from '@/components/quote-refusal-notices';
import { LazyWaitlistJoin } from '@/components/waitlist-join-lazy';
import { LotOptions } from '../components/lot-options';
import { PriceCalendar } from '../components/price-calendar';
import { BusyDeskTimes } from '../components/slot-busyness';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { NO_EXTRAS, stepPath, type HeldPlace, type WizardState } from '../state/wizard-state';

const PREFERRED_LOT = 'outdoor';

/**
 * New dates: the flights (their timetable depends on the day) and the extras (availability and prices
 * depend on the stay) are asked again, so the later steps are no longer complete.
 */
function withDates(state: WizardState, dates: QuoteDates): WizardState {
  return {
    ...state,
    completed: 0,
    quote: { ...state.quote, ...dates, price: '' },
    flights: null,
    extras: NO_EXTRAS,
  };
}

const withLot = (state: WizardState, quote: LotQuote | null): WizardState => ({
  ...state,
  quote: {
    ...state.quote,
    lotId: quote?.lotId ?? '',
    lotSlug: quote?.slug ?? '',
    lotName: quote?.name ?? '',
    price: quote?.price ?? '',
  },
});

/**
 * The quotes as this traveller may book them: a place held for them from the waitlist is theirs, although
 * the quotes count it as taken (the save claims it with the link's token).
 */
function withHeldPlace(
  quotes: LotQuote[] | undefined,
  held: HeldPlace | null | undefined,
  dates: QuoteDates,
): LotQuote[] | undefined {
  if (!quotes || !held || held.startDate !== dates.startDate || held.endDate !== dates.endDate) return quotes;
  return quotes.map((quote) =>
    quote.lotId === held.lotId ? { ...quote, fillThresholdExceeded: false } : quote,
  );
}

/** The place an emailed waitlist link hands over (?waitlist=token&lot=id with the dates), if any. */
function handedPlace(params: URLSearchParams): HeldPlace | null {
  const token = params.get('waitlist') ?? '';
  const lotId = params.get('lot') ?? '';
  const startDate = params.get('start') ?? '';
  const endDate = params.get('end') ?? '';
  return token && lotId && startDate && endDate ? { token, lotId, startDate, endDate } : null;
}

/** Step 1, Get Quote (public-site §2): the dates, and one quote per car park to choose from. */
export function QuoteStep() {
  const { state, update, complete } = useWizard();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const blockout = useQuery(currentFormBlockoutQuery);
  // Dates handed over by the home page's quote form win over the ones kept from before.
  const handed = useRef({ startDate: params.get('start') ?? '', endDate: params.get('end') ?? '' });
  const heldPlace = useRef(handedPlace(params));
  // A booking kept from an earlier day may have dates in the past: those start again from today.
  const kept = state.quote.startDate >= businessToday() ? state.quote : undefined;
  const control = useQuoteDates(handed.current.startDate ? handed.current : kept, blockout.data?.stayLimits);
  const { startDate, endDate } = control.dates;
  const valid = control.isValid;
  const quotes = useQuery({ ...quotesQuery(startDate, endDate), enabled: valid });
  const bookable = useMemo(
    () => withHeldPlace(quotes.data, state.waitlist, { startDate, endDate }),
    [quotes.data, state.waitlist, startDate, endDate],
  );

  useEffect(() => {
    if (params.has('start') || params.has('end')) setParams({}, { replace: true });
  }, [params, setParams]);

  // Whether the step has run in the browser (its effects have chosen the car park and taken the dates).
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);

  // A waitlist link's place: a fresh booking of its car park and dates.
  useEffect(() => {
    const held = heldPlace.current;
    if (!held) return;
    heldPlace.current = null;
    update((current) => ({
      ...withDates(current, { startDate: held.startDate, endDate: held.endDate }),
      booking: null,
      waitlist: held,
      quote: {
        ...current.quote,
        startDate: held.startDate,
        endDate: held.endDate,
        lotId: held.lotId,
        price: '',
      },
    }));
  }, [update]);

  // Valid new dates become the booking's.
  useEffect(() => {
    if (!valid) return;
    update((current) =>
      current.quote.startDate === startDate && current.quote.endDate === endDate
        ? current
        : withDates(current, { startDate, endDate }),
    );
  }, [valid, startDate, endDate, update]);

  // The car park choice follows the quotes: outdoor by default while it can be booked, no choice of a
  // car park that went over its threshold, and the price of these dates.
  useEffect(() => {
    const list = bookable;
    if (!list) return;
    update((current) => {
      if (current.quote.startDate !== startDate || current.quote.endDate !== endDate) return current;
      const chosen = list.find((quote) => quote.lotId === current.quote.lotId);
      if (chosen?.fillThresholdExceeded) return withLot(current, null);
      if (chosen) return chosen.price === current.quote.price ? current : withLot(current, chosen);
      const preferred = list.find((quote) => quote.slug === PREFERRED_LOT && !quote.fillThresholdExceeded);
      return preferred && !current.quote.lotId
        ? withLot(current, preferred)
        : current.quote.lotId
          ? withLot(current, null)
          : current;
    });
  }, [bookable, startDate, endDate, update]);

  if (blockout.isPending) {
    return (
      <Stack spacing={2} role="progressbar" aria-busy="true" aria-label="Loading">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={180} />
      </Stack>
    );
  }
  if (blockout.data?.blockout) return <BookingUnavailableNotice blockout={blockout.data.blockout} />;

  const days = valid ? stayDays(startDate, endDate) : 0;
  const stayLabel = days === 1 ? 'for 1 day' : `for ${days} days`;
  const chosen = bookable?.find((quote) => quote.lotId === state.quote.lotId && !quote.fillThresholdExceeded);
  const preferred = bookable?.find((quote) => quote.slug === PREFERRED_LOT && !quote.fillThresholdExceeded);
  // The price calendar follows the chosen car park, else the one that would be chosen, else the first.
  const calendarLot = chosen ?? preferred ?? bookable?.[0];
  // What the booking's save would refuse for these dates, told here rather than at step 6.
  const refusals = quoteRefusals(valid ? bookable : undefined);
  const fullLots = valid ? (bookable ?? []).filter((quote) => quote.fillThresholdExceeded) : [];
  const ready =
    valid &&
    !datesRefused(refusals) &&
    Boolean(chosen) &&
    state.quote.startDate === startDate &&
    state.quote.endDate === endDate &&
    state.quote.price !== '';

  return (
    <Box
      component="form"
      noValidate
      aria-label="Get Quote"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) {
          control.touchAll();
          return;
        }
        complete(1);
        void navigate(stepPath(2));
      }}
    >
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        When do you fly out, and when do you come home? Prices are for the whole stay and include GST.
      </Typography>
      <QuoteDatesFields control={control} refusals={refusals} />
      <QuoteRefusalNotices refusals={refusals} />

      <Typography variant="h4" component="h2" sx={{ mt: 4, mb: 2 }}>
        Choose your car park
      </Typography>
      {!valid ? (
        <Typography color="text.secondary">Choose valid dates to see prices.</Typography>
      ) : quotes.isPending ? (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          role="status"
          aria-busy="true"
          aria-label="Loading prices"
        >
          <Skeleton variant="rounded" height={190} />
          <Skeleton variant="rounded" height={190} />
        </Box>
      ) : quotes.isError ? (
        // Quote load failures are silent (public-site §8): no error text, a way to ask again.
        <Button variant="outlined" onClick={() => void quotes.refetch()}>
          Show prices
        </Button>
      ) : (
        // Attached with the step, not after it: a car park chosen before would be checked on the page but not
        // in the booking.
        <LotOptions
          quotes={bookable ?? []}
          // Before the step has started (the server's pre-render, the first render), the choice it will make.
          selectedId={state.quote.lotId || (started ? '' : (preferred?.lotId ?? ''))}
          stayLabel={stayLabel}
          onSelect={(quote) => update((current) => withLot(current, quote))}
        />
      )}
      {valid && chosen && <BusyDeskTimes lotId={chosen.lotId} startDate={startDate} endDate={endDate} />}
      {valid && calendarLot && (
        <HydrateLater>
          <PriceCalendar
            startDate={startDate}
            endDate={endDate}
            lotId={calendarLot.lotId}
            lotName={calendarLot.name}
            onPick={(dates) => control.reset(dates)}
          />
        </HydrateLater>
      )}
      {fullLots.length > 0 && (
        <LazyWaitlistJoin
          lots={fullLots}
          startDate={startDate}
          endDate={endDate}
          email={state.details?.email ?? ''}
        />
      )}
      <HydrateLater>
        {/* Not disabled as the server draws it: a tap before the app has taken the page over is held for it
            (start-on-intent.ts), and answered once the step has made its choice; a disabled button drops it. */}
        <StepActions disabled={started && !ready} />
      </HydrateLater>
    </Box>
  );
}
