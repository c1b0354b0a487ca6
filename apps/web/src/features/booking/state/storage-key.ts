/** Where the wizard keeps its state (sessionStorage), apart so that the app's entry can ask without loading the wizard. */
export const WIZARD_STORAGE_KEY = 'skypark.bookingWizard';

/** Whether this tab has a booking under way in the wizard. */
export function hasWizardState(): boolean {
  try {
    return window.sessionStorage.getItem(WIZARD_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** The same answers, whatever the escaping of their text (a page sends `<` as `\u003c`). */
export function sameWizardText(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/**
 * Whether a wizard step drawn by the server from answers (`drawnFrom`, the page's #prerendered-wizard) was drawn
 * from this tab's: another tab's answers in the shared cookie are not this tab's booking.
 */
export function drawnFromThisTab(drawnFrom: string): boolean {
  try {
    const stored = window.sessionStorage.getItem(WIZARD_STORAGE_KEY);
    return stored !== null && sameWizardText(stored, drawnFrom);
  } catch {
    return false;
  }
}
