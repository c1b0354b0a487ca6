import { createContext, useContext } from 'react';
import type { Session, SessionCustomer, SessionUser } from './session';

export interface AuthState {
  /** 'loading' until the start-up session check has answered. */
  status: 'loading' | 'ready';
  session: Session | null;
  user: SessionUser | null;
  customer: SessionCustomer | null;
  /**
   * True from a logout until the browser has left the page: a guarded page that loses its user this
   * way goes home with the logout, not to the login screen.
   */
  signingOut: boolean;
  setSigningOut: (value: boolean) => void;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user (or null), for any component under the auth provider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
