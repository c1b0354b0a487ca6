import FlightIcon from '@mui/icons-material/Flight';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { DiaryRow } from './diary-rows';

// The dialog (its form and zod schema) loads when first opened: the diary shows the button on every pick-up.
const FlightDelayDialog = lazy(() =>
  import('./flight-delay-dialog').then((module) => ({ default: module.FlightDelayDialog })),
);

/** Opens the dialog; on pick-up rows only. */
export function FlightDelayAction({ row }: { row: DiaryRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="text"
        startIcon={<FlightIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Flight: booking ${row.bookingCode}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Flight
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FlightDelayDialog row={row} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
