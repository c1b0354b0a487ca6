import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

/** One component with the app's providers, at a given URL. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** The whole app, with its real routes, opened at `url`. */
export function renderApp(url: string): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
