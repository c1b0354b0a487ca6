import { useEffect } from 'react';

/**
 * A part of a pre-rendered page inside a Suspense boundary of its own that a visitor's first click may land in
 * (a wizard step's form, inside the wizard frame's boundary). React attaches such a boundary after the rest of
 * the page; a click start-on-intent.ts held and gives back before then is lost (React stops a click it cannot
 * yet deliver, while the browser still ticks a checkbox). So the app's start (main.tsx) waits for each of these
 * marks on the page to have attached too, before the held clicks are given back.
 */
const MARK = 'data-attached-with-page';
let attached = 0;
const listeners = new Set<() => void>();

export function AttachedWithPage() {
  useEffect(() => {
    attached += 1;
    for (const listener of listeners) listener();
  }, []);
  return <span hidden {...{ [MARK]: '' }} />;
}

/**
 * Resolves once every mark the server sent has attached, or after `limitMs` (a boundary that cannot attach must
 * not hold the visitor's clicks for ever: they then go to the app as they come).
 */
export function markedPartsAttached(limitMs = 5000): Promise<void> {
  const expected = document.querySelectorAll(`[${MARK}]`).length;
  return new Promise((resolve) => {
    const check = () => {
      if (attached < expected) return;
      listeners.delete(check);
      clearTimeout(limit);
      resolve();
    };
    const limit = setTimeout(() => {
      listeners.delete(check);
      resolve();
    }, limitMs);
    listeners.add(check);
    check();
  });
}
