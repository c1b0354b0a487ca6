import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react';
import type { WaitlistJoin } from './waitlist-join';

/**
 * The waitlist's offer, fetched only when a lot is full: its email field and lot menu are code the
 * quote step's usual visit (a lot with room) never runs, so they stay out of the step's first download.
 */
const WaitlistJoinScreen = lazy(() =>
  import('./waitlist-join').then((module) => ({ default: module.WaitlistJoin })),
);

const noSubscription = () => () => undefined;

/**
 * Drawn by the browser only, once the page is its own: in a pre-rendered step 1 (entry-server.tsx) the
 * server may have its chunk loaded when the hydrating browser has not, and a form the app has not taken
 * over yet would be sent by the browser itself when clicked.
 */
export function LazyWaitlistJoin(props: ComponentProps<typeof WaitlistJoin>) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistJoinScreen {...props} />
    </Suspense>
  );
}
