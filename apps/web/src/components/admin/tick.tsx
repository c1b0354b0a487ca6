import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@/components/visually-hidden';

/** A tick for true, nothing for false; the word is there for screen readers. */
export function Tick({ value, label }: { value: boolean; label?: string }) {
  return value ? (
    <Box component="span" sx={{ display: 'inline-flex', color: 'success.dark' }}>
      <CheckIcon fontSize="small" aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {label ?? 'Yes'}
      </Box>
    </Box>
  ) : (
    <Box component="span" sx={visuallyHidden}>
      No
    </Box>
  );
}
