import { Suspense, useState, type ReactElement } from 'react';
import { afterNextFrame } from '@/app/effects-after-input';

/** Set by the browser's entry (main.tsx) while it attaches the app to a pre-rendered page. */
let hydrating = false;

/** The waits of the parts held back while attaching, until each is attached. */
const waiting: Promise<void>[] = [];

/** Preact's schedule for effects (effects-after-input.ts): after the next frame, or 35 ms when frames stop. */
const nextFrame = () => new Promise<void>((resolve) => afterNextFrame(resolve));

/**
 * Marks the app's attaching to the pre-rendered page (main.tsx): between `begin` and `end`, each HydrateLater
 * part leaves its HTML as it is and is attached in a task of its own.
 */
export const hydration = {
  begin: () => void (hydrating = true),
  end: () => void (hydrating = false),
  /**
   * Resolves once every part held back has been attached and the effects of attaching have run (a date typed
   * before the app started has been taken into its state): the page then answers as the app.
   */
  async settled(): Promise<void> {
    while (waiting.length) await Promise.all(waiting.splice(0));
    await nextFrame();
    await nextFrame();
  },
};

interface Wait {
  promise: Promise<void>;
  done: boolean;
}

function nextTask(): Wait {
  const wait: Wait = { done: false, promise: Promise.resolve() };
  wait.promise = new Promise<void>((resolve) =>
    setTimeout(() => {
      wait.done = true;
      resolve();
    }),
  );
  waiting.push(wait.promise);
  return wait;
}

function AfterTheRest({ children }: { children: ReactElement }) {
  // Decided on the first render only: a part drawn afresh (not attached to HTML) never waits.
  const [wait] = useState(() => (hydrating ? nextTask() : undefined));
  // Preact keeps a part's HTML on the page while it waits during hydration, then attaches it.
  if (wait && !wait.done) throw wait.promise;
  return children;
}

/**
 * A part of a pre-rendered page below or beside what a visitor reaches first (the carousel, the content
 * blocks, the footer), attached to its HTML in a task of its own after the rest: attaching the whole page at
 * once was one task of about 150 ms on a mid-range phone, during which a tap waited. Its HTML stays on the
 * page meanwhile, and it renders at once everywhere else. `children` is one element (the HTML kept is the
 * first element the part drew).
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <AfterTheRest>{children}</AfterTheRest>
    </Suspense>
  );
}
