import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { businessToday } from '@/components/quote-dates-fields';
import { WizardFrame } from '../components/wizard-frame';
import { enterStep } from '../state/progress';
import { useWizard, WizardProvider } from '../state/wizard-context';
import { stepOfPath, stepPath, type StepNumber } from '../state/wizard-state';

/** The wizard's layout route: its state, its progress rules, and the frame around every step. */
export function BookingWizardLayout() {
  return (
    <WizardProvider>
      <WizardGate />
    </WizardProvider>
  );
}

/**
 * Applies the progress rules (state/progress.ts) to a step as it is opened, before it renders. Only on
 * opening: a step that completes itself and then moves on must not be judged again where it stands.
 */
function WizardGate() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { state, replace } = useWizard();
  const today = useMemo(businessToday, []);
  const entered = useRef<StepNumber | null>(null);
  const target = stepOfPath(pathname);
  const entry = target === null || entered.current === target ? null : enterStep(state, target, today);
  const settled = entry === null || (entry.redirect === null && entry.state === state);

  useEffect(() => {
    if (entry === null) return;
    if (settled) {
      entered.current = target;
      return;
    }
    if (entry.state !== state) replace(entry.state);
    if (entry.redirect !== null) void navigate(stepPath(entry.redirect), { replace: true });
  });

  // /booking itself, or a path below it that is no step: the router's redirect or 404.
  if (target === null) return <Outlet />;
  if (!settled) return <PageLoading fillViewport />;
  return (
    <WizardFrame step={target} state={state}>
      <Outlet />
    </WizardFrame>
  );
}
