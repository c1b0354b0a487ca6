import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface StepActionsProps {
  /** Where Back goes, or nothing for no Back button. */
  backHref?: string;
  backLabel?: string;
  continueLabel?: string;
  /** Disabled Continue (e.g. nothing chosen yet). */
  disabled?: boolean;
  /** Shows a spinner on Continue while the step checks or saves. */
  busy?: boolean;
  /** A submit button for the step's form, or a plain button with this handler. */
  onContinue?: () => void;
}

/** Back and Continue at the foot of a step: Continue is the page's one primary action. */
export function StepActions({
  backHref,
  backLabel = 'Back',
  continueLabel = 'Continue',
  disabled,
  busy,
  onContinue,
}: StepActionsProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        gap: 1.5,
        mt: { xs: 3, md: 4 },
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {backHref ? (
        <Button href={backHref} variant="text" size="large" startIcon={<ArrowBackIcon />}>
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <Button
        type={onContinue ? 'button' : 'submit'}
        onClick={onContinue}
        variant="contained"
        size="large"
        disabled={disabled || busy}
        endIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ArrowForwardIcon />}
        sx={{ minWidth: { sm: 200 } }}
      >
        {continueLabel}
      </Button>
    </Box>
  );
}
