import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { AuthProvider } from '@/lib/auth/auth-provider';

/** One component with the app's providers (and the session), at a given URL. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}): RenderResult {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The whole app, with its real routes, opened at `url`. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Screens that need a data router (leave guards, search params) at `url`, under the app’s session. */
export function renderRoutes(routeList: RouteObject[], url: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: routeList,
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
