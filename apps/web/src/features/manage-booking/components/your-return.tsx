import DirectionsCarFilledOutlinedIcon from '@mui/icons-material/DirectionsCarFilledOutlined';
import FlightLandOutlinedIcon from '@mui/icons-material/FlightLandOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TravellerBringUpAttributes } from '@parking/domain/api-contract/bring-up';
import { messages } from '@parking/domain/messages';
import { firstErrorDetail } from '@/lib/api/client';
import { useLiveEvents } from '@/lib/api/live-events';
import { formatDateTime } from '@/lib/format';
import { askForCar, bringUpQuery } from '../api/bring-up';
import { headersFor } from '../api/manage-booking';

const severity = (state: TravellerBringUpAttributes['state']) => (state === 'ready' ? 'success' : 'info');

/**
 * Your return (issue 41): "I have landed" asks for the car (once), then the status follows it live ("Your car is
 * being brought up by Jack", "Ready at bay 3"), with the shuttle that meets the flight.
 */
export function YourReturn({ bookingId }: { bookingId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(bringUpQuery(bookingId));
  const key = bringUpQuery(bookingId).queryKey;
  useLiveEvents(
    `manage-bookings/${bookingId}/bring-up/events`,
    (event) => {
      if (event.event !== 'bring-up') return;
      const resource = JSON.parse(event.data) as { attributes: TravellerBringUpAttributes };
      queryClient.setQueryData(key, resource.attributes);
    },
    { headers: headersFor(bookingId), enabled: query.isSuccess },
  );
  const ask = useMutation({
    mutationFn: () => askForCar(bookingId),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });

  return (
    <Card component="section" aria-labelledby="your-return">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id="your-return" variant="h4" component="h2" sx={{ mb: 2.5 }}>
          Your return
        </Typography>
        {query.isPending ? (
          <Skeleton variant="rounded" height={96} aria-label="Loading your return" role="progressbar" />
        ) : query.isError ? (
          <Alert severity="error">{firstErrorDetail(query.error, messages.unknownError)}</Alert>
        ) : (
          <Stack spacing={2}>
            <Alert
              severity={severity(query.data.state)}
              icon={<DirectionsCarFilledOutlinedIcon />}
              role="status"
              aria-live="polite"
            >
              {query.data.text}
            </Alert>
            {query.data.shuttleTime && query.data.state !== 'handed_back' && (
              <Typography>
                Your shuttle from the terminal: <strong>{formatDateTime(query.data.shuttleTime)}</strong>
              </Typography>
            )}
            {ask.isError && (
              <Alert severity="error" role="alert">
                {firstErrorDetail(ask.error, messages.unknownError)}
              </Alert>
            )}
            {query.data.canAsk && (
              <Button
                variant="contained"
                size="large"
                onClick={() => ask.mutate()}
                disabled={ask.isPending}
                sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
                startIcon={
                  ask.isPending ? (
                    <CircularProgress size={16} color="inherit" aria-hidden />
                  ) : (
                    <FlightLandOutlinedIcon />
                  )
                }
              >
                I have landed
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
