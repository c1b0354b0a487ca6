/**
 * Full-page navigation, for leaving the app for a payment provider's page and coming back: the next
 * page starts from a fresh load, with the session and subscriptions read anew. A module of its own so
 * that tests can replace it (jsdom cannot navigate).
 */
export function redirectTo(href: string): void {
  window.location.assign(href);
}
