import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SnackbarContext,
  type SnackbarControl,
  type SnackbarMessage,
  type SnackbarSeverity,
} from './snackbar-context';

// MUI's Snackbar and Alert load with the first message, not with the home page.
const SnackbarHost = lazy(() =>
  import('./snackbar-host').then((module) => ({ default: module.SnackbarHost })),
);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<SnackbarMessage[]>([]);
  const nextId = useRef(1);

  const show = useCallback((text: string, severity: SnackbarSeverity = 'success') => {
    const id = nextId.current++;
    setQueue((current) => [...current, { id, text, severity }]);
  }, []);

  const dismiss = useCallback((id: number) => {
    setQueue((current) => current.filter((message) => message.id !== id));
  }, []);

  const control = useMemo<SnackbarControl>(() => ({ show }), [show]);
  const current = queue[0];

  return (
    <SnackbarContext.Provider value={control}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <SnackbarHost
            key={current.id}
            message={current}
            superseded={queue.length > 1}
            onDismiss={dismiss}
          />
        </Suspense>
      )}
    </SnackbarContext.Provider>
  );
}
