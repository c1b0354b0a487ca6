import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  WIZARD_COOKIE,
  WIZARD_COOKIE_MAX_AGE_SECONDS,
  WIZARD_COOKIE_PATH,
  wizardCookieValue,
} from '@parking/domain/wizard-cookie';
import { businessToday } from '@/components/quote-dates-fields';
import { completeStep } from './progress';
import { WIZARD_STORAGE_KEY } from './storage-key';
import { freshWizard, readWizardState, type StepNumber, type WizardState } from './wizard-state';

export { WIZARD_STORAGE_KEY };

/**
 * The state the server draws a step from (entry-server.tsx): set around its render, which has no window. The
 * browser's store reads the tab's sessionStorage.
 */
let serverState: WizardState | null = null;

/** Runs `render` with the wizard's store starting from `state`, on the server. */
export function withServerWizardState<T>(state: WizardState, render: () => T): T {
  serverState = state;
  try {
    return render();
  } finally {
    serverState = null;
  }
}

function load(): WizardState {
  if (typeof window === 'undefined' && serverState) return serverState;
  try {
    const stored = window.sessionStorage.getItem(WIZARD_STORAGE_KEY);
    const state = stored ? readWizardState(JSON.parse(stored)) : null;
    if (state) return state;
  } catch {
    // Storage off or a stored value from another version: start afresh.
  }
  return freshWizard(businessToday());
}

function save(state: WizardState): void {
  const stored = JSON.stringify(state);
  try {
    window.sessionStorage.setItem(WIZARD_STORAGE_KEY, stored);
  } catch {
    // Without storage the wizard still works; only a reload loses the booking.
  }
  // The same text for the server, which draws a step loaded directly from it (@parking/domain/wizard-cookie).
  const value = wizardCookieValue(stored);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${WIZARD_COOKIE}=; Path=${WIZARD_COOKIE_PATH}; Max-Age=0; SameSite=Strict${secure}`
      : `${WIZARD_COOKIE}=${value}; Path=${WIZARD_COOKIE_PATH}; Max-Age=${WIZARD_COOKIE_MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
}

/**
 * The wizard's state outside React's render queue: a step that completes and then navigates (for
 * example after the booking is saved, in a promise callback) must be seen as complete by the progress
 * rules when the next step opens, whichever of the two updates React renders first.
 */
function createWizardStore() {
  let state = load();
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change: (current: WizardState) => WizardState) {
      const next = change(state);
      if (next === state) return;
      state = next;
      save(state);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface WizardControl {
  state: WizardState;
  /** Replaces the state (the progress rules' decisions). */
  replace: (state: WizardState) => void;
  /** Changes part of the state. */
  update: (change: (state: WizardState) => WizardState) => void;
  /** Leaves `step` forward with its answers: marks it complete. */
  complete: (step: StepNumber, change?: (state: WizardState) => WizardState) => void;
}

const WizardContext = createContext<WizardControl | null>(null);

/** The wizard's state for its steps, kept in sessionStorage so that it survives a reload. */
export function WizardProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createWizardStore);
  // The server's pre-render of step 1 and the hydration of it read the same store: a fresh wizard (main.tsx
  // renders afresh, without hydrating, for a traveller with a booking under way).
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  // The actions keep their identity for the provider's life, so effects can depend on them.
  const actions = useMemo<Omit<WizardControl, 'state'>>(
    () => ({
      replace: (next) => store.set(() => next),
      update: (change) => store.set(change),
      complete: (step, change = (same) => same) =>
        store.set((current) => completeStep(change(current), step)),
    }),
    [store],
  );
  const control = useMemo<WizardControl>(() => ({ state, ...actions }), [state, actions]);
  return <WizardContext.Provider value={control}>{children}</WizardContext.Provider>;
}

export function useWizard(): WizardControl {
  const control = useContext(WizardContext);
  if (!control) throw new Error('useWizard must be used inside <WizardProvider>');
  return control;
}
