import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIZARD_STORAGE_KEY } from './features/booking/state/storage-key';
import { clearToken, saveToken } from './lib/api/token-storage';
import { HOLD_LIMIT_MS, holdActivations, madeForThisVisit, visitorReaches } from './start-on-intent';

afterEach(() => {
  clearToken();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('madeForThisVisit', () => {
  it("holds to the app's storage: a saved session, or a booking under way on the first step, is not a first visit", () => {
    expect(madeForThisVisit()).toBe(true);
    saveToken('a-session');
    expect(madeForThisVisit()).toBe(false);
    clearToken();

    window.sessionStorage.setItem(WIZARD_STORAGE_KEY, '{}');
    expect(madeForThisVisit()).toBe(true);
    window.history.replaceState(null, '', '/booking/step-1');
    expect(madeForThisVisit()).toBe(false);
  });
});

describe('visitorReaches', () => {
  it('waits for the visitor: a pointer moving over the page', async () => {
    const page = document.body.appendChild(document.createElement('div'));
    let reached = false;
    const waiting = visitorReaches(page).then(() => (reached = true));
    await Promise.resolve();
    expect(reached).toBe(false);
    window.dispatchEvent(new Event('pointermove'));
    await waiting;
    expect(reached).toBe(true);
  });

  it('is there already when the focus is in the page (a date typed before the script ran)', async () => {
    const page = document.body.appendChild(document.createElement('div'));
    page.appendChild(document.createElement('input')).focus();
    await expect(visitorReaches(page)).resolves.toBeUndefined();
  });
});

describe('holdActivations', () => {
  let button: HTMLButtonElement;
  let field: HTMLInputElement;
  let link: HTMLAnchorElement;

  beforeEach(() => {
    document.body.innerHTML =
      '<button type="button">Menu</button><input type="radio" name="lot"><a href="#faq">FAQ</a>';
    button = document.querySelector('button') as HTMLButtonElement;
    field = document.querySelector('input') as HTMLInputElement;
    link = document.querySelector('a') as HTMLAnchorElement;
  });

  it('holds a click until the app has attached, then gives it to the app once', () => {
    const held = holdActivations();
    const first = new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 12 });
    button.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);

    // The app attaches: its handler sees the click when released, not before.
    const seen: number[] = [];
    button.addEventListener('click', (event) => seen.push(event.clientX));
    expect(seen).toEqual([]);
    held.release();
    expect(seen).toEqual([12]);
    // Released: later clicks go straight to the app.
    button.click();
    expect(seen).toHaveLength(2);
    held.release();
    expect(seen).toHaveLength(2);
  });

  it('leaves form fields and clicks with a modifier key to the browser', () => {
    const held = holdActivations();
    field.click();
    expect(field.checked).toBe(true);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    held.release();
  });

  it('gives a held link to the browser once it has waited too long, but keeps a button for the app', () => {
    vi.useFakeTimers();
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);

    const linkOnly = holdActivations();
    link.click();
    expect(followed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(HOLD_LIMIT_MS);
    expect(followed).toHaveBeenCalledOnce();
    linkOnly.release();
    expect(followed).toHaveBeenCalledOnce();

    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    const withButton = holdActivations();
    button.click();
    link.click();
    vi.advanceTimersByTime(HOLD_LIMIT_MS * 10);
    expect(pressed).not.toHaveBeenCalled();
    withButton.release();
    expect(pressed).toHaveBeenCalledOnce();
    expect(followed).toHaveBeenCalledTimes(2);
  });

  it("keeps every click for the app, however long its start takes, once the app's script has arrived", () => {
    vi.useFakeTimers();
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);

    // Arrived before the click (fetched ahead while the visitor read the page)…
    const before = holdActivations();
    before.appArrived();
    link.click();
    vi.advanceTimersByTime(HOLD_LIMIT_MS * 10);
    expect(followed).not.toHaveBeenCalled();
    before.release();
    expect(followed).toHaveBeenCalledOnce();

    // …or after it, within the limit: the limit no longer applies.
    const after = holdActivations();
    link.click();
    vi.advanceTimersByTime(HOLD_LIMIT_MS / 2);
    after.appArrived();
    vi.advanceTimersByTime(HOLD_LIMIT_MS * 10);
    expect(followed).toHaveBeenCalledOnce();
    after.release();
    expect(followed).toHaveBeenCalledTimes(2);
  });

  it('holds a checkbox for the app, which ticks it in its state too', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<label id="extra"><input type="checkbox" name="extra"><span>Exterior wash</span></label>',
    );
    const box = document.querySelector<HTMLInputElement>('input[name="extra"]') as HTMLInputElement;
    const text = document.querySelector('#extra span') as HTMLElement;
    const held = holdActivations();
    text.click();
    box.click();
    expect(box.checked).toBe(false);
    const seen: boolean[] = [];
    box.addEventListener('change', () => seen.push(box.checked));
    held.release();
    // Both clicks given to the app, in order: ticked, then unticked.
    expect(seen).toEqual([true, false]);
  });
});
