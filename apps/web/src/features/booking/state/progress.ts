/**
 * The wizard's progress rules (public-site §4 "Wizard progress"); see README.md beside this folder.
 * Pure functions of the state and the step being opened, so that they are tested without a browser.
 */
import { freshWizard, type StepNumber, type WizardState } from './wizard-state';

export interface Entry {
  /** The state to keep: the same object when nothing changes. */
  state: WizardState;
  /** Where to go instead of the step that was opened, or null to show it. */
  redirect: StepNumber | null;
}

/**
 * Opening `target`:
 * - after the success step, anything but the success step itself starts a fresh booking;
 * - once the booking is saved (completed 6 or more), returning to a step at or before the completed one
 *   starts a fresh booking at step 1;
 * - a step more than one ahead of the completed one sends the traveller to step 1.
 */
export function enterStep(state: WizardState, target: StepNumber, today: string): Entry {
  let current = state;
  if (current.finished && target !== 8) current = freshWizard(today);
  if (current.completed >= 6 && target <= current.completed) {
    return { state: freshWizard(today), redirect: target === 1 ? null : 1 };
  }
  if (target > current.completed + 1) return { state: current, redirect: 1 };
  return { state: current, redirect: null };
}

/** Leaving `step` forward marks it complete. */
export function completeStep(state: WizardState, step: StepNumber): WizardState {
  return step > state.completed ? { ...state, completed: step } : state;
}
