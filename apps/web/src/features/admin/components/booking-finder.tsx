import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { BookingSearchBox } from './booking-search-box';

// The camera dialog and its QR reader load when Scan is first pressed.
const ScanBookingDialog = lazy(() =>
  import('./scan-booking-dialog').then((module) => ({ default: module.ScanBookingDialog })),
);

/** Find a booking in one step, from the back office's header: the search box and the Scan button. */
export function BookingFinder() {
  const [scanning, setScanning] = useState(false);
  return (
    <Box
      role="search"
      aria-label="Find a booking"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1, minWidth: 0, maxWidth: 560 }}
    >
      <BookingSearchBox />
      <Button
        variant="contained"
        color="secondary"
        startIcon={<QrCodeScannerIcon />}
        onClick={() => setScanning(true)}
        aria-label="Scan"
        sx={{
          flexShrink: 0,
          color: 'primary.dark',
          minWidth: 0,
          '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Scan
        </Box>
      </Button>
      {scanning && (
        <Suspense fallback={null}>
          <ScanBookingDialog open={scanning} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </Box>
  );
}
