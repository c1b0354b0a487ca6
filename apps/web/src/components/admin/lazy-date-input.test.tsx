import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyDateInput } from './lazy-date-input';

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LazyDateInput label="Date" value={value} onChange={setValue} name="diary_date" size="small" />
      <output aria-label="Chosen">{value}</output>
    </>
  );
}

describe('LazyDateInput', () => {
  it('draws the date as the picker does, then opens the picker when its button is pressed', async () => {
    render(<Field initial="2031-06-03" />);
    const group = screen.getByRole('group', { name: 'Date' });
    expect(group).toHaveTextContent('03/06/2031');
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((section) => section.getAttribute('aria-label')),
    ).toEqual(['Day', 'Month', 'Year']);
    // The light field, until reached for: the picker's code is not loaded yet.
    expect(document.querySelector('.MuiPickersSectionList-root')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Choose date, selected date is 3 Jun 2031' }));
    const calendar = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    // A day picked beside the field (a desktop's popper) is the choice.
    await userEvent.click(within(calendar).getByRole('gridcell', { name: '10' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('2031-06-10'),
    );
  }, 20_000);

  it('hands the focus to the same section of the picker', async () => {
    render(<Field initial="2031-06-03" />);
    await userEvent.tab();
    await waitFor(() => expect(document.querySelector('.MuiPickersSectionList-root')).not.toBeNull(), {
      timeout: 10_000,
    });
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-label', 'Day'));
    expect(screen.getByRole('group', { name: 'Date' })).toHaveTextContent('03/06/2031');
  }, 20_000);
});
