import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassDisabledOutlinedIcon from '@mui/icons-material/HourglassDisabledOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { useParams } from 'react-router';
import { paths, profileHref } from '@/config/paths';
import { site } from '@/config/site';
import { firstErrorDetail, isNotFound } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { ownSitePath } from '@/lib/payment-pages';
import { localCheckoutQuery } from '../api/local-checkout';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutSummary } from '../components/checkout-summary';
import { HostedNotice, HostedPage } from '../components/hosted-page';

const returnButton = (href: string) => (
  // A full page load: the site reads the session and its subscriptions afresh.
  <Button component="a" href={href} variant="contained" size="large">
    Return to {site.wordmark}
  </Button>
);

function CheckoutSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }} aria-busy="true">
      <Stack spacing={2}>
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={56} width="60%" />
        <Skeleton variant="rounded" height={120} />
      </Stack>
      <Skeleton variant="rounded" height={420} />
    </Box>
  );
}

/**
 * /local-checkout/:sessionId: the local payment provider's stand-in for Stripe's hosted Checkout of a
 * subscription. The session id is the capability: anyone holding the link may pay, as with Stripe.
 */
export function LocalCheckoutPage() {
  usePageTitle(paths.localCheckout.title);
  const { sessionId = '' } = useParams();
  const session = useQuery(localCheckoutQuery(sessionId));

  let content;
  if (session.isPending) {
    content = <CheckoutSkeleton />;
  } else if (session.isError) {
    content = (
      <HostedNotice
        icon={<ErrorOutlineIcon />}
        title={isNotFound(session.error) ? 'Checkout not found' : 'Checkout unavailable'}
        action={returnButton(profileHref({ tab: 'subscribe' }))}
      >
        {isNotFound(session.error)
          ? 'This checkout link is not valid. Start again from the Subscriptions tab of your profile.'
          : firstErrorDetail(session.error, messages.unknownError)}
      </HostedNotice>
    );
  } else if (session.data.status === 'complete') {
    content = (
      <HostedNotice
        icon={<CheckCircleOutlineIcon />}
        title="This checkout is complete"
        action={returnButton(ownSitePath(session.data.successUrl))}
      >
        {`${session.data.productName} has been paid for with this checkout. There is nothing more to pay.`}
      </HostedNotice>
    );
  } else if (session.data.status !== 'open') {
    content = (
      <HostedNotice
        icon={<HourglassDisabledOutlinedIcon />}
        title="This checkout has expired"
        action={returnButton(ownSitePath(session.data.cancelUrl))}
      >
        Nothing was charged. To subscribe, start again from the Subscriptions tab of your profile.
      </HostedNotice>
    );
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 6 },
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ pt: { md: 1 } }}>
          <CheckoutSummary session={session.data} />
        </Box>
        <Card sx={{ boxShadow: '0 12px 32px rgba(15, 45, 82, 0.08)' }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <CheckoutForm session={session.data} />
          </CardContent>
        </Card>
      </Box>
    );
  }

  return <HostedPage>{content}</HostedPage>;
}
