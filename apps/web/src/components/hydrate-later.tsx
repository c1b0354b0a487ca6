import { Suspense, type ReactElement } from 'react';

/**
 * A part of a pre-rendered page below or beside what a visitor reaches first (the carousel, the content
 * blocks, the footer): a Suspense boundary, which React attaches to its HTML after the rest of the page (and
 * at once if the visitor acts on it first), each in tasks of its own: attaching the whole page at once was a
 * task of about 150 ms on a mid-range phone, during which a tap waited. Its HTML stays on the page meanwhile,
 * and it renders at once everywhere else.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
