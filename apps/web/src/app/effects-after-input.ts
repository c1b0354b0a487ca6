import { options } from 'preact';

/**
 * The events React calls discrete (a key, a click, typing, focus moving): it runs the effects of the update
 * one of them causes before the next event is handled. Preact runs every effect after the next frame, so a
 * component that moves the caret in an effect (MUI X's date fields: a section typed, the next one selected)
 * saw the keys of a fast typist, or a pasted burst, land in the section it had left.
 */
const DISCRETE_EVENTS = [
  'beforeinput',
  'input',
  'change',
  'keydown',
  'keyup',
  'compositionend',
  'paste',
  'cut',
  'click',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'focusin',
  'focusout',
  'submit',
] as const;

/** Preact's own schedule for effects: after the next frame (a timeout when frames stop, in a hidden tab). */
export function afterNextFrame(callback: () => void) {
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
}

/**
 * Effects as React runs them: those of an update a discrete event caused run as soon as it is drawn (before the
 * browser takes the next event); any other update's after the next frame, as Preact does.
 */
export function runEffectsAsReactDoes(target: Window = window): void {
  let inDiscreteEvent = false;
  const mark = () => {
    if (inDiscreteEvent) return;
    inDiscreteEvent = true;
    // Until the event's task (and the updates it queued) is over.
    setTimeout(() => (inDiscreteEvent = false));
  };
  for (const type of DISCRETE_EVENTS) target.addEventListener(type, mark, { capture: true, passive: true });
  options.requestAnimationFrame = (flush) => {
    if (inDiscreteEvent) queueMicrotask(flush);
    else afterNextFrame(flush);
  };
}
