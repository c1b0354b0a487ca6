import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { useParams, useSearchParams } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { bookingQuoteHref, heldPlaceHref, paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { useLeaveWaitlist, waitlistPlaceQuery } from '../api/waitlist-place';
import { statusText } from '../lib/place-text';

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
    return (
      <StatusPage
        icon={<LinkOffOutlinedIcon />}
        title="Link not valid"
        message={firstErrorDetail(place.error, waitlistMessages.linkInvalid)}
        actions={
          <Button href={paths.bookingStep1.path} variant="contained">
            Get a quote
          </Button>
        }
      />
    );

  const data = place.data;
  const active = data?.status === 'waiting' || data?.status === 'offered';
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h3" component="h1" sx={{ color: 'primary.main', mb: 3 }}>
            {data?.status === 'offered' ? 'A place is free for you' : 'Your waitlist place'}
          </Typography>
          {!data ? (
            <Stack spacing={2} aria-busy="true" aria-label="Loading">
              <Skeleton variant="rounded" height={64} />
              <Skeleton variant="rounded" height={44} />
            </Stack>
          ) : (
            <Stack spacing={3}>
              <Alert
                severity={data.status === 'offered' ? 'success' : active ? 'info' : 'warning'}
                icon={data.status === 'offered' ? <EventAvailableOutlinedIcon /> : undefined}
                data-testid="waitlist-status"
              >
                {statusText(data)}
              </Alert>
              {data.status === 'offered' && (
                <Button
                  href={heldPlaceHref({
                    token,
                    lotId: data.lotId,
                    startDate: data.startDate,
                    endDate: data.endDate,
                  })}
                  variant="contained"
                  size="large"
                >
                  Book my place
                </Button>
              )}
              {(data.status === 'lapsed' || data.status === 'left') && (
                <Button
                  href={bookingQuoteHref({ startDate: data.startDate, endDate: data.endDate })}
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
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
