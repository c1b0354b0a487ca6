import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIZARD_COOKIE, WIZARD_COOKIE_MAX_AGE_SECONDS } from '@parking/domain/wizard-cookie';
import { drawnFromThisTab, sameWizardText, WIZARD_STORAGE_KEY } from './storage-key';
import { useWizard, WizardProvider, type WizardControl } from './wizard-context';

const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${WIZARD_COOKIE}=`))
    ?.slice(WIZARD_COOKIE.length + 1);

/** The wizard's store as a page of the wizard holds it: its control, once rendered. */
function renderWizard(): () => WizardControl {
  let wizard: WizardControl | undefined;
  function Probe() {
    wizard = useWizard();
    return null;
  }
  render(
    <WizardProvider>
      <Probe />
    </WizardProvider>,
  );
  return () => {
    if (!wizard) throw new Error('the wizard did not render');
    return wizard;
  };
}

afterEach(() => {
  window.sessionStorage.clear();
  document.cookie = `${WIZARD_COOKIE}=; Path=/booking; Max-Age=0`;
});

describe("the wizard's answers for the server (issue 39)", () => {
  it('are written to the cookie as the tab stores them, on every change', () => {
    // The cookie goes with the wizard's pages only.
    window.history.pushState({}, '', '/booking/step-5');
    const wizard = renderWizard();
    act(() =>
      wizard().update((state) => ({
        ...state,
        quote: { ...state.quote, lotName: 'Outdoor; "covered" <b>' },
      })),
    );
    const stored = window.sessionStorage.getItem(WIZARD_STORAGE_KEY);
    expect(stored).toContain('Outdoor; \\"covered\\" <b>');
    expect(decodeURIComponent(cookieValue() ?? '')).toBe(stored);
    window.history.pushState({}, '', '/');
    expect(cookieValue()).toBeUndefined();
  });

  it('are kept an hour after the last change, not until the browser closes', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    window.history.pushState({}, '', '/booking/step-2');
    const wizard = renderWizard();
    act(() => wizard().update((state) => ({ ...state, quote: { ...state.quote, lotName: 'Indoor' } })));
    expect(written).toHaveBeenLastCalledWith(
      expect.stringMatching(new RegExp(`^${WIZARD_COOKIE}=.+; Max-Age=${WIZARD_COOKIE_MAX_AGE_SECONDS}; `)),
    );
    expect(WIZARD_COOKIE_MAX_AGE_SECONDS).toBe(3600);
    written.mockRestore();
  });

  it("tells a page drawn from this tab's answers from one drawn from another tab's", () => {
    const answers = JSON.stringify({ version: 1, id: 'tab-a', quote: { lotName: '<Indoor>' } });
    window.sessionStorage.setItem(WIZARD_STORAGE_KEY, answers);
    // The page sends `<` escaped: the same answers.
    expect(drawnFromThisTab(answers.replace(/</g, '\\u003c'))).toBe(true);
    expect(drawnFromThisTab(answers.replace('tab-a', 'tab-b'))).toBe(false);
    expect(sameWizardText(answers, 'not json')).toBe(false);
    window.sessionStorage.clear();
    expect(drawnFromThisTab(answers)).toBe(false);
  });
});
