import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes';
import { appRoutes } from './router';

/**
 * Every route, the back office's screens included, for the server's pre-render and the tests. The
 * browser's router starts without the back office's screens and adds them when first needed (router.tsx).
 */
export const routes: RouteObject[] = appRoutes(adminRoutes());
