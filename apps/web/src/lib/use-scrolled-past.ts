import { useEffect, useState } from 'react';

/**
 * True once the window has scrolled further than `offset` pixels. Reads the position at most once per
 * `throttleMs`, because a scroll listener that sets state on every frame re-renders the header for nothing.
 */
export function useScrolledPast(offset: number, throttleMs: number): boolean {
  // Not scrolled to begin with, as on the server that pre-renders the home page (the first render must
  // match its HTML); the effect below reads the real position straight after.
  const [scrolledPast, setScrolledPast] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      timer = undefined;
      setScrolledPast(window.scrollY > offset);
    };
    const onScroll = () => {
      timer ??= setTimeout(read, throttleMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // Scroll restoration may have moved the page before this effect ran.
    read();
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [offset, throttleMs]);

  return scrolledPast;
}
