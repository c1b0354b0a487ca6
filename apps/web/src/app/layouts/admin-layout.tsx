import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { BrandMark } from '@/components/layout/brand-logo';
import { SkipLink } from '@/components/layout/skip-link';
import { LinkBehavior } from '@/components/link-behavior';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { displayName, initials } from '@/lib/auth/session';
import { useLogout } from '@/lib/auth/use-logout';
import { RouteGuard } from '../guards/route-guard';

const MAIN_ID = 'admin-content';

/** The back office's frame: no public header or footer (spec §2), the staff member and Logout. */
export function AdminLayout() {
  return (
    <RouteGuard>
      <AdminFrame />
    </RouteGuard>
  );
}

function AdminFrame() {
  const { user } = useAuth();
  const logout = useLogout();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_ID} />
      <AppBar
        component="header"
        position="sticky"
        sx={{
          bgcolor: 'primary.dark',
          color: 'common.white',
          '& :focus-visible, & .Mui-focusVisible': { outlineColor: 'secondary.main' },
        }}
      >
        <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 64 } }}>
          <Box
            component={LinkBehavior}
            href={paths.admin.path}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none' }}
          >
            <BrandMark size={32} inverted />
            <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
              Back office
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {user && (
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
              <Avatar
                aria-hidden
                sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'primary.dark', fontSize: '0.8125rem', fontWeight: 700 }}
              >
                {initials(user)}
              </Avatar>
              <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 500 }}>
                {displayName(user)}
              </Typography>
            </Stack>
          )}
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => void logout.logout()}
            disabled={logout.pending}
            sx={{ borderColor: 'rgba(255,255,255,0.5)' }}
            variant="outlined"
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, '&:focus': { outline: 'none' } }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
