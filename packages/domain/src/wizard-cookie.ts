/**
 * The booking wizard's answers as the server sees them (issue 39): the wizard keeps its state in the tab's
 * sessionStorage, and writes the same text to this session cookie on every change, sent with the wizard's own
 * pages only. The server draws a step loaded directly from it (apps/web's entry-server.tsx), so that a phone
 * paints the step as the HTML arrives instead of after running the whole app. The tab's sessionStorage stays the
 * truth: a page drawn from another tab's answers is drawn afresh by the browser.
 */
export const WIZARD_COOKIE = 'skypark_wizard';

/** The wizard's pages: the cookie goes with their requests, not with the API's. */
export const WIZARD_COOKIE_PATH = '/booking';

/**
 * How long the cookie outlives the wizard's last change: an hour. The tab's sessionStorage ends with the tab, a
 * session cookie only with the browser; the traveller's name, email and phone are not left on a shared computer
 * for the next person to draw. A step reloaded after an hour's pause is drawn by the browser, as before.
 */
export const WIZARD_COOKIE_MAX_AGE_SECONDS = 3600;

/**
 * The cookie's value for the wizard's stored text (JSON): URI-encoded, as cookies carry no quotes, commas or
 * semicolons. A browser keeps about 4 kB of a cookie; a state past WIZARD_COOKIE_MAX is not written (the step is
 * then drawn by the browser, as before).
 */
export const WIZARD_COOKIE_MAX = 3800;

export function wizardCookieValue(stored: string): string | null {
  const value = encodeURIComponent(stored);
  return value.length <= WIZARD_COOKIE_MAX ? value : null;
}
