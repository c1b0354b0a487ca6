import MenuIcon from '@mui/icons-material/Menu';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import { HydrateLater } from '@/components/hydrate-later';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';
import { useContentMenu } from '@/lib/content/menus';
import { useSiteContact } from '@/lib/content/site-contact';
import { useLogout } from '@/lib/auth/use-logout';
import { useScrolledPast } from '@/lib/use-scrolled-past';
import { AccountActions } from './account-actions';
import { accountLinks } from './account-links';
import { BrandLogo } from './brand-logo';
import { HeaderMessage } from './header-message';
import { mainMenu } from './main-menu';

// Most visitors never open the phone menu, so its drawer (and MUI's modal machinery) loads on demand.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

// The spec: the header gains its shadow after 45 px of scroll, checked at most every 200 ms.
const SHADOW_AFTER_PX = 45;
const SCROLL_THROTTLE_MS = 200;

export function SiteHeader() {
  const scrolled = useScrolledPast(SHADOW_AFTER_PX, SCROLL_THROTTLE_MS);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const drawerId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocusToMenuButton = useRef(false);
  const { user } = useAuth();
  const logout = useLogout();
  // The content backend's main menu and phone number, with built-in ones until they arrive.
  const menu = useContentMenu('main', mainMenu);
  const { phone } = useSiteContact();

  // Whatever the navigation, the drawer must not stay open over the new page.
  useEffect(() => setMenuOpen(false), [pathname]);

  const closeMenu = () => {
    returnFocusToMenuButton.current = true;
    setMenuOpen(false);
  };

  // Closing here, before the router renders the new page, releases the drawer's focus trap in time for
  // the layout to move focus to that page.
  const closeMenuForNavigation = (href: string) => {
    if (href === pathname) closeMenu();
    else setMenuOpen(false);
  };

  // Escape, the close button or a tap outside: back to where the visitor was. Done after the drawer's
  // focus trap has let go, or the trap would pull focus straight back in.
  useEffect(() => {
    if (menuOpen || !returnFocusToMenuButton.current) return;
    returnFocusToMenuButton.current = false;
    menuButtonRef.current?.focus();
  }, [menuOpen]);

  const current = (href: string) => (href === pathname ? 'page' : undefined);

  return (
    <>
      <HeaderMessage />
      {/* What MUI's sticky AppBar (a Paper) and Toolbar draw, as plain boxes: the header is on every
          first visit, and those two would bring Paper's elevation and colour variants with them. */}
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 'appBar',
          display: 'flex',
          flexDirection: 'column',
          width: '100%',
          boxSizing: 'border-box',
          flexShrink: 0,
          bgcolor: 'background.paper',
          color: 'inherit',
          boxShadow: scrolled ? 3 : 0,
          borderBottom: 1,
          borderColor: scrolled ? 'transparent' : 'divider',
          transition: 'box-shadow 200ms',
        }}
      >
        <HydrateLater>
          <Container maxWidth="lg">
            <Box
              sx={{
                position: 'relative',
                display: 'flex',
                alignItems: 'center',
                minHeight: { xs: 64, md: 76 },
                gap: { xs: 0.5, sm: 1.5 },
              }}
            >
              <BrandLogo />

              <Box
                component="nav"
                aria-label="Main"
                sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: { md: 2, lg: 4 } }}
              >
                {menu.map((item) => (
                  <Button
                    key={item.href}
                    href={item.href}
                    aria-current={current(item.href)}
                    color="inherit"
                    sx={{
                      color: 'text.primary',
                      px: { md: 1, lg: 1.5 },
                      whiteSpace: 'nowrap',
                      '&[aria-current="page"]::after': {
                        content: '""',
                        position: 'absolute',
                        insetInline: 12,
                        bottom: 2,
                        height: 2,
                        borderRadius: 1,
                        // Navy, not the amber accent: a state indicator needs 3:1 against the white header.
                        bgcolor: 'primary.main',
                      },
                    }}
                  >
                    {item.label}
                  </Button>
                ))}
              </Box>

              <Box sx={{ flexGrow: 1 }} />

              <Button
                href={phone.href}
                startIcon={<PhoneOutlinedIcon />}
                sx={{
                  display: { xs: 'none', lg: 'inline-flex' },
                  color: 'text.primary',
                  mr: 1,
                  whiteSpace: 'nowrap',
                }}
              >
                {phone.display}
              </Button>
              <IconButton
                href={phone.href}
                aria-label={`Call us on ${phone.display}`}
                sx={{ display: { xs: 'inline-flex', lg: 'none' }, color: 'primary.main' }}
              >
                <PhoneOutlinedIcon />
              </IconButton>

              <AccountActions currentPath={pathname} />

              <IconButton
                ref={menuButtonRef}
                aria-label="Open menu"
                aria-controls={menuOpen ? drawerId : undefined}
                aria-expanded={menuOpen}
                onClick={() => {
                  setMenuRequested(true);
                  setMenuOpen(true);
                }}
                // Start the download as soon as a pointer or focus suggests a tap is coming.
                onPointerEnter={() => void loadMobileMenu()}
                onFocus={() => void loadMobileMenu()}
                sx={{ display: { xs: 'inline-flex', md: 'none' }, color: 'primary.main' }}
              >
                <MenuIcon />
              </IconButton>
            </Box>
          </Container>
        </HydrateLater>

        {menuRequested && (
          <Suspense fallback={null}>
            <MobileMenu
              id={drawerId}
              open={menuOpen}
              onClose={closeMenu}
              onNavigate={closeMenuForNavigation}
              items={menu}
              accountItems={user ? accountLinks(user) : null}
              onLogout={() => {
                setMenuOpen(false);
                void logout.logout();
              }}
              currentPath={pathname}
            />
          </Suspense>
        )}
      </Box>
    </>
  );
}
