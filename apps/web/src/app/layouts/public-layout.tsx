import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { HydrateLater } from '@/components/hydrate-later';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { RouteGuard } from '../guards/route-guard';
import { AuthDialogHost } from './auth-dialog-host';

const MAIN_ID = 'main-content';

/** Header, page, footer: every public and customer screen. The admin area has its own layout. */
export function PublicLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  // A client-side navigation is silent to a screen reader and leaves keyboard focus on the link that
  // was clicked; moving focus to the new page's content fixes both, as a full page load would.
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AuthDialogHost>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <SkipLink targetId={MAIN_ID} />
        <SiteHeader />
        <Box
          component="main"
          id={MAIN_ID}
          ref={mainRef}
          tabIndex={-1}
          sx={{ flexGrow: 1, '&:focus, &:focus-visible': { outline: 'none' } }}
        >
          <Suspense fallback={<PageLoading fillViewport />}>
            <RouteGuard fillViewport>
              <Outlet />
            </RouteGuard>
          </Suspense>
        </Box>
        <HydrateLater>
          <SiteFooter />
        </HydrateLater>
        <ScrollRestoration />
      </Box>
    </AuthDialogHost>
  );
}
