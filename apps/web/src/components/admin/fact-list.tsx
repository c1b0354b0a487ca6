import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Read-only label and value pairs as a description list (a message's sender, a booking's check-in). */
export function FactList({
  facts,
  columns = { xs: '1fr', sm: '160px 1fr' },
}: {
  facts: readonly (readonly [string, ReactNode])[];
  /** The grid's columns by breakpoint: a label column and a value column, once or more. */
  columns?: Record<string, string>;
}) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: columns, rowGap: 1, columnGap: 2, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
