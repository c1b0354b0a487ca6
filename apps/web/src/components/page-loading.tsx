import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/**
 * Shown while a screen's code is downloading. `fillViewport` makes it as tall as the window, for a
 * layout with a footer below the screen: the footer then stays out of view until the screen arrives,
 * instead of showing mid-window and jumping down (a layout shift, and a footer flashing past).
 */
export function PageLoading({ fillViewport = false }: { fillViewport?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fillViewport ? '100dvh' : '50vh',
        // Most screens arrive within a few hundred milliseconds; a spinner that flashes for that long
        // looks like a glitch, so it fades in only when the wait is real.
        opacity: 0,
        animation: `${appear} 200ms ease-out 400ms forwards`,
      }}
    >
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
