import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { describeBookingLog } from '@parking/domain/booking-history';
import { formatDateTime } from '@/lib/format';
import { bookingHistoryQuery } from '../api/booking-lookups';

/** Admins only (back-office §2, §6): the booking's last 5 changes, who made them (or Unknown User) and when. */
export function EditHistory({ bookingId }: { bookingId: string }) {
  const history = useQuery(bookingHistoryQuery(bookingId));
  return (
    <Card component="section" aria-labelledby="edit-history-heading" variant="outlined">
      <CardContent>
        <Typography id="edit-history-heading" variant="h4" component="h2" sx={{ mb: 2 }}>
          Edit History
        </Typography>
        {history.isError && <Alert severity="error">The edit history could not be loaded.</Alert>}
        {history.isPending &&
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} variant="text" height={48} />)}
        {history.data?.length === 0 && <Typography color="text.secondary">No changes recorded.</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.data?.map((entry, index) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ position: 'relative', pl: 3, pb: index === (history.data?.length ?? 0) - 1 ? 0 : 2 }}
            >
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: 4,
                  top: 6,
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: index === 0 ? 'primary.main' : 'grey.400',
                }}
              />
              {index < (history.data?.length ?? 0) - 1 && (
                <Box
                  aria-hidden
                  sx={{ position: 'absolute', left: 8, top: 18, bottom: 0, width: 2, bgcolor: 'divider' }}
                />
              )}
              <Typography sx={{ fontWeight: 600 }}>{entry.who}</Typography>
              <Typography variant="body2">{describeBookingLog(entry.action, entry.info)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(entry.timestamp)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
