import { createContext, useContext } from 'react';

export type AuthTab = 'login' | 'register';

export interface AuthDialogControl {
  open: (tab: AuthTab) => void;
}

export const AuthDialogContext = createContext<AuthDialogControl | null>(null);

/**
 * Opens the header's login and register dialog. Null outside a layout that hosts the dialog, where the
 * Login and Register links simply go to the login page.
 */
export function useAuthDialog(): AuthDialogControl | null {
  return useContext(AuthDialogContext);
}
