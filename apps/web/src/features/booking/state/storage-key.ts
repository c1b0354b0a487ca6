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
