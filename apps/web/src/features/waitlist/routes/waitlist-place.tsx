import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { useParams, useSearchParams } from 'react-router';
import { bookingQuoteHref, paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { useLeaveWaitlist, waitlistPlaceQuery } from '../api/waitlist-place';
import { BookHeldPlaceButton, InvalidLinkPage, PlaceCard, PlaceStatus } from '../components/place-card';

/**
 * /waitlist/{token}, opened from a waitlist email: a place held for the traveller (book it through the
 * wizard, with the link's token), their place on the list, or what became of it; and a way off the list
 * (the emails' "Leave the waitlist" link adds ?leave=1, which asks first rather than leaving on a click).
 */
export function WaitlistPlacePage() {
  usePageTitle(paths.waitlistPlace.title);
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const place = useQuery(waitlistPlaceQuery(token));
  const leave = useLeaveWaitlist(token);
  const askedToLeave = params.get('leave') === '1';

  if (place.isError)
    return <InvalidLinkPage message={firstErrorDetail(place.error, waitlistMessages.linkInvalid)} />;

  const data = place.data;
  const active = data?.status === 'waiting' || data?.status === 'offered';
  return (
    <PlaceCard
      title={data?.status === 'offered' ? 'A place is free for you' : 'Your waitlist place'}
      place={data}
      busyLabel="Loading"
    >
      {(entry) => (
        <>
          <PlaceStatus
            place={entry}
            severity={entry.status === 'offered' ? 'success' : active ? 'info' : 'warning'}
            testId="waitlist-status"
          />
          <BookHeldPlaceButton place={entry} token={token} />
          {(entry.status === 'lapsed' || entry.status === 'left') && (
            <Button
              href={bookingQuoteHref({ startDate: entry.startDate, endDate: entry.endDate })}
              variant="outlined"
            >
              See prices for these dates
            </Button>
          )}
          {active && (
            <Stack spacing={1.5}>
              {askedToLeave && (
                <Typography>
                  Would you like to leave the waitlist? A place held for you goes to the next traveller.
                </Typography>
              )}
              <Button
                variant={askedToLeave ? 'contained' : 'text'}
                color={askedToLeave ? 'error' : 'primary'}
                onClick={() => leave.mutate()}
                disabled={leave.isPending}
                startIcon={leave.isPending ? <CircularProgress size={18} aria-hidden /> : undefined}
                sx={{ alignSelf: 'flex-start' }}
              >
                Leave the waitlist
              </Button>
              {leave.isError && (
                <Alert severity="error">{firstErrorDetail(leave.error, 'Unknown error')}</Alert>
              )}
            </Stack>
          )}
        </>
      )}
    </PlaceCard>
  );
}
