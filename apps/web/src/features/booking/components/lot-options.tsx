import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GarageOutlinedIcon from '@mui/icons-material/GarageOutlined';
import LocalParkingOutlinedIcon from '@mui/icons-material/LocalParkingOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@parking/domain/messages';
import { quoteUnavailable } from '@parking/domain/quote-standing';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { useSiteContact } from '@/lib/content/site-contact';
import type { LotQuote } from '@/lib/api/quotes';

const LOT_COPY: Record<string, { icon: ReactNode; text: string }> = {
  indoor: {
    icon: <GarageOutlinedIcon />,
    text: 'Undercover in our multi-level building, out of the sun, hail and frost.',
  },
  outdoor: {
    icon: <LocalParkingOutlinedIcon />,
    text: 'Our best price, in a fenced, lit and camera-monitored compound.',
  },
};

interface LotOptionsProps {
  quotes: readonly LotQuote[];
  selectedId: string;
  onSelect: (quote: LotQuote) => void;
  stayLabel: string;
}

/**
 * One card per car park with its price for the stay (public-site §2 "Get Quote"), chosen like radio
 * buttons. A stay that cannot be booked shows no price and cannot be chosen: a day the car park is closed
 * says so with the blockout's message; a car park over its fill threshold says it cannot be booked online
 * and gives the sales phone number instead of a choice.
 */
export function LotOptions({ quotes, selectedId, onSelect, stayLabel }: LotOptionsProps) {
  const { phone } = useSiteContact();
  const group = useRef<HTMLDivElement>(null);
  const atFirst = useRef({ quotes, selectedId, onSelect });
  // A car park chosen on the pre-rendered step before the app took it over: the browser checked its radio,
  // and the booking takes it (the app would otherwise draw its own choice over it at its next render).
  useLayoutEffect(() => {
    const { quotes: shown, selectedId: held, onSelect: choose } = atFirst.current;
    const checked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const chosen = checked ? shown.find((quote) => quote.lotId === checked.value) : undefined;
    if (chosen && chosen.lotId !== held && !quoteUnavailable(chosen)) choose(chosen);
  }, []);
  return (
    <Box
      ref={group}
      role="radiogroup"
      aria-label="Car park"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {quotes.map((quote) => {
        const copy = LOT_COPY[quote.slug] ?? { icon: <LocalParkingOutlinedIcon />, text: '' };
        const unavailable = quoteUnavailable(quote);
        const full = unavailable !== null;
        // A choice kept while the stay is closed is not shown checked: it comes back with bookable dates.
        const selected = quote.lotId === selectedId && !full;
        return (
          <Box
            key={quote.lotId}
            component="label"
            data-lot={quote.slug}
            sx={{
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
              p: 2.5,
              borderRadius: 3,
              border: 2,
              borderColor: selected ? 'primary.main' : 'divider',
              bgcolor: full
                ? 'rgba(15, 45, 82, 0.03)'
                : selected
                  ? 'rgba(15, 45, 82, 0.04)'
                  : 'background.paper',
              cursor: full ? 'default' : 'pointer',
              transition: 'border-color 150ms, background-color 150ms',
              '&:hover': full ? undefined : { borderColor: selected ? 'primary.main' : 'primary.light' },
              '&:has(input:focus-visible)': { outline: '3px solid #1F5FD1', outlineOffset: 2 },
            }}
          >
            <Box
              component="input"
              type="radio"
              name="lot"
              value={quote.lotId}
              checked={selected}
              disabled={full}
              onChange={() => onSelect(quote)}
              sx={visuallyHidden}
              aria-describedby={`lot-${quote.lotId}-detail`}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.25,
                  color: 'primary.main',
                  '& svg': { fontSize: 28 },
                }}
              >
                {copy.icon}
                <Typography component="span" variant="h4">
                  {quote.name}
                </Typography>
              </Box>
              {selected && <CheckCircleIcon aria-hidden sx={{ color: 'primary.main' }} />}
            </Box>
            {unavailable?.reason === 'closed' ? (
              <Box id={`lot-${quote.lotId}-detail`}>
                <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Closed on these dates</Typography>
                <Typography variant="body2" color="text.secondary">
                  {unavailable.message}
                </Typography>
              </Box>
            ) : full ? (
              <Box id={`lot-${quote.lotId}-detail`}>
                <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Not available online</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {messages.lotFull}
                </Typography>
                <Button href={phone.href} size="small" variant="outlined" startIcon={<PhoneOutlinedIcon />}>
                  Call {phone.display}
                </Button>
              </Box>
            ) : (
              <Box id={`lot-${quote.lotId}-detail`}>
                {quote.coveredBy && quote.price === '0.00' ? (
                  // A stay the customer's subscription covers whole says so, rather than a bare $0.
                  <Typography
                    component="p"
                    sx={{ fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.25, color: 'text.primary' }}
                  >
                    Covered by your {quote.coveredBy} subscription
                  </Typography>
                ) : (
                  <Typography
                    component="p"
                    sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.1, color: 'text.primary' }}
                  >
                    {quote.formattedPrice}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, mb: 1 }}>
                  {quote.coveredBy && quote.price === '0.00'
                    ? `${stayLabel}, nothing to pay`
                    : quote.coveredBy
                      ? `${stayLabel}, GST included: the days after your ${quote.coveredBy} subscription ends`
                      : `${stayLabel}, GST included`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {copy.text}
                </Typography>
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
