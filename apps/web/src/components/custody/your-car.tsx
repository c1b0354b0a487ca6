import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CAR_AREA_LABELS, CUSTODY_KIND_LABELS } from '@parking/domain/custody';
import { FactList } from '@/components/admin/fact-list';
import { custodyQuery, usePhotoUrl, type CustodyRecord } from '@/lib/api/custody';
import { formatDateTime } from '@/lib/format';
import { CarOutline } from './car-outline';

const km = (value: number | null) =>
  value === null ? 'Not recorded' : `${value.toLocaleString('en-AU')} km`;

function Photo({ path, index, headers }: { path: string; index: number; headers: Record<string, string> }) {
  const url = usePhotoUrl(path, headers);
  const alt = `Photo ${index + 1} of your car at check-in`;
  return url ? (
    <Box component="a" href={url} target="_blank" rel="noopener" aria-label={`${alt} (opens full size)`}>
      <Box
        component="img"
        src={url}
        alt={alt}
        sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 2, display: 'block' }}
      />
    </Box>
  ) : (
    <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '4 / 3', height: 'auto' }} aria-hidden />
  );
}

/** The record as the traveller sees it. */
function CarRecord({ record, headers = {} }: { record: CustodyRecord; headers?: Record<string, string> }) {
  if (record.status === 'awaiting')
    return (
      <Typography color="text.secondary">
        Your car has not been checked in yet. When we park it, its record (photos, damage, fuel and
        kilometres) will show here and we will email it to you.
      </Typography>
    );
  const facts: [string, string][] = [
    ['Checked in', formatDateTime(record.checkedInAt)],
    ['Car park', record.lotName],
    ['Fuel level', record.fuelLevel || 'Not recorded'],
    [
      'Damage',
      record.damage.length
        ? record.damage
            .map((mark) => `${CAR_AREA_LABELS[mark.area]}${mark.note ? ` (${mark.note})` : ''}`)
            .join(', ')
        : 'None recorded',
    ],
    ['Kilometres in', km(record.kilometersIn)],
  ];
  if (record.status === 'handed_back')
    facts.push(
      ['Handed back', formatDateTime(record.handedBackAt)],
      ['Kilometres out', km(record.kilometersOut)],
      ['Driven in our care', record.kilometersDriven === null ? 'Not recorded' : km(record.kilometersDriven)],
    );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
        <CarOutline marked={record.damage.map((mark) => mark.area)} label="Damage recorded at check-in" />
        <Box sx={{ flexGrow: 1 }}>
          <FactList facts={facts} columns={{ xs: '130px 1fr' }} />
        </Box>
      </Stack>
      {record.photos.length > 0 && (
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            Photos at check-in
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
            {record.photos.map((photo, index) => (
              <Photo key={photo.id} path={photo.path} index={index} headers={headers} />
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
          What happened to your car
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {record.entries.map((entry) => (
            <li key={entry.id}>
              <Typography variant="body2">
                {CUSTODY_KIND_LABELS[entry.kind]} {formatDateTime(entry.at)}
                {entry.staffName ? ` by ${entry.staffName}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/** "Your car" (issue 23): Manage my booking and My Bookings show the car's custody record. */
export function YourCar({
  bookingId,
  headers = {},
}: {
  bookingId: string;
  headers?: Record<string, string>;
}) {
  const record = useQuery(custodyQuery(bookingId, headers));
  return (
    <Card variant="outlined" component="section" aria-labelledby={`your-car-${bookingId}`}>
      <CardContent>
        <Typography
          id={`your-car-${bookingId}`}
          component="h2"
          variant="h6"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}
        >
          <DirectionsCarOutlinedIcon aria-hidden /> Your car
        </Typography>
        {record.isPending ? (
          <Skeleton variant="rounded" height={80} aria-hidden />
        ) : record.isError ? (
          <Alert severity="info">The record of your car could not be loaded just now.</Alert>
        ) : (
          <CarRecord record={record.data} headers={headers} />
        )}
      </CardContent>
    </Card>
  );
}
