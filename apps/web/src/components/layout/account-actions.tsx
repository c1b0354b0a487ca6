import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useId, useRef, useState, type MouseEvent } from 'react';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useAuthDialog, type AuthTab } from '@/lib/auth/auth-dialog';
import { initials } from '@/lib/auth/session';
import { useLogout } from '@/lib/auth/use-logout';

// The dropdown (MUI's Menu and its popover machinery) loads when a signed-in user reaches for it.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

// The look of MUI's Avatar with letters (a navy disc), drawn here: Avatar's image handling would
// otherwise reach every visitor's first download for a disc that only signed-in users see.
const initialsSx = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 34,
  height: 34,
  borderRadius: '50%',
  overflow: 'hidden',
  userSelect: 'none',
  lineHeight: 1,
  bgcolor: 'primary.main',
  color: 'background.default',
  fontSize: '0.875rem',
  fontWeight: 600,
} as const;

/**
 * A plain click opens the dialog; a new-tab click, no dialog host, or a click on the login page itself
 * (where the tabs are already on screen) follows the link to /login.
 */
function useDialogLink(tab: AuthTab, currentPath: string) {
  const dialog = useAuthDialog();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      !dialog ||
      currentPath === paths.login.path ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    dialog.open(tab);
  };
}

/** The header's right-hand side: Login and Register for visitors, the account menu when signed in. */
export function AccountActions({ currentPath }: { currentPath: string }) {
  const { status, user } = useAuth();
  const logout = useLogout();
  const openLogin = useDialogLink('login', currentPath);
  const openRegister = useDialogLink('register', currentPath);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  if (status === 'loading') {
    // Holds the place of the buttons, so that the header does not jump when the session answers.
    return <Skeleton variant="rounded" width={92} height={36} aria-hidden />;
  }

  if (!user) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button href={loginHref()} onClick={openLogin} variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
          Login
        </Button>
        <Button
          href={loginHref({ tab: 'register' })}
          onClick={openRegister}
          variant="contained"
          sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
        >
          Register
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <Button
        ref={buttonRef}
        aria-label={`Account menu for ${user.firstName || user.email}`}
        aria-haspopup="menu"
        aria-controls={menuOpen ? menuId : undefined}
        aria-expanded={menuOpen}
        onClick={() => {
          setMenuRequested(true);
          setMenuOpen(true);
        }}
        onPointerEnter={() => void loadAccountMenu()}
        onFocus={() => void loadAccountMenu()}
        color="inherit"
        sx={{ color: 'text.primary', px: { xs: 0.5, sm: 1 }, minWidth: 0, gap: 1 }}
      >
        <Box component="span" sx={initialsSx}>
          {initials(user)}
        </Box>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 140,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {user.firstName || user.email}
        </Box>
      </Button>
      {menuRequested && (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            anchorEl={buttonRef.current}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            onLogout={() => void logout.logout()}
            user={user}
            currentPath={currentPath}
          />
        </Suspense>
      )}
    </>
  );
}
