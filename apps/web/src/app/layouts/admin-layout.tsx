import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigationType } from 'react-router';
import { BookingFinder } from '@/features/admin/components/booking-finder';
import { BrandMark } from '@/components/layout/brand-logo';
import { SkipLink } from '@/components/layout/skip-link';
import { LinkBehavior } from '@/components/link-behavior';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { displayName, initials } from '@/lib/auth/session';
import { useLogout } from '@/lib/auth/use-logout';
import { RouteGuard } from '../guards/route-guard';
import { AdminNavigationList } from './admin-navigation-list';
import { AdminPermissionDenied } from './admin-permission-denied';

const MAIN_ID = 'admin-content';
const NAV_ID = 'admin-navigation';
/**
 * Back-office §2 and §9: below 1100 px the navigation is a drawer over the page that opens by itself (on
 * arrival, and whenever the window narrows past 1100 px); choosing a page closes it.
 */
export const ADMIN_NAV_OVERLAY_QUERY = '(max-width: 1099.95px)';
const NAV_WIDTH = 248;
const NAV_RAIL_WIDTH = 68;

/** The back office's frame: no public header or footer (back-office §2), a side navigation, the staff member and Logout. */
export function AdminLayout() {
  return (
    <RouteGuard outermostOnly>
      <AdminFrame />
    </RouteGuard>
  );
}

function AdminFrame() {
  const { user } = useAuth();
  const logout = useLogout();
  const location = useLocation();
  const overlay = useMediaQuery(ADMIN_NAV_OVERLAY_QUERY, { noSsr: true });
  // Docked on a wide screen (and collapsible to a rail of icons); on a narrow one a drawer that opens by itself.
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(overlay);

  useEffect(() => setDrawerOpen(overlay), [overlay]);
  // A chosen page closes the overlay drawer. A redirect is not a choice (issue 40: /admin's redirect to
  // the diary closed the drawer that had just opened by itself): it replaces the entry instead of adding one.
  const navigationType = useNavigationType();
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (navigationType !== 'REPLACE') setDrawerOpen(false);
  }, [location.pathname, navigationType]);

  const navExpanded = overlay ? drawerOpen : !collapsed;
  const railOnly = !overlay && collapsed;
  const width = railOnly ? NAV_RAIL_WIDTH : NAV_WIDTH;
  const toggle = () => (overlay ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value));

  const navigation = (
    <Box id={NAV_ID} component="nav" aria-label="Back office" sx={{ width, overflowX: 'hidden', py: 1 }}>
      <AdminNavigationList roles={user?.roles ?? []} railOnly={railOnly} />
    </Box>
  );

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      {/* A field reached by Tab (or scrolled to) stays clear of the sticky header and of a form's sticky Save bar. */}
      <GlobalStyles styles={{ html: { scrollPaddingTop: 88, scrollPaddingBottom: 96 } }} />
      <SkipLink targetId={MAIN_ID} />
      <AppBar
        component="header"
        position="sticky"
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          bgcolor: 'primary.dark',
          color: 'common.white',
          '& :focus-visible, & .Mui-focusVisible': { outlineColor: 'secondary.main' },
        }}
      >
        <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 56, md: 64 } }}>
          <Tooltip title={navExpanded ? 'Hide navigation' : 'Show navigation'}>
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-label={navExpanded ? 'Hide navigation' : 'Show navigation'}
              aria-controls={NAV_ID}
              aria-expanded={navExpanded}
            >
              {navExpanded ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
          <Box
            component={LinkBehavior}
            href={paths.adminDiary.path}
            // Its words hide on a phone; the link keeps its name.
            aria-label="Back office: diary"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1.25,
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            <BrandMark size={30} inverted />
            <Typography
              component="span"
              sx={{ fontWeight: 700, fontSize: '1.0625rem', display: { xs: 'none', sm: 'inline' } }}
            >
              Back office
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <BookingFinder />
          </Box>
          {user && (
            <Stack
              direction="row"
              spacing={1.25}
              sx={{ alignItems: 'center', display: { xs: 'none', sm: 'flex' } }}
            >
              <Avatar
                aria-hidden
                sx={{
                  width: 32,
                  height: 32,
                  bgcolor: 'secondary.main',
                  color: 'primary.dark',
                  fontSize: '0.8125rem',
                  fontWeight: 700,
                }}
              >
                {initials(user)}
              </Avatar>
              <Typography
                component="span"
                data-testid="admin-user-name"
                sx={{ display: { xs: 'none', md: 'inline' }, fontWeight: 500 }}
              >
                {displayName(user)}
              </Typography>
            </Stack>
          )}
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => void logout.logout()}
            disabled={logout.pending}
            aria-label="Logout"
            sx={{
              borderColor: 'rgba(255,255,255,0.5)',
              minWidth: 0,
              flexShrink: 0,
              // A phone's header keeps room for the booking finder: the icon alone there.
              '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } },
            }}
            variant="outlined"
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Logout
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        {/* Keyed: the navigation changes kind across 1100 px, and without keys the docked one's Box could be
            taken for the page's (the same component), which would then be re-created, losing an open
            dialog and what was typed into the page. */}
        {overlay ? (
          <Drawer
            key="navigation-overlay"
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            slotProps={{ paper: { sx: { width: NAV_WIDTH, pt: { xs: 7, md: 8 } } } }}
          >
            {navigation}
          </Drawer>
        ) : (
          <Box
            key="navigation-docked"
            sx={{
              width,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              transition: (theme) =>
                theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            }}
          >
            <Box sx={{ position: 'sticky', top: 64, maxHeight: 'calc(100dvh - 64px)', overflowY: 'auto' }}>
              {navigation}
            </Box>
          </Box>
        )}
        <Box
          key="page"
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            px: { xs: 1.5, sm: 2.5, lg: 3 },
            py: { xs: 2, md: 3 },
            '&:focus': { outline: 'none' },
          }}
        >
          <Suspense fallback={<PageLoading />}>
            <RouteGuard denied={<AdminPermissionDenied />}>
              <Outlet />
            </RouteGuard>
          </Suspense>
        </Box>
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
