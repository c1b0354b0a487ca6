import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExtrasChecklist } from './extras-checklist';

describe('the extras checklist', () => {
  it('names its loading placeholder as a progress bar: a label on a plain container is no name (axe: aria-prohibited-attr)', () => {
    render(
      <ExtrasChecklist
        extras={[]}
        priceOf={() => '$0.00'}
        selected={[]}
        onToggle={() => undefined}
        loading
      />,
    );
    const loading = screen.getByRole('progressbar', { name: 'Loading extras' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });
});
