import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface LoadErrorProps {
  /** Asks again; without it the alert offers no Retry. */
  onRetry?: () => void;
  sx?: SxProps<Theme>;
  /** What could not be loaded, in a sentence. */
  children: ReactNode;
}

/** A back-office list or report that failed to load: says so, with Retry beside it. */
export function LoadError({ onRetry, sx, children }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}
