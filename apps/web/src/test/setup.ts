import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so it leaves scrolling unimplemented and logs an error whenever the router's
// scroll restoration calls it.
window.scrollTo = () => undefined;

// Testing Library unmounts after each test only when the runner exposes global hooks; ours does not.
afterEach(() => {
  cleanup();
});
