import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { WaitlistPlaceAttributes } from '@parking/domain/api-contract/waitlist';
import { StatusPage } from '@/components/status-page';
import { heldPlaceHref, paths } from '@/config/paths';
import { statusText } from '../lib/place-text';

/*
 * What the waitlist's two link pages (the confirmation and the place) show alike: a link that is not valid,
 * the card with its heading, a place's status and the button that books a place held.
 */

/** An emailed link the server refused (unknown, expired): what went wrong, and a way to a quote instead. */
export function InvalidLinkPage({ message }: { message: string }) {
  return (
    <StatusPage
      icon={<LinkOffOutlinedIcon />}
      title="Link not valid"
      message={message}
      actions={
        <Button href={paths.bookingStep1.path} variant="contained">
          Get a quote
        </Button>
      }
    />
  );
}

interface PlaceCardProps<P extends WaitlistPlaceAttributes> {
  title: string;
  /** Undefined while the place is being asked for: skeletons, labelled `busyLabel`. */
  place: P | undefined;
  busyLabel: string;
  children: (place: P) => ReactNode;
}

/** The page's card: its heading, then the place's details once they have arrived. */
export function PlaceCard<P extends WaitlistPlaceAttributes>(props: PlaceCardProps<P>) {
  const { title, place, busyLabel, children } = props;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h3" component="h1" sx={{ color: 'primary.main', mb: 3 }}>
            {title}
          </Typography>
          {!place ? (
            <Stack spacing={2} role="progressbar" aria-busy="true" aria-label={busyLabel}>
              <Skeleton variant="rounded" height={64} />
              <Skeleton variant="rounded" height={44} />
            </Stack>
          ) : (
            <Stack spacing={3}>{children(place)}</Stack>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

/** What became of the place, in a sentence (a place held has its calendar icon). */
export function PlaceStatus(props: { place: WaitlistPlaceAttributes; severity: AlertColor; testId: string }) {
  const { place, severity, testId } = props;
  return (
    <Alert
      severity={severity}
      icon={place.status === 'offered' ? <EventAvailableOutlinedIcon /> : undefined}
      data-testid={testId}
    >
      {statusText(place)}
    </Alert>
  );
}

/** Books the place held through the wizard, with the place's token; nothing unless a place is held. */
export function BookHeldPlaceButton({ place, token }: { place: WaitlistPlaceAttributes; token: string }) {
  if (place.status !== 'offered') return null;
  return (
    <Button
      href={heldPlaceHref({ token, lotId: place.lotId, startDate: place.startDate, endDate: place.endDate })}
      variant="contained"
      size="large"
    >
      Book my place
    </Button>
  );
}
