import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { StatusDot } from '@/components/status-dot';
import { formatDate, formatMoneyText } from '@/lib/format';
import { isLive, type PortalSubscription } from '../api/local-billing';

/** Public-site §9: subscriptions are billed every three months (the portal's data carries no interval). */
const PERIOD = 'every 3 months';

function status(subscription: PortalSubscription) {
  const end = formatDate(subscription.currentPeriodEnd);
  if (!isLive(subscription))
    return { dot: <StatusDot colour="grey" label="Ended" />, line: `Ended on ${end}.` };
  if (subscription.cancelAtPeriodEnd) {
    return {
      dot: <StatusDot colour="yellow" label="Cancelled" />,
      line: `Valid until ${end}, then it ends. It will not renew.`,
    };
  }
  return {
    dot: <StatusDot colour="green" label="Active" />,
    line: `Renews on ${end} for ${formatMoneyText(subscription.amount)}.`,
  };
}

interface PortalSubscriptionCardProps {
  subscription: PortalSubscription;
  /** This card's change is on its way. */
  pending: boolean;
  disabled: boolean;
  onCancel: () => void;
  onRenew: () => void;
}

/** One subscription in the billing portal: plan, price, renewal or end date, and Cancel or Renew. */
export function PortalSubscriptionCard({
  subscription,
  pending,
  disabled,
  onCancel,
  onRenew,
}: PortalSubscriptionCardProps) {
  const titleId = useId();
  const { dot, line } = status(subscription);
  const live = isLive(subscription);
  const spinner = pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box>
            <Typography id={titleId} variant="h4" component="h2">
              {subscription.productName}
            </Typography>
            <Typography sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {formatMoneyText(subscription.amount)}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {PERIOD}
              </Box>
            </Typography>
            <Box
              sx={{
                mt: 1,
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                columnGap: 1.5,
                rowGap: 0.25,
              }}
            >
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {dot}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {line}
              </Typography>
            </Box>
          </Box>
          {live &&
            (subscription.cancelAtPeriodEnd ? (
              <Button
                variant="contained"
                onClick={onRenew}
                disabled={disabled}
                startIcon={spinner}
                sx={{ flexShrink: 0 }}
              >
                Renew subscription
              </Button>
            ) : (
              <Button
                variant="outlined"
                color="error"
                onClick={onCancel}
                disabled={disabled}
                sx={{ flexShrink: 0 }}
              >
                Cancel subscription
              </Button>
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
