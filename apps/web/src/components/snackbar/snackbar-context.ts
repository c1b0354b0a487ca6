import { createContext, useContext } from 'react';

export type SnackbarSeverity = 'success' | 'error' | 'info' | 'warning';

export interface SnackbarMessage {
  id: number;
  text: string;
  severity: SnackbarSeverity;
}

export interface SnackbarControl {
  /** Queues a message; each shows for the spec's 6 seconds, one after another. */
  show: (text: string, severity?: SnackbarSeverity) => void;
}

export const SnackbarContext = createContext<SnackbarControl | null>(null);

export function useSnackbar(): SnackbarControl {
  const control = useContext(SnackbarContext);
  if (!control) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return control;
}
