import { lazy, Suspense, type ComponentProps } from 'react';
import type { WaitlistJoin } from './waitlist-join';

/**
 * The waitlist's offer, fetched only when a lot is full: its email field and lot menu are code the
 * quote step's usual visit (a lot with room) never runs, so they stay out of the step's first download.
 */
const WaitlistJoinScreen = lazy(() =>
  import('./waitlist-join').then((module) => ({ default: module.WaitlistJoin })),
);

export function LazyWaitlistJoin(props: ComponentProps<typeof WaitlistJoin>) {
  return (
    <Suspense fallback={null}>
      <WaitlistJoinScreen {...props} />
    </Suspense>
  );
}
