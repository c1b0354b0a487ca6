import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { bookingCodeFromScan, bookingCodeOf } from '@parking/domain/booking-search';
import { adminHref, paths } from '@/config/paths';
import { bookingWithCode } from '../api/booking-search';
import {
  CameraError,
  openCamera,
  preloadQrReader,
  readQrCode,
  type CameraProblem,
  CAMERA_PROBLEMS,
} from './qr-camera';

/** Back-office §9: dialogs are full-screen below 960 px. */
const FULL_SCREEN_QUERY = '(max-width: 959.95px)';
const FRAME_EVERY_MS = 200;
const FRAME_WIDTH = 800;

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'problem'; problem: CameraProblem };

/**
 * Scan: the booking's QR code (the confirmation email's) held up to the device's camera opens the
 * booking. The typed code is the way when there is no camera, or it is refused.
 */
export function ScanBookingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY, { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="scan-title"
    >
      {open && <ScanContent onClose={onClose} />}
    </Dialog>
  );
}

function ScanContent({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [notice, setNotice] = useState('');
  const [opening, setOpening] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState('');

  const openBooking = async (code: string): Promise<boolean> => {
    setOpening(true);
    const booking = await bookingWithCode(code).catch(() => null);
    setOpening(false);
    if (!booking) return false;
    onClose();
    void navigate(adminHref(paths.adminBookingsEdit, { bookingId: booking.id }));
    return true;
  };
  const openRef = useRef(openBooking);
  openRef.current = openBooking;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let lastMiss = '';
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    preloadQrReader();

    const look = async () => {
      const element = video.current;
      if (stopped || !element || !context || element.readyState < 2 || !element.videoWidth) return;
      const scale = Math.min(1, FRAME_WIDTH / element.videoWidth);
      canvas.width = Math.round(element.videoWidth * scale);
      canvas.height = Math.round(element.videoHeight * scale);
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      const text = await readQrCode(context.getImageData(0, 0, canvas.width, canvas.height));
      if (stopped || text === null || text === lastMiss) return;
      const code = bookingCodeFromScan(text);
      if (code && (await openRef.current(code))) {
        stopped = true;
        return;
      }
      lastMiss = text;
      setNotice(
        code
          ? `No booking has the code ${code}.`
          : 'This QR code is not a booking’s. Scan the code in the booking confirmation email.',
      );
    };
    const loop = async () => {
      try {
        await look();
      } finally {
        if (!stopped) timer = window.setTimeout(() => void loop(), FRAME_EVERY_MS);
      }
    };

    setCamera({ kind: 'starting' });
    openCamera()
      .then(async (opened) => {
        stream = opened;
        if (stopped) return;
        const element = video.current;
        if (element) {
          element.srcObject = opened;
          await element.play().catch(() => undefined);
        }
        setCamera({ kind: 'scanning' });
        void loop();
      })
      .catch((error: unknown) => {
        if (!stopped)
          setCamera({ kind: 'problem', problem: error instanceof CameraError ? error.problem : 'failed' });
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt]);

  const submitTyped = async (event: FormEvent) => {
    event.preventDefault();
    const code = bookingCodeOf(typed);
    if (!code) {
      setTypedError('Enter the 8-character booking code, e.g. H34NH4VR.');
      return;
    }
    setTypedError('');
    if (!(await openBooking(code))) setTypedError(`No booking has the code ${code}.`);
  };

  return (
    <>
      <DialogTitle id="scan-title">Scan a booking’s QR code</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {camera.kind === 'problem' ? (
            <Alert
              severity="warning"
              action={
                camera.problem !== 'unavailable' && camera.problem !== 'missing' ? (
                  <Button color="inherit" size="small" onClick={() => setAttempt((value) => value + 1)}>
                    Try again
                  </Button>
                ) : undefined
              }
            >
              {CAMERA_PROBLEMS[camera.problem]}
            </Alert>
          ) : (
            <Box
              sx={{
                position: 'relative',
                bgcolor: 'grey.900',
                borderRadius: 2,
                overflow: 'hidden',
                aspectRatio: '4 / 3',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Box
                component="video"
                ref={video}
                muted
                playsInline
                aria-label="Camera view"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {camera.kind === 'starting' && (
                <Stack spacing={1} sx={{ position: 'absolute', alignItems: 'center', color: 'common.white' }}>
                  <CircularProgress color="inherit" aria-label="Starting the camera" />
                  <Typography>Starting the camera…</Typography>
                </Stack>
              )}
            </Box>
          )}
          <Typography role="status" color={notice ? 'error' : 'text.secondary'}>
            {opening
              ? 'Opening the booking…'
              : notice ||
                (camera.kind === 'scanning'
                  ? 'Hold the QR code from the confirmation email in front of the camera.'
                  : '')}
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => void submitTyped(event)}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                label="Booking code"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                error={typedError !== ''}
                helperText={typedError || 'Or type the code from the booking confirmation'}
                size="small"
                fullWidth
                slotProps={{
                  htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
                }}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={opening}
                sx={{ flexShrink: 0, minHeight: 40 }}
              >
                Open booking
              </Button>
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}
