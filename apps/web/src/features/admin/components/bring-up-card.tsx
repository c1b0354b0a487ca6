import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { BringUpMoveInput, BringUpState } from '@parking/domain/bring-up';
import { formatTimeOfInstant } from '@/lib/format';
import type { BringUpCard as BoardCard } from '../api/bring-up';

const CHIP: Record<BringUpState, 'default' | 'info' | 'warning' | 'primary' | 'success'> = {
  expected: 'default',
  landed: 'info',
  asked: 'warning',
  bringing: 'primary',
  ready: 'success',
  handed_back: 'default',
};

/** "12 min", "1 h 05 min": how long the traveller has waited. */
function waited(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type CardAction =
  { kind: 'move'; move: BringUpMoveInput } | { kind: 'hand-back'; kilometers: number | null };

/** A question in a dialog (the bay, the kilometres out): one field, its own label, Save and Cancel. */
function AskDialog({
  open,
  title,
  label,
  required,
  onClose,
  onSave,
}: {
  open: boolean;
  title: string;
  label: string;
  required: boolean;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && !value.trim()) {
      setError(`Enter the ${label.toLowerCase()}.`);
      return;
    }
    onSave(value.trim());
    setValue('');
    setError('');
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={!!error}
            helperText={error || ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One pick-up on the board: when the car is needed, whose it is, its status and the next step, thumb-sized. */
export function BringUpCardView({
  card,
  now,
  busy,
  onAction,
}: {
  card: BoardCard;
  now: number;
  busy: boolean;
  onAction: (action: CardAction) => void;
}) {
  const [asking, setAsking] = useState<'bay' | 'kilometers' | null>(null);
  const titleId = `card-${card.id}`;
  const done = card.state === 'handed_back';
  const move = (value: BringUpMoveInput) => onAction({ kind: 'move', move: value });
  const big = { minHeight: 48, flex: 1 } as const;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ opacity: done ? 0.6 : 1, borderColor: card.state === 'asked' ? 'warning.main' : undefined }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <div>
            <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {formatTimeOfInstant(card.neededAt)} · {card.firstName} {card.lastName}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {[card.rego, [card.colour, card.make, card.model].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {card.bookingCode}
              {card.flightNumberIn ? ` · ${card.flightNumberIn}` : ''}
              {card.arrival ? ` · lands ${formatTimeOfInstant(card.arrival)}` : ''}
              {card.lotName ? ` · ${card.lotName}` : ''}
            </Typography>
          </div>
          <Chip label={card.label} color={CHIP[card.state]} size="small" />
        </Stack>
        {card.waitingSince && (
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            Waited {waited(card.waitingSince, now)}
          </Typography>
        )}
      </CardContent>
      {!done && (
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {card.state === 'expected' && (
            <Button variant="outlined" sx={big} disabled={busy} onClick={() => move({ state: 'landed' })}>
              Landed
            </Button>
          )}
          {(card.state === 'expected' || card.state === 'landed') && (
            <Button variant="contained" sx={big} disabled={busy} onClick={() => move({ state: 'asked' })}>
              Asked for
            </Button>
          )}
          {card.state === 'asked' && (
            <Button variant="contained" sx={big} disabled={busy} onClick={() => move({ state: 'bringing' })}>
              I&apos;m bringing it up
            </Button>
          )}
          {card.state === 'bringing' && (
            <Button variant="contained" sx={big} disabled={busy} onClick={() => setAsking('bay')}>
              Ready at bay…
            </Button>
          )}
          {card.state === 'ready' && (
            <Button variant="contained" sx={big} disabled={busy} onClick={() => setAsking('kilometers')}>
              Hand back
            </Button>
          )}
        </CardActions>
      )}
      <AskDialog
        open={asking === 'bay'}
        title={`Ready for ${card.firstName} ${card.lastName}`}
        label="Bay number"
        required
        onClose={() => setAsking(null)}
        onSave={(bay) => {
          setAsking(null);
          move({ state: 'ready', bay });
        }}
      />
      <AskDialog
        open={asking === 'kilometers'}
        title={`Hand back ${card.rego || card.bookingCode}`}
        label="Kilometres out"
        required={false}
        onClose={() => setAsking(null)}
        onSave={(kilometers) => {
          setAsking(null);
          onAction({
            kind: 'hand-back',
            kilometers: kilometers ? Number(kilometers.replace(/\D/g, '')) : null,
          });
        }}
      />
    </Card>
  );
}
