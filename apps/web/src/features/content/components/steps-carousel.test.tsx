import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StepsCarousel } from './steps-carousel';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the steps carousel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rotates on its own, with a pause button', async () => {
    prefersReducedMotion(false);
    renderWithProviders(<StepsCarousel />);
    expect(await screen.findByRole('button', { name: 'Pause the slides' })).toBeInTheDocument();
  });

  it('does not rotate for someone who asks for reduced motion', async () => {
    prefersReducedMotion(true);
    renderWithProviders(<StepsCarousel />);
    expect(await screen.findByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause the slides' })).not.toBeInTheDocument();
  });

  it('renders the same first HTML whatever the visitor prefers, as the server pre-renders it', () => {
    prefersReducedMotion(false);
    const moving = renderToString(<StepsCarousel />);
    prefersReducedMotion(true);
    expect(renderToString(<StepsCarousel />)).toBe(moving);
  });
});
