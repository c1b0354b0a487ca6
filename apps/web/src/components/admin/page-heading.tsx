import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

/**
 * A back-office page's heading: its title (the page's h1), a line under it, and what acts on the whole page beside
 * them (a refresh, the day navigator), stacked on a phone and side by side from `from` up.
 */
export function AdminPageHeading({
  title,
  subtitle,
  actions,
  headingRef,
  from = 'sm',
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The heading takes the focus after a change the page announces (it is then focusable, without an outline). */
  headingRef?: Ref<HTMLHeadingElement>;
  from?: 'sm' | 'md';
}) {
  const wide = from === 'md';
  return (
    <Stack
      direction={{ xs: 'column', [from]: 'row' }}
      spacing={wide ? 2 : 1}
      sx={{ justifyContent: 'space-between', alignItems: { [from]: wide ? 'center' : 'flex-start' }, mb: 2 }}
    >
      <Box>
        <Typography
          ref={headingRef}
          {...(headingRef ? { tabIndex: -1 } : {})}
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, ...(headingRef ? { outline: 'none' } : {}) }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={wide ? undefined : { mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Stack>
  );
}

/** Reads a page's lists again (a text button beside the heading). */
export function RefreshButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button
      variant="text"
      startIcon={<RefreshIcon />}
      onClick={onClick}
      disabled={disabled}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
    >
      Refresh
    </Button>
  );
}
