import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { billingPeriod } from '@/lib/billing';
import { formatMoneyText } from '@/lib/format';
import type { LocalCheckoutSession } from '../api/local-checkout';

function Row({
  label,
  detail,
  amount,
  strong = false,
}: {
  label: string;
  detail?: string;
  amount: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
      <Box>
        <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{label}</Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}>{amount}</Typography>
    </Box>
  );
}

/** What is being bought: the plan, its price and how often it is billed (Checkout's left-hand side). */
export function CheckoutSummary({ session }: { session: LocalCheckoutSession }) {
  const amount = formatMoneyText(session.amount);
  const period = billingPeriod(session.interval, session.intervalCount);
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          Subscribe to
        </Typography>
        <Typography variant="h3" component="h1" sx={{ color: 'primary.main' }}>
          {session.productName}
        </Typography>
      </Box>
      <Box>
        <Typography
          component="p"
          sx={{ fontSize: { xs: '2.25rem', md: '2.75rem' }, fontWeight: 700, lineHeight: 1.1 }}
        >
          {amount}
        </Typography>
        <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
          billed {period}
        </Typography>
      </Box>
      {session.productDescription && (
        <Typography color="text.secondary">{session.productDescription}</Typography>
      )}
      {/* The line item repeats the heading: a phone, where the card form waits below, does without it. */}
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Divider sx={{ mb: 2.5 }} />
        <Row label={session.productName} detail={`Billed ${period}`} amount={amount} />
      </Box>
      <Divider />
      <Row label="Total due today" amount={amount} strong />
      <Typography variant="body2" color="text.secondary">
        Then {amount} {period} until you cancel. Prices in Australian dollars, GST included.
      </Typography>
    </Stack>
  );
}
