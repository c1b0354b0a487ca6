import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'startIcon'> {
  /** The form is being sent: the button is disabled and shows a spinner in place of its icon. */
  pending: boolean;
  /** The icon before the label while nothing is being sent. */
  icon?: ReactNode;
}

/** A form's primary action: a large contained submit button that waits, with a spinner, while the form is sent. */
export function SubmitButton({ pending, icon, disabled = false, ...props }: SubmitButtonProps) {
  return (
    <Button
      variant="contained"
      size="large"
      {...props}
      type="submit"
      disabled={disabled || pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
    />
  );
}
