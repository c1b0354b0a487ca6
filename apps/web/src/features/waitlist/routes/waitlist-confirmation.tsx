import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { useParams } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { adminHref, heldPlaceHref, paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { waitlistConfirmationQuery } from '../api/waitlist-place';
import { statusText } from '../lib/place-text';

/**
 * /waitlist/confirm/{token}, opened from the email sent on joining the waitlist (issue 38): opening it is
 * what puts the entry on the list, so the page confirms as it opens and says so, or says what became of an
 * entry confirmed before. It leads on to the waitlist page (to book a place held, or to leave the list).
 */
export function WaitlistConfirmationPage() {
  usePageTitle(paths.waitlistConfirmation.title);
  const { token = '' } = useParams();
  const confirmation = useQuery(waitlistConfirmationQuery(token));

  if (confirmation.isError)
    return (
      <StatusPage
        icon={<LinkOffOutlinedIcon />}
        title="Link not valid"
        message={firstErrorDetail(confirmation.error, waitlistMessages.confirmationInvalid)}
        actions={
          <Button href={paths.bookingStep1.path} variant="contained">
            Get a quote
          </Button>
        }
      />
    );

  const data = confirmation.data;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h3" component="h1" sx={{ color: 'primary.main', mb: 3 }}>
            {data?.status === 'offered'
              ? 'A place is free for you'
              : data?.status === 'waiting'
                ? 'Your waitlist place is confirmed'
                : 'Your waitlist place'}
          </Typography>
          {!data ? (
            <Stack spacing={2} aria-busy="true" aria-label="Confirming">
              <Skeleton variant="rounded" height={64} />
              <Skeleton variant="rounded" height={44} />
            </Stack>
          ) : (
            <Stack spacing={3}>
              <Alert
                severity={data.status === 'waiting' || data.status === 'offered' ? 'success' : 'info'}
                icon={data.status === 'offered' ? <EventAvailableOutlinedIcon /> : undefined}
                data-testid="waitlist-confirmed"
              >
                {statusText(data)}
              </Alert>
              {data.status === 'offered' && (
                <Button
                  href={heldPlaceHref({
                    token: data.placeToken,
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
              <Button
                href={adminHref(paths.waitlistPlace, { token: data.placeToken })}
                variant={data.status === 'offered' ? 'text' : 'outlined'}
                sx={{ alignSelf: 'flex-start' }}
              >
                See my place on the waitlist
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
