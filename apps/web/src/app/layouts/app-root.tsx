import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { AuthProvider } from '@/lib/auth/auth-provider';

/** The root of every route: the session, loaded once and shared by the public site and the admin area. */
export function AppRoot() {
  return (
    <AuthProvider>
      {/* While a layout's own code downloads (the admin area's). */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
