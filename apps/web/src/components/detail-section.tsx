import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Detail {
  label: string;
  value: ReactNode;
}

interface DetailSectionProps {
  title: string;
  details: Detail[];
  /** The labels' column is at least this wide (px). */
  labelWidth: number;
  /** Shows the heading even when no detail has a value (the section is left out otherwise). */
  keepWhenEmpty?: boolean;
}

/**
 * A booking's details under a small heading, as a description list of labels and values (a traveller's
 * booking, Manage my booking): a detail without a value is left out.
 */
export function DetailSection({ title, details, labelWidth, keepWhenEmpty = false }: DetailSectionProps) {
  const shown = details.filter(
    (detail) => detail.value !== '' && detail.value !== null && detail.value !== undefined,
  );
  if (shown.length === 0 && !keepWhenEmpty) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="primary.light">
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: `minmax(${labelWidth}px, auto) 1fr`,
          columnGap: 2,
          rowGap: 0.75,
        }}
      >
        {shown.map((detail) => (
          <Box key={detail.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {detail.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {detail.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** One line of a booking's charges: the label, and the amount at the right (`strong` for a total). */
export function ChargeLine({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{
        justifyContent: 'space-between',
        typography: strong ? 'subtitle1' : 'body2',
        fontWeight: strong ? 700 : 400,
      }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </Stack>
  );
}
