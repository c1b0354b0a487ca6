import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './routes/route-error';

// Every screen is its own chunk: a visitor landing on the home page never downloads the booking wizard,
// the customer area or the back office.
const HomePage = lazy(() => import('./routes/home').then((module) => ({ default: module.HomePage })));
const NotFoundPage = lazy(() =>
  import('./routes/not-found').then((module) => ({ default: module.NotFoundPage })),
);
const PermissionDeniedPage = lazy(() =>
  import('./routes/permission-denied').then((module) => ({ default: module.PermissionDeniedPage })),
);

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        // Inside the layout, so that a screen that fails keeps the header and its way home.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.permissionDenied.path, element: <PermissionDeniedPage /> },
          { path: paths.notFound.path, element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  // The admin area (paths.admin, /admin/*) goes here, as a sibling of PublicLayout, so that it renders
  // without the public header and footer as the spec requires.
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
