import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AuthDialogContext, type AuthDialogControl, type AuthTab } from '@/lib/auth/auth-dialog';

// The login and register forms (and zod with them) load when a visitor first opens the dialog.
const AuthDialog = lazy(() =>
  import('@/features/account/components/auth-dialog').then((module) => ({ default: module.AuthDialog })),
);

/** Lets the header open the login and register dialog (public-site §2), and renders it on demand. */
export function AuthDialogHost({ children }: { children: ReactNode }) {
  const [tab, setTab] = useState<AuthTab>('login');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  const control = useMemo<AuthDialogControl>(
    () => ({
      open: (wanted) => {
        setTab(wanted);
        setRequested(true);
        setOpen(true);
      },
    }),
    [],
  );

  return (
    <AuthDialogContext.Provider value={control}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <AuthDialog open={open} initialTab={tab} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
