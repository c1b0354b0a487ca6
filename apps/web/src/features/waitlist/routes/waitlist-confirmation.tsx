import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { waitlistMessages } from '@parking/domain/waitlist-messages';
import { useParams } from 'react-router';
import { adminHref, paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { waitlistConfirmationQuery } from '../api/waitlist-place';
import { BookHeldPlaceButton, InvalidLinkPage, PlaceCard, PlaceStatus } from '../components/place-card';

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
      <InvalidLinkPage message={firstErrorDetail(confirmation.error, waitlistMessages.confirmationInvalid)} />
    );

  const data = confirmation.data;
  return (
    <PlaceCard
      title={
        data?.status === 'offered'
          ? 'A place is free for you'
          : data?.status === 'waiting'
            ? 'Your waitlist place is confirmed'
            : 'Your waitlist place'
      }
      place={data}
      busyLabel="Confirming"
    >
      {(place) => (
        <>
          <PlaceStatus
            place={place}
            severity={place.status === 'waiting' || place.status === 'offered' ? 'success' : 'info'}
            testId="waitlist-confirmed"
          />
          <BookHeldPlaceButton place={place} token={place.placeToken} />
          <Button
            href={adminHref(paths.waitlistPlace, { token: place.placeToken })}
            variant={place.status === 'offered' ? 'text' : 'outlined'}
            sx={{ alignSelf: 'flex-start' }}
          >
            See my place on the waitlist
          </Button>
        </>
      )}
    </PlaceCard>
  );
}
