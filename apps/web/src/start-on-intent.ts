/**
 * The script of a pre-rendered page (the home page, the wizard's first step, content pages: entry-server.tsx;
 * the server puts it in place of the app's, http/prerender.ts). The page is whole as sent: painted, its links
 * links and its quote form a GET form. The app (main.tsx) is fetched once the page has loaded and takes the
 * page over (hydrates it) when the visitor first reaches for it, not while the page loads: evaluating and
 * attaching the app is most of a phone's start-up (half a second of main thread on a mid-range phone,
 * Lighthouse's total blocking time), and a visitor who only reads never pays for it. Frameworks call this
 * hydration on interaction (Angular's `hydrate on interaction`, Qwik's resumability); as there, a click that
 * comes before the app has attached is held, then given to the app once it has.
 *
 * This file is an entry of its own and imports nothing: it is all a first visit runs before that.
 */

declare global {
  interface Window {
    /** Set by the app's entry (main.tsx): settles once the app has attached to the page or drawn it. */
    appStarted?: Promise<void>;
  }
}

/**
 * The app's storage keys (lib/api/token-storage.ts, features/booking/state/storage-key.ts), named here rather
 * than imported: an import would put the app's modules in this file or split them out of the app's.
 * start-on-intent.test.ts holds them equal.
 */
export const APP_STORAGE_KEYS = { token: 'skypark.authToken', wizard: 'skypark.bookingWizard' };

const stored = (storage: () => Storage, key: string) => {
  try {
    return storage().getItem(key) !== null;
  } catch {
    return false;
  }
};

/** The same answers, whatever the escaping of their text (as features/booking/state/storage-key.ts compares). */
function sameText(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** Whether a wizard step drawn from answers (the page's #prerendered-wizard) was drawn from this tab's. */
function drawnFromThisTab(drawnFrom: string): boolean {
  try {
    const answers = window.sessionStorage.getItem(APP_STORAGE_KEYS.wizard);
    return answers !== null && sameText(answers, drawnFrom);
  } catch {
    return false;
  }
}

/**
 * Whether the page was made for this visit (as main.tsx decides): for a visitor without a session and, on the
 * wizard's first step, without a booking under way in this tab; a later step, from this tab's answers. Any
 * other visit gets the app at once, which draws the page for them.
 */
export function madeForThisVisit(): boolean {
  if (stored(() => window.localStorage, APP_STORAGE_KEYS.token)) return false;
  const drawnFrom = document.getElementById('prerendered-wizard')?.textContent;
  if (drawnFrom != null) return drawnFromThisTab(drawnFrom);
  return !(
    window.location.pathname === '/booking/step-1' &&
    stored(() => window.sessionStorage, APP_STORAGE_KEYS.wizard)
  );
}

/** What tells that someone is at the page: a pointer moving or pressing, a touch, a key, a wheel, focus. */
const REACHING = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

/**
 * Resolves when the visitor first reaches for the page, at once when they already have (the focus is in
 * it: a date typed before the app's script had run).
 */
export function visitorReaches(page: HTMLElement): Promise<void> {
  if (page.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => {
    const reached = () => {
      for (const type of REACHING) window.removeEventListener(type, reached, true);
      resolve();
    };
    for (const type of REACHING) window.addEventListener(type, reached, { capture: true, passive: true });
  });
}

/**
 * Form fields keep what the browser does with them before the app has attached (a typed date, a checked car
 * park, a chosen option): the app takes their values when it attaches (quote-dates-fields.tsx,
 * lot-options.tsx, components/form's text and select fields).
 */
const FIELD =
  'input:not([type="submit"]):not([type="button"]):not([type="image"]):not([type="reset"]), select, textarea, label';

/**
 * A checkbox (or its label) is the exception: its click is held for the app like a button's, which then ticks it
 * in its state too (an extra on the wizard's checkout step). Ticked by the browser alone, it would show ticked
 * while the booking left it out.
 */
function isCheckbox(target: Element): boolean {
  const label = target.closest('label');
  const control = target.closest('input') ?? label?.control;
  return control instanceof HTMLInputElement && control.type === 'checkbox';
}

/** Held clicks and submits, released once the app has attached. */
export interface HeldActivations {
  /**
   * The app's script is here (fetched ahead, or imported): from now on held clicks wait for the app however
   * long its start takes, since a full load of the next page would take longer still on the same device.
   */
  appArrived(): void;
  /**
   * Stops holding and gives each held click and submit again, in order: to the app when it has attached,
   * else to the browser (a link followed, the form sent as it would be without the app).
   */
  release(): void;
}

/**
 * Whether a click on `target` does what it should with no app: it follows a link, or sends a form made to be
 * sent without the app (one with an `action`: the home page's quote form, a GET form to the wizard).
 */
function worksWithoutApp(target: Element): boolean {
  if (target.closest('a[href]')) return true;
  const button = target.closest('button, input');
  return (
    (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) &&
    button.type === 'submit' &&
    button.form?.hasAttribute('action') === true
  );
}

/**
 * How long a click waits for the app's script to arrive: past it, held clicks that work without the app go to
 * the browser (on a slow connection the app may take seconds to arrive, and a link or the quote form works
 * without it). Once the script is here, clicks wait for the app's start, however long (`appArrived`).
 */
export const HOLD_LIMIT_MS = 1000;

/**
 * Holds the page's clicks and form submits from now until `release()`: a button does nothing before the app
 * has attached, and a link or a form would leave the page for a full load of the next one. Once the first has
 * waited `limitMs`, they go to the browser if it can do all of them without the app. A click with a modifier
 * key or on a form field goes to the browser as usual.
 */
export function holdActivations(limitMs = HOLD_LIMIT_MS): HeldActivations {
  const held: { replay: () => void; worksWithoutApp: boolean }[] = [];
  let limit: ReturnType<typeof setTimeout> | undefined;
  let arrived = false;
  const hold = (replay: () => void, worksWithoutApp: boolean) => {
    held.push({ replay, worksWithoutApp });
    if (arrived) return;
    limit ??= setTimeout(() => {
      // Only when the browser can do all of it: a button of the app's waits for the app, however long.
      if (held.every((activation) => activation.worksWithoutApp)) release();
    }, limitMs);
  };
  const holdClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (target.closest(FIELD) && !isCheckbox(target)) return;
    // Stopped as well as held: once the app has attached (and before the release) it would otherwise act on
    // the click twice.
    event.preventDefault();
    event.stopPropagation();
    const init: MouseEventInit = {
      bubbles: true,
      cancelable: true,
      composed: true,
      detail: event.detail,
      screenX: event.screenX,
      screenY: event.screenY,
      clientX: event.clientX,
      clientY: event.clientY,
      button: 0,
    };
    hold(() => {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', init));
    }, worksWithoutApp(target));
  };
  // A form sent without a click (Enter in a form with no submit button).
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter;
    hold(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
    }, form.hasAttribute('action'));
  };
  function release() {
    clearTimeout(limit);
    window.removeEventListener('click', holdClick, true);
    window.removeEventListener('submit', holdSubmit, true);
    for (const activation of held.splice(0)) activation.replay();
  }
  function appArrived() {
    arrived = true;
    clearTimeout(limit);
  }
  window.addEventListener('click', holdClick, true);
  window.addEventListener('submit', holdSubmit, true);
  return { appArrived, release };
}

/** After the page's load event (now if it has come), in a task of its own. */
const afterLoad = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') setTimeout(resolve);
    else window.addEventListener('load', () => setTimeout(resolve), { once: true });
  });

/**
 * Asks the browser to fetch `url` at its lowest priority, to have it in its cache (nothing runs it); `fetched`
 * is called once it is there.
 */
function prefetch(url: string, fetched: () => void) {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  link.crossOrigin = 'anonymous';
  link.addEventListener('load', fetched, { once: true });
  document.head.append(link);
}

/** Starts the app `appUrl` on the pre-rendered page `page`: when the visitor reaches for it, or at once. */
export async function startOnIntent(page: HTMLElement, appUrl: string): Promise<void> {
  if (!madeForThisVisit()) {
    await import(/* @vite-ignore */ appUrl);
    return;
  }
  const held = holdActivations();
  try {
    const reached = visitorReaches(page);
    // Fetched ahead, so that the first tap waits for the app's start, not for its download as well.
    void afterLoad().then(() => prefetch(appUrl, held.appArrived));
    await reached;
    await import(/* @vite-ignore */ appUrl);
    held.appArrived();
    await window.appStarted;
  } finally {
    // To the app once it has attached; to the browser if it could not start.
    held.release();
  }
}

const page = document.getElementById('root');
const appUrl = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (page && appUrl) void startOnIntent(page, appUrl);
