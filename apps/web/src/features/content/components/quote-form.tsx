import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BookingUnavailableNotice } from '@/components/booking-unavailable-notice';
import { QuoteDatesFields, useQuoteDates } from '@/components/quote-dates-fields';
import { bookingQuoteHref, paths } from '@/config/paths';
import { currentFormBlockoutQuery } from '@/lib/api/blockout';

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
 * The home page's quote form (public-site §2 "Home quote form"): departure and return dates, both today to
 * start with (as the spec says); the button stays disabled until both are valid and hands them to the
 * wizard's first step. While an online-form blockout is current, its notice takes the form's place.
 */
export function QuoteForm() {
  const blockout = useQuery(currentFormBlockoutQuery);
  // Both dates default to today (public-site §2); a time of today that has gone is refused at step 4.
  const control = useQuoteDates(undefined, blockout.data?.stayLimits);
  const navigate = useNavigate();
  const titleId = useId();

  if (blockout.isPending) {
    // The form's own heading and text, and placeholders of its fields' and button's sizes: the page
    // below (the carousel on a phone) stays where it is when the form replaces them.
    return (
      <Box aria-busy="true" aria-label="Loading the quote form">
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
    void navigate(bookingQuoteHref(control.dates));
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
      <QuoteDatesFields control={control} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!control.isValid}
        endIcon={<ArrowForwardIcon />}
        fullWidth
        sx={{ mt: 2.5, py: 1.5, fontSize: SUBMIT_FONT_SIZE }}
      >
        Get a quote
      </Button>
    </Box>
  );
}
