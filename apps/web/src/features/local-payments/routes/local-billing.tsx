import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths, profileHref } from '@/config/paths';
import { site } from '@/config/site';
import { firstErrorDetail, isNotFound } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { ownSitePath } from '@/lib/payment-pages';
import { localBillingQuery, useSetCancelAtPeriodEnd, type PortalSubscription } from '../api/local-billing';
import { CancelSubscriptionDialog } from '../components/cancel-subscription-dialog';
import { HostedNotice, HostedPage } from '../components/hosted-page';
import { PortalSubscriptionCard } from '../components/portal-subscription-card';

/**
 * /local-billing/:sessionId: the local payment provider's stand-in for Stripe's Billing portal. It lists
 * the customer's subscriptions; cancelling (after a confirmation) stops the renewal at the end of the paid
 * period, renewing takes that back. "Return to SkyPark" goes to the session's return URL.
 */
export function LocalBillingPage() {
  usePageTitle(paths.localBilling.title);
  const { sessionId = '' } = useParams();
  const session = useQuery(localBillingQuery(sessionId));
  const change = useSetCancelAtPeriodEnd(sessionId);
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState<PortalSubscription | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askToCancel = (subscription: PortalSubscription) => {
    setConfirming(subscription);
    setConfirmOpen(true);
  };

  const setCancel = (subscription: PortalSubscription, cancelAtPeriodEnd: boolean) =>
    change.mutate(
      { subscriptionId: subscription.id, cancelAtPeriodEnd },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          snackbar.show(cancelAtPeriodEnd ? 'Subscription cancelled' : 'Subscription renewed');
        },
        onError: () => setConfirmOpen(false),
      },
    );

  if (session.isError) {
    return (
      <HostedPage>
        <HostedNotice
          icon={<ErrorOutlineIcon />}
          title={isNotFound(session.error) ? 'Billing session not found' : 'Billing unavailable'}
          action={
            <Button component="a" href={profileHref({ tab: 'subscribe' })} variant="contained" size="large">
              Return to {site.wordmark}
            </Button>
          }
        >
          {isNotFound(session.error)
            ? 'This link is not valid any more. Open Manage subscription again from the Subscriptions tab of your profile.'
            : firstErrorDetail(session.error, messages.unknownError)}
        </HostedNotice>
      </HostedPage>
    );
  }

  const subscriptions = session.data?.subscriptions ?? [];
  const changing = change.isPending ? change.variables.subscriptionId : null;

  return (
    <HostedPage>
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <Link
          component="a"
          // A full page load: the profile reads the subscriptions and the session afresh.
          href={session.data ? ownSitePath(session.data.returnUrl) : profileHref({ tab: 'subscribe' })}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600, mb: 3 }}
        >
          <ArrowBackIcon aria-hidden fontSize="small" />
          Return to {site.wordmark}
        </Link>
        <Typography variant="h2" component="h1" sx={{ color: 'primary.main' }}>
          Your subscriptions
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3.5 }}>
          Unlimited parking plans billed to your card. A cancelled plan stays valid until the end of the
          period you have paid for.
        </Typography>
        {change.isError && (
          <Alert severity="error" sx={{ mb: 3 }} onClose={() => change.reset()}>
            {firstErrorDetail(change.error, messages.unknownError)}
          </Alert>
        )}
        {session.isPending ? (
          <Stack spacing={2} aria-busy="true">
            <Skeleton variant="rounded" height={132} />
          </Stack>
        ) : subscriptions.length === 0 ? (
          <Alert severity="info">
            You have no subscriptions. Subscribe from the Subscriptions tab of your profile.
          </Alert>
        ) : (
          <Stack spacing={2}>
            {subscriptions.map((subscription) => (
              <PortalSubscriptionCard
                key={subscription.id}
                subscription={subscription}
                pending={changing === subscription.id}
                disabled={change.isPending}
                onCancel={() => askToCancel(subscription)}
                onRenew={() => setCancel(subscription, false)}
              />
            ))}
          </Stack>
        )}
      </Box>
      <CancelSubscriptionDialog
        open={confirmOpen}
        subscription={confirming}
        pending={change.isPending}
        onKeep={() => setConfirmOpen(false)}
        onCancel={(subscription) => setCancel(subscription, true)}
      />
    </HostedPage>
  );
}
