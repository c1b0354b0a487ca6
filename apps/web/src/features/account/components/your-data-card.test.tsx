import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLOSURE_KEPT_TEXT, privacyMessages } from '@parking/domain/privacy';
import { errorDocument, mockApi } from '@/test/api-mock';
import { renderWithProviders } from '@/test/render';
import { YourDataCard } from './your-data-card';

describe('Your data (issue 38)', () => {
  it('explains what closing keeps and why, asks for the password, and shows the server’s refusal in words', async () => {
    const ahead = privacyMessages.bookingsAhead(['AB23CD45']);
    const { calls } = mockApi([
      { method: 'POST', path: 'account-closures/', status: 400, body: errorDocument(ahead) },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<YourDataCard />);

    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    expect(within(dialog).getByText(CLOSURE_KEPT_TEXT)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText(privacyMessages.passwordRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Your password/), 'demo-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ahead);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      data: { type: 'account-closures', attributes: { password: 'demo-pass-1' } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
