import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { UserAttributes } from '@parking/domain/api-contract/accounts';
import type { SubscriptionCodename } from '@parking/domain/constants';
import { messages } from '@parking/domain/messages';
import { StatusDot } from '@/components/status-dot';
import { site } from '@/config/site';
import { firstErrorDetail } from '@/lib/api/client';
import { billingPeriod, formatPlanPrice } from '@/lib/billing';
import { formatDate } from '@/lib/format';
import { productFor, useSubscriptionProducts, type SubscriptionProduct } from '@/lib/subscriptions/products';
import { useProviderVisit } from '@/lib/subscriptions/sessions';
import { useUserSubscriptions, type UserSubscriptionsAnswer } from '@/lib/subscriptions/user-subscriptions';

/**
 * The subscriptions of one user (public-site §2 profile tab, back-office §2 "Customers" Subscription tab):
 * per kind, none (offer Subscribe), active (its renewal date) or cancelled but still valid (its expiry
 * date), and Manage subscription once any is valid. The customer's profile and the back office's customer
 * screen show the same panel, worded for who is looking.
 */

/** Whose subscriptions: the user's id and the flags the users resource answers. */
export type SubscriptionHolder = { id: string } & Pick<
  UserAttributes,
  'activeIndoorSubscription' | 'activeOutdoorSubscription'
>;

/** The customer about themselves, or staff about a customer. */
export type SubscriptionAudience = 'customer' | 'staff';

const WORDING = {
  customer: {
    intro:
      'A subscription makes the parking charge free for its car park, whenever you book. Subscriptions are billed every three months.',
    active: 'Parking in this car park is free on every booking.',
    cancelled: (date: string) => `Parking in this car park stays free until ${date}.`,
    manage: 'Cancel a subscription, renew a cancelled one or check when you are next billed.',
  },
  staff: {
    intro:
      'Unlimited parking subscriptions make this customer’s parking charge free for their car park, billed every three months. Subscribe and Manage subscription open the payment provider’s pages, where the customer’s card details are entered.',
    active: 'Their parking in this car park is free on every booking.',
    cancelled: (date: string) => `Their parking in this car park stays free until ${date}.`,
    manage: 'Cancel a subscription, renew a cancelled one or check when this customer is next billed.',
  },
} as const;

interface SubscriptionKind {
  codename: SubscriptionCodename;
  title: string;
  description: string;
  flag: 'activeIndoorSubscription' | 'activeOutdoorSubscription';
}

/** The two kinds (public-site §4, §9), each billed every three months. */
const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = [
  {
    codename: 'unlimited_indoor_parking',
    title: 'Unlimited indoor parking',
    description:
      'Park undercover in our indoor car park as often as you fly: the parking charge of every stay is covered.',
    flag: 'activeIndoorSubscription',
  },
  {
    codename: 'unlimited_outdoor_parking',
    title: 'Unlimited outdoor parking',
    description:
      'Park in our outdoor car park as often as you fly: the parking charge of every stay is covered.',
    flag: 'activeOutdoorSubscription',
  },
];

/**
 * A subscription's state (public-site §4): none, active (renews on a date) or cancelled but still valid
 * (expires on a date). The user's flags tell active from none; the dates come with the subscriptions
 * resource.
 */
export type SubscriptionState =
  { kind: 'none' } | { kind: 'active'; renewsOn?: string } | { kind: 'cancelled'; expiresOn: string };

function StateLine({ state }: { state: SubscriptionState }) {
  let dot;
  switch (state.kind) {
    case 'active':
      dot = (
        <StatusDot
          colour="green"
          label={state.renewsOn ? `Active — renews on ${state.renewsOn}` : 'Active'}
        />
      );
      break;
    case 'cancelled':
      dot = <StatusDot colour="yellow" label={`Cancelled — valid until ${state.expiresOn}`} />;
      break;
    default:
      dot = <StatusDot colour="grey" label="Not subscribed" />;
  }
  // A long date must wrap on a phone rather than run out of the card.
  return <Box sx={{ fontWeight: 500, '& > span': { whiteSpace: 'normal' } }}>{dot}</Box>;
}

interface SubscriptionCardProps {
  kind: SubscriptionKind;
  state: SubscriptionState;
  product?: SubscriptionProduct;
  /** Subscribe, when the kind can be bought. */
  action?: ReactNode;
}

function SubscriptionCard({ kind, state, product, action }: SubscriptionCardProps) {
  const price = product?.price;
  return (
    <Card
      component="section"
      aria-labelledby={`${kind.codename}-title`}
      sx={state.kind === 'active' ? { borderColor: 'success.main' } : undefined}
    >
      <CardContent
        sx={{ p: { xs: 2.5, sm: 3 }, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Typography id={`${kind.codename}-title`} variant="h4" component="h3">
          {kind.title}
        </Typography>
        <StateLine state={state} />
        <Typography color="text.secondary" variant="body2">
          {product?.description || kind.description}
        </Typography>
        {price && (
          <Typography>
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 700, color: 'primary.main' }}>
              {formatPlanPrice(price.amount)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
              {billingPeriod(price.interval, price.intervalCount)}
            </Box>
          </Typography>
        )}
        {action && <Box sx={{ mt: 'auto', pt: 0.5 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}

/**
 * A kind's state (public-site §4): from the user's subscriptions when the server lists them (active when valid
 * and not cancelled, renewing at its end; cancelled but valid until its end), else from the user's flags.
 */
function subscriptionState(
  kind: SubscriptionKind,
  user: SubscriptionHolder,
  answer: UserSubscriptionsAnswer | undefined,
): SubscriptionState {
  if (answer?.status === 'available') {
    const valid = answer.subscriptions.filter((item) => item.codename === kind.codename && item.valid);
    const active = valid.find((item) => !item.canceledAt);
    if (active) return { kind: 'active', renewsOn: formatDate(active.endDatetime) };
    const cancelled = valid[0];
    if (cancelled) return { kind: 'cancelled', expiresOn: formatDate(cancelled.endDatetime) };
    return { kind: 'none' };
  }
  return user[kind.flag] ? { kind: 'active' } : { kind: 'none' };
}

/** Public-site §4: the manage button shows when any valid subscription exists (cancelled ones included). */
function hasValidSubscription(
  user: SubscriptionHolder,
  answer: UserSubscriptionsAnswer | undefined,
): boolean {
  if (answer?.status === 'available') return answer.subscriptions.some((item) => item.valid);
  return SUBSCRIPTION_KINDS.some((kind) => user[kind.flag]);
}

const spinner = <CircularProgress size={18} color="inherit" aria-hidden />;

/**
 * Per kind its state and price (public-site §2, §4, §7, §8; back-office §2), with Subscribe for a kind
 * the user does not hold, and Manage subscription once any is valid. Both leave for the payment
 * provider's pages, which come back to the screen they were opened from (the server knows which).
 */
export function SubscriptionPanel({
  user,
  audience = 'customer',
}: {
  user: SubscriptionHolder;
  audience?: SubscriptionAudience;
}) {
  const wording = WORDING[audience];
  const products = useSubscriptionProducts();
  const subscriptions = useUserSubscriptions(user.id);
  const visit = useProviderVisit(user.id);
  const loadError = products.error ?? subscriptions.error;
  const loading = products.isPending || subscriptions.isPending;
  const busy = visit.busy;
  const canManage = !loading && !loadError && hasValidSubscription(user, subscriptions.data);

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{wording.intro}</Typography>
      {loadError && <Alert severity="error">{firstErrorDetail(loadError, messages.unknownError)}</Alert>}
      {visit.error && (
        <Alert severity="error" onClose={() => visit.reset()}>
          {firstErrorDetail(visit.error, messages.unknownError)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {SUBSCRIPTION_KINDS.map((kind) => {
          if (loading) return <Skeleton key={kind.codename} variant="rounded" height={240} aria-hidden />;
          const state = subscriptionState(kind, user, subscriptions.data);
          const product = productFor(products.data, kind.codename);
          const priceId = product?.price?.id;
          let action: ReactNode = null;
          if (state.kind !== 'none') {
            action = (
              <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 500 }}>
                {state.kind === 'cancelled' ? wording.cancelled(state.expiresOn) : wording.active}
              </Typography>
            );
          } else if (!loadError) {
            const mine = busy?.kind === 'subscribe' && busy.priceId === priceId;
            action = priceId ? (
              <Button
                variant="contained"
                size="large"
                onClick={() => visit.open({ kind: 'subscribe', priceId })}
                disabled={Boolean(busy)}
                startIcon={mine ? spinner : undefined}
                aria-label={`Subscribe to ${kind.title.toLowerCase()}`}
              >
                Subscribe
              </Button>
            ) : (
              <Typography variant="body2">
                To subscribe, call us on <Link href={site.phone.href}>{site.phone.display}</Link>.
              </Typography>
            );
          }
          return (
            <SubscriptionCard
              key={kind.codename}
              kind={kind}
              state={state}
              product={product}
              action={action}
            />
          );
        })}
      </Box>
      {canManage && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{
            alignItems: { xs: 'stretch', sm: 'center' },
            justifyContent: 'space-between',
            p: { xs: 2, sm: 2.5 },
            borderRadius: 2,
            bgcolor: 'rgba(15, 45, 82, 0.04)',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {wording.manage}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => visit.open({ kind: 'manage' })}
            disabled={Boolean(busy)}
            startIcon={busy?.kind === 'manage' ? spinner : undefined}
            sx={{ flexShrink: 0 }}
          >
            Manage subscription
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
