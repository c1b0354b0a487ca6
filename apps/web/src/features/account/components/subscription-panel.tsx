import type { SessionUser } from '@/lib/auth/session';
import { SubscriptionPanel as SharedSubscriptionPanel } from '@/components/subscriptions/subscription-panel';

/**
 * The profile's subscription tab (public-site §2, §4, §7, §8): the shared panel, worded for the
 * customer themselves. The provider's pages come back to this tab.
 */
export function SubscriptionPanel({ user }: { user: SessionUser }) {
  return <SharedSubscriptionPanel user={user} audience="customer" />;
}
