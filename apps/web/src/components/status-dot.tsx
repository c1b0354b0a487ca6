import Box from '@mui/material/Box';

export type DotColour = 'green' | 'yellow' | 'red' | 'grey' | 'blue';

// Darker than the usual traffic-light tints, so that each dot keeps 3:1 against white (WCAG non-text).
const colours: Record<DotColour, string> = {
  green: '#2E7D32',
  yellow: '#B7791F',
  red: '#C62828',
  grey: '#6B7280',
  blue: '#1565C0',
};

/** A coloured dot with its word beside it: colour helps scanning, the word carries the meaning. */
export function StatusDot({ colour, label }: { colour: DotColour; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[colour], flexShrink: 0 }}
      />
      {label}
    </Box>
  );
}
