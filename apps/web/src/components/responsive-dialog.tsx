import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent, { type DialogContentProps } from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';

/** Public-site §9: dialogs are fullscreen below 960 px width. */
const FULLSCREEN_DIALOG_QUERY = '(max-width: 959.95px)';

interface ResponsiveDialogProps extends Omit<DialogProps, 'title' | 'fullScreen' | 'maxWidth' | 'children'> {
  title: ReactNode;
  /** Pixels; the spec's 1000 for most dialogs, 350 for login. */
  maxWidth?: number;
  /** Full screen below this width (px): 960 for most dialogs, 600 for the payment dialog (back-office §9). */
  fullScreenBelow?: number;
  onClose: () => void;
  /**
   * Closes only through its own buttons, not by a click beside it or Escape (back-office §2: the region
   * dialog), so that a half-filled form is not lost by a stray click.
   */
  persistent?: boolean;
  children: ReactNode;
}

export function ResponsiveDialog({
  title,
  maxWidth = 1000,
  fullScreenBelow,
  onClose,
  persistent,
  children,
  slotProps,
  ...props
}: ResponsiveDialogProps) {
  const fullScreen = useMediaQuery(
    fullScreenBelow ? `(max-width: ${fullScreenBelow - 0.05}px)` : FULLSCREEN_DIALOG_QUERY,
  );
  const titleId = useId();
  return (
    <Dialog
      {...props}
      onClose={persistent ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        ...slotProps,
        paper: { sx: fullScreen ? undefined : { maxWidth, borderRadius: '16px' } },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      {children}
    </Dialog>
  );
}

/**
 * The body of a read-only dialog. It scrolls when the content is taller than the screen and holds
 * nothing focusable, so it takes keyboard focus itself: otherwise a keyboard user could not scroll it
 * (WCAG 2.1.1). A form's fields make this unnecessary.
 */
export function ScrollableDialogContent({ label, ...props }: DialogContentProps & { label: string }) {
  return <DialogContent role="region" aria-label={label} tabIndex={0} {...props} />;
}
