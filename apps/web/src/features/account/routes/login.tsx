import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { AuthTab } from '@/lib/auth/auth-dialog';
import { safeNextPath } from '@/lib/auth/next-path';
import { isSalesOrHigher } from '@/lib/auth/roles';
import { usePageTitle } from '@/lib/page-title';
import { AccountCard } from '../components/account-card';
import { AuthTabs } from '../components/auth-tabs';

/**
 * /login (public-site §2): Login and Register tabs, `?tab=register` opens Register. A signed-in visitor goes
 * to `next`, else home; staff who may open the back office go there instead of home (issue 40), since it is
 * what they log in for.
 */
export function LoginPage() {
  usePageTitle(paths.login.title);
  const [params, setParams] = useSearchParams();
  const { user, session } = useAuth();
  const next = safeNextPath(params.get('next'));
  const landing = session && isSalesOrHigher(session.user.roles) ? paths.admin.path : paths.home.path;
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';

  // Issue 38: staff who must set up two-factor sign-in go there first, then on to `next`.
  if (session?.twoFactorSetupRequired)
    return <Navigate to={`${paths.twoFactor.path}?next=${encodeURIComponent(next ?? landing)}`} replace />;
  if (user) return <Navigate to={next ?? landing} replace />;

  const changeTab = (value: AuthTab) => {
    const query = new URLSearchParams(params);
    if (value === 'register') query.set('tab', 'register');
    else query.delete('tab');
    setParams(query, { replace: true });
  };

  return (
    <AccountCard
      title={tab === 'register' ? 'Create your account' : 'Welcome back'}
      intro={
        tab === 'register'
          ? 'Save your details and vehicles, and see all your bookings in one place.'
          : 'Log in to see your bookings, vehicles and details.'
      }
    >
      <AuthTabs tab={tab} onTabChange={changeTab} />
    </AccountCard>
  );
}
