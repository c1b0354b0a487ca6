import Alert from '@mui/material/Alert';

/**
 * The local payment provider's test card, named on its card forms (issue 40): it runs in development, the
 * demo and the tests only (the server refuses to start in production without Stripe), so a real traveller
 * never sees this; Stripe's own card form names nothing.
 */
export function TestCardsNote() {
  return (
    <Alert severity="info" variant="outlined" role="note" sx={{ mb: 2.5 }}>
      Test mode: pay with 4242 4242 4242 4242, any future expiry date and any three-digit CVC.
    </Alert>
  );
}
