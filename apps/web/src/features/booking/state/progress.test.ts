import { describe, expect, it } from 'vitest';
import { completeStep, enterStep } from './progress';
import { freshWizard, stepOfPath, type StepNumber, type WizardState } from './wizard-state';

const TODAY = '2026-11-21';
const at = (completed: number, extra: Partial<WizardState> = {}): WizardState => ({
  ...freshWizard(TODAY),
  completed,
  ...extra,
});

describe('wizard progress (public-site §4)', () => {
  it('opens step 1 and the step after the completed one', () => {
    const state = at(3);
    expect(enterStep(state, 1, TODAY)).toEqual({ state, redirect: null });
    expect(enterStep(state, 4, TODAY)).toEqual({ state, redirect: null });
  });

  it('sends a jump of more than one step beyond the completed one to step 1', () => {
    expect(enterStep(at(0), 5, TODAY).redirect).toBe(1);
    expect(enterStep(at(0), 2, TODAY).redirect).toBe(1);
    expect(enterStep(at(3), 5, TODAY).redirect).toBe(1);
  });

  it('keeps the answers when going back before the booking is saved', () => {
    const state = at(5, { quote: { ...freshWizard(TODAY).quote, lotId: '2' } });
    expect(enterStep(state, 2, TODAY)).toEqual({ state, redirect: null });
  });

  it.each<[number, StepNumber]>([
    [6, 6],
    [6, 3],
    [7, 7],
  ])(
    'after the save (completed %i) returning to step %i starts a fresh booking at step 1',
    (completed, target) => {
      const state = at(completed, { quote: { ...freshWizard(TODAY).quote, lotId: '2' } });
      const entry = enterStep(state, target, TODAY);
      expect(entry.redirect).toBe(1);
      expect(entry.state.completed).toBe(0);
      expect(entry.state.quote.lotId).toBe('');
      expect(entry.state.id).not.toBe(state.id);
    },
  );

  it('lets the saved booking go on to payment', () => {
    const state = at(6);
    expect(enterStep(state, 7, TODAY)).toEqual({ state, redirect: null });
  });

  it('shows the success step again after a reload, and gives a fresh booking once it is left', () => {
    const done = at(7, { finished: true });
    expect(enterStep(done, 8, TODAY)).toEqual({ state: done, redirect: null });
    const left = enterStep(done, 1, TODAY);
    expect(left.redirect).toBeNull();
    expect(left.state.finished).toBe(false);
    expect(left.state.completed).toBe(0);
  });

  it('marks a step complete when it is left forward, never lowering the mark', () => {
    expect(completeStep(at(2), 3).completed).toBe(3);
    expect(completeStep(at(5), 3).completed).toBe(5);
  });

  it('knows the steps by path', () => {
    expect(stepOfPath('/booking/step-5')).toBe(5);
    expect(stepOfPath('/booking/step-8/')).toBe(8);
    expect(stepOfPath('/booking/step-9')).toBeNull();
  });
});
