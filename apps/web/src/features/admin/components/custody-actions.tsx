import LocalParkingIcon from '@mui/icons-material/LocalParking';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { CustodyBooking } from './custody-booking';

// The dialogs (their forms, zod schemas and date fields) load when one is first opened: the diary shows
// these buttons on every row, and most visits to it open none of them.
const loadCheckIn = () => import('./check-in-dialog');
const loadMoveHandBack = () => import('./move-hand-back-dialogs');
const CheckInDialog = lazy(() => loadCheckIn().then((module) => ({ default: module.CheckInDialog })));
const MoveDialog = lazy(() => loadMoveHandBack().then((module) => ({ default: module.MoveDialog })));
const HandBackDialog = lazy(() => loadMoveHandBack().then((module) => ({ default: module.HandBackDialog })));

type Open = 'check-in' | 'move' | 'hand-back' | null;

/**
 * The desk's actions on a booking (issue 23), for the diary's rows and the booking screen: Check In before
 * the car is parked; then Hand Back, and Move to another region or row; nothing after the hand-back. A
 * diary row offers what its `moment` needs (issue 40): a drop-off Check In, then Move (its owner is flying
 * out, not back); a pick-up Hand Back. Without a moment (the booking screen) a parked car has both.
 */
export function CustodyActions({
  booking,
  moment,
  size = 'small',
}: {
  booking: CustodyBooking;
  moment?: 'drop-off' | 'pick-up';
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const label = (action: string) => `${action}: booking ${booking.bookingCode}`;
  const parked = booking.custodyStatus === 'parked';
  return (
    <>
      {booking.custodyStatus === 'awaiting' && (
        <Button
          size={size}
          variant="contained"
          startIcon={<LocalParkingIcon />}
          onClick={() => setOpen('check-in')}
          aria-label={label('Check In')}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Check In
        </Button>
      )}
      {parked && moment === 'drop-off' && (
        <Button
          size={size}
          variant="outlined"
          startIcon={<OpenWithIcon />}
          onClick={() => setOpen('move')}
          aria-label={label('Move')}
          sx={{ whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
        >
          Move
        </Button>
      )}
      {parked && moment !== 'drop-off' && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button
            size={size}
            // The pick-up's own action stands out as Check In does on a drop-off.
            variant={moment === 'pick-up' ? 'contained' : 'outlined'}
            startIcon={<KeyIcon />}
            onClick={() => setOpen('hand-back')}
            aria-label={label('Hand Back')}
            sx={{ whiteSpace: 'nowrap', ...(moment === 'pick-up' ? {} : { bgcolor: 'background.paper' }) }}
          >
            Hand Back
          </Button>
          {moment === undefined && (
            <Tooltip title="Move">
              <IconButton size={size} onClick={() => setOpen('move')} aria-label={label('Move')}>
                <OpenWithIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      )}
      {booking.custodyStatus === 'handed_back' && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          Handed back
        </Typography>
      )}
      <Suspense fallback={null}>
        {open === 'check-in' && <CheckInDialog booking={booking} onClose={close} />}
        {open === 'move' && <MoveDialog booking={booking} onClose={close} />}
        {open === 'hand-back' && <HandBackDialog booking={booking} onClose={close} />}
      </Suspense>
    </>
  );
}
