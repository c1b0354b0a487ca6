import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BookingUnavailableNotice } from '@/components/booking-unavailable-notice';
import { QuoteDatesFields, useQuoteDates, type QuoteDates } from '@/components/quote-dates-fields';
import { bookingQuoteHref, paths } from '@/config/paths';
import { currentFormBlockoutQuery } from '@/lib/api/blockout';
import { whenIdle } from '@/lib/when-idle';
import type { DateRefusals, QuoteFormRefusalsProps } from './quote-form-refusals';

const SUBMIT_FONT_SIZE = '1.0625rem';
// The large submit button's height: its text's line (MUI's button line height, 1.75) and 12 px above and below.
const SUBMIT_HEIGHT = `calc(${SUBMIT_FONT_SIZE} * 1.75 + 24px)`;

function QuoteFormIntro({ titleId }: { titleId?: string }) {
  return (
    <>
      <Typography id={titleId} component="h2" variant="h4" sx={{ color: 'primary.main', mb: 0.5 }}>
        Get a quote
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        Compare indoor and outdoor parking for your dates.
      </Typography>
    </>
  );
}

/**
 * Readies the wizard's first step for dates: loads its code and asks for their quotes (the app's router
 * does it: the home page does not import the wizard). Settles once the step's code is loaded (or failed).
 */
export type PrepareQuote = (client: QueryClient, dates: QuoteDates) => Promise<void> | void;

/**
 * The home page's quote form (public-site §2 "Home quote form"): departure and return dates, both today to
 * start with (as the spec says); the button stays disabled until both are valid and hands them to the
 * wizard's first step. What the quote refuses for the dates (a day a parking blockout closes, every car park
 * full) is told here as at step 1, once the page is idle. While an online-form blockout is current, its
 * notice takes the form's place.
 */
export function QuoteForm({ prepareQuote }: { prepareQuote?: PrepareQuote }) {
  const blockout = useQuery(currentFormBlockoutQuery);
  // Both dates default to today (public-site §2); a time of today that has gone is refused at step 4.
  const control = useQuoteDates(undefined, blockout.data?.stayLimits);
  const navigate = useNavigate();
  const titleId = useId();
  const client = useQueryClient();
  // Set as the traveller asks: the button shows it is working until the quote step replaces the page.
  const [asked, setAsked] = useState(false);
  const open = !blockout.isPending && !blockout.data?.blockout;
  // The quote step's code, and the quote for the dates the form starts with, fetched once the page is idle:
  // a traveller who keeps them finds the prices there as they ask.
  // With it, the code that tells what the quote refuses for the dates (a day a parking blockout closes,
  // every car park full: beside the date or under the dates, the button waiting, as at step 1). None of it
  // is in the page's first script or in the pre-rendered page, which the app takes over as it is.
  const first = useRef({ dates: control.dates, valid: control.isValid });
  const [Refusals, setRefusals] = useState<ComponentType<QuoteFormRefusalsProps>>();
  const [refusals, setDateRefusals] = useState<DateRefusals>();
  useEffect(() => {
    const { dates, valid } = first.current;
    if (!open) return;
    return whenIdle(() => {
      if (valid && prepareQuote) void prepareQuote(client, dates);
      // A chunk that fails leaves the form as it was: step 1 tells the same refusals.
      void import('./quote-form-refusals').then(
        (module) => setRefusals(() => module.QuoteFormRefusals),
        Boolean,
      );
    });
  }, [open, prepareQuote, client]);

  if (blockout.isPending) {
    // The form's own heading and text, and placeholders of its fields' and button's sizes: the page
    // below (the carousel on a phone) stays where it is when the form replaces them.
    return (
      <Box role="progressbar" aria-busy="true" aria-label="Loading the quote form">
        <QuoteFormIntro />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Box>
        <Skeleton variant="rounded" sx={{ mt: 2.5, height: SUBMIT_HEIGHT }} />
      </Box>
    );
  }
  // A failed check leaves the form open: the server refuses a booking while a blockout is current anyway.
  if (blockout.data?.blockout) return <BookingUnavailableNotice blockout={blockout.data.blockout} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!control.isValid) {
      control.touchAll();
      return;
    }
    setAsked(true);
    // Other dates' quotes are asked for now, as the step's code loads, not once the step has rendered; the
    // page stays, its button busy, until that code is here, and the step then replaces it drawn whole
    // (rather than a loading page in between).
    const href = bookingQuoteHref(control.dates);
    void Promise.resolve(prepareQuote?.(client, control.dates)).then(() => navigate(href));
  };

  return (
    // A plain GET form to the wizard's first step as well: one submitted before the app has started (on a
    // slow phone, the page is pre-rendered) still gets the quote.
    <Box
      component="form"
      action={paths.bookingStep1.path}
      method="get"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
    >
      <QuoteFormIntro titleId={titleId} />
      <QuoteDatesFields control={control} refusals={refusals} />
      {Refusals && <Refusals dates={control.dates} valid={control.isValid} onChange={setDateRefusals} />}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!control.isValid || refusals?.refused}
        loading={asked}
        loadingPosition="end"
        endIcon={<ArrowForwardIcon />}
        fullWidth
        sx={{ mt: 2.5, py: 1.5, fontSize: SUBMIT_FONT_SIZE }}
      >
        Get a quote
      </Button>
    </Box>
  );
}
