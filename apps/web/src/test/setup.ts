import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { mockApi } from './api-mock';

// jsdom has no layout, so it leaves scrolling unimplemented and logs an error whenever the router's
// scroll restoration calls it.
window.scrollTo = () => undefined;

// Lazy routes load their chunk on first use; a cold run of the whole suite needs more than a second, and
// a machine busy with other suites many more (46 waits passed 4 s at a load average of 15). A wait ends as
// soon as its element appears, so a long limit costs nothing when the machine is idle.
configure({ asyncUtilTimeout: 20_000 });

// Every test starts as a visitor with an API that knows nothing else; tests add the answers they need.
beforeEach(() => {
  mockApi();
});

// Testing Library unmounts after each test only when the runner exposes global hooks; ours does not.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});
