import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExtraType } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { distinctNotices, type Extra } from '@/lib/api/extras';
import { formatMoneyText } from '@/lib/format';

const GROUPS: { type: ExtraType; title: string }[] = [
  { type: 'detailing', title: 'Car care while you are away' },
  { type: 'service', title: 'Servicing' },
];

interface ExtrasChecklistProps {
  extras: readonly Extra[];
  /** The extra's price for this booking (the vehicle type's variation, or what it was sold at). */
  priceOf: (extra: Extra) => string;
  selected: readonly string[];
  onToggle: (id: string) => void;
  loading: boolean;
  /** The list could not be loaded (the page says so): no "none offered" then. */
  failed?: boolean;
}

/**
 * The extras for a stay, by kind, each with its price (the wizard's Checkout step and manage my
 * booking). Extras that cannot be booked for these dates are disabled under the spec's note, followed by
 * what makes them unavailable (a blockout's own message, an exceptional day: issue 40), and kept to two
 * short lines so that they do not push the bookable ones off a phone's screen.
 */
export function ExtrasChecklist({
  extras,
  priceOf,
  selected,
  onToggle,
  loading,
  failed = false,
}: ExtrasChecklistProps) {
  if (loading) {
    return (
      <Stack spacing={1.5} role="progressbar" aria-busy="true" aria-label="Loading extras">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={76} />
        ))}
      </Stack>
    );
  }
  const anyUnavailable = extras.some((extra) => !extra.available);
  return (
    <Stack spacing={3.5}>
      {anyUnavailable && <UnavailableNote notices={distinctNotices(extras)} />}
      {GROUPS.map((group) => {
        const items = extras.filter((extra) => extra.extraType === group.type);
        if (items.length === 0) return null;
        return (
          <Box component="fieldset" key={group.type} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="h4" sx={{ mb: 1.5 }}>
              {group.title}
            </Typography>
            <Stack spacing={1.25}>
              {items.map((extra) => (
                <ExtraOption
                  key={extra.id}
                  extra={extra}
                  price={priceOf(extra)}
                  checked={selected.includes(extra.id)}
                  onToggle={() => onToggle(extra.id)}
                />
              ))}
            </Stack>
          </Box>
        );
      })}
      {extras.length === 0 && !failed && (
        <Typography color="text.secondary">No extras are offered for these dates.</Typography>
      )}
    </Stack>
  );
}

/** The spec's note, then each notice that makes extras unavailable at these dates. */
export function UnavailableNote({ notices }: { notices: readonly string[] }) {
  return (
    <Alert severity="info" data-testid="extras-unavailable-note">
      {messages.extrasUnavailable}
      {notices.map((notice) => (
        <Box component="span" key={notice} sx={{ display: 'block', mt: 0.75, fontWeight: 600 }}>
          {notice}
        </Box>
      ))}
    </Alert>
  );
}

function ExtraOption({
  extra,
  price,
  checked,
  onToggle,
}: {
  extra: Extra;
  price: string;
  checked: boolean;
  onToggle: () => void;
}) {
  // One already chosen (on a booking being changed) can still be taken off.
  const disabled = !extra.available && !checked;
  return (
    <Box
      component="label"
      data-testid={`extra-${extra.id}`}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: disabled ? 'center' : 'flex-start',
        p: disabled ? 1 : 1.75,
        pr: 2.5,
        borderRadius: 3,
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        bgcolor: checked
          ? 'rgba(15, 45, 82, 0.04)'
          : disabled
            ? 'rgba(15, 45, 82, 0.03)'
            : 'background.paper',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.75 : 1,
      }}
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
        slotProps={{
          input: {
            'aria-labelledby': `extra-${extra.id}-name`,
            'aria-describedby': `extra-${extra.id}-price extra-${extra.id}-detail`,
          },
        }}
        sx={{ mt: disabled ? 0 : -0.75 }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          id={`extra-${extra.id}-name`}
          sx={{
            fontWeight: 600,
            ...(disabled ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
          }}
        >
          {extra.name}
        </Typography>
        {/* Unavailable: the reason, one word (the note above says which dates), instead of the description. */}
        <Typography id={`extra-${extra.id}-detail`} variant="body2" color="text.secondary">
          {disabled ? 'Unavailable' : extra.description}
        </Typography>
      </Box>
      <Typography
        id={`extra-${extra.id}-price`}
        sx={{ fontWeight: 700, fontSize: disabled ? '1rem' : '1.125rem', whiteSpace: 'nowrap' }}
      >
        {formatMoneyText(price)}
      </Typography>
    </Box>
  );
}
