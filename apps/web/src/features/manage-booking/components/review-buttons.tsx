import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ChangeQuoteAttributes } from '@parking/domain/api-contract/manage-booking';

const working = (pending: boolean) =>
  pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined;

interface Props {
  /** The review shown, if any: confirming is offered once it changes something. */
  review: { quote: ChangeQuoteAttributes } | null;
  reviewing: boolean;
  saving: boolean;
  onConfirm: () => void;
  reviewLabel: string;
  confirmLabel: string;
}

/** A change's two steps: review it (the form's submit), then confirm what was reviewed. */
export function ReviewButtons({ review, reviewing, saving, onConfirm, reviewLabel, confirmLabel }: Props) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
      <Button
        type="submit"
        variant={review ? 'outlined' : 'contained'}
        disabled={reviewing}
        startIcon={working(reviewing)}
      >
        {reviewLabel}
      </Button>
      {review && review.quote.changed.length > 0 && (
        <Button variant="contained" disabled={saving} onClick={onConfirm} startIcon={working(saving)}>
          {confirmLabel}
        </Button>
      )}
    </Stack>
  );
}
