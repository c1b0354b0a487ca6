import { useEffect, useRef, type RefObject } from 'react';

/**
 * A field of a pre-rendered page (entry-server.tsx) is there before the app: what the browser puts in it
 * before the app takes the page over (typed, filled in by a password manager, chosen in a select) is in the field but not in
 * the app's state. The field takes it, once, when the app starts. Rendered by the browser, a field shows its
 * state and this does nothing.
 */
export function useValueTypedBeforeStart(
  input: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  value: unknown,
  onChange: (value: string) => void,
): void {
  const initial = useRef({ value, onChange });
  useEffect(() => {
    const shown = input.current?.value;
    if (shown && shown !== String(initial.current.value ?? '')) initial.current.onChange(shown);
  }, [input]);
}
