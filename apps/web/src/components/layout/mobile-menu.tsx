import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { loginHref, paths } from '@/config/paths';
import { useSiteContact } from '@/lib/content/site-contact';
import { BrandLogo } from './brand-logo';
import type { MenuItem } from './main-menu';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Called as a link in the drawer is followed, before the new page renders. */
  onNavigate: (href: string) => void;
  items: readonly MenuItem[];
  /** The signed-in user's links, or null for a visitor. */
  accountItems: readonly MenuItem[] | null;
  onLogout: () => void;
  currentPath: string;
}

/** The main menu below desktop width, in a drawer that traps focus and closes on Escape. */
export function MobileMenu({
  id,
  open,
  onClose,
  onNavigate,
  items,
  accountItems,
  onLogout,
  currentPath,
}: MobileMenuProps) {
  const { phone } = useSiteContact();
  const linkList = (list: readonly MenuItem[]) => (
    <List sx={{ px: 1 }}>
      {list.map((item) => (
        <ListItemButton
          key={item.href}
          href={item.href}
          onClick={() => onNavigate(item.href)}
          aria-current={item.href === currentPath ? 'page' : undefined}
          sx={{ borderRadius: 2, '&[aria-current="page"]': { bgcolor: 'rgba(15, 45, 82, 0.08)' } }}
        >
          <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItemButton>
      ))}
    </List>
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // MUI would hand focus back to the menu button even after a link in the drawer has navigated,
      // undoing the layout's move to the new page; the header returns focus itself when it should.
      disableRestoreFocus
      slotProps={{ paper: { id, sx: { width: 'min(320px, 88vw)' } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}>
        <BrandLogo />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box component="nav" aria-label="Main">
        {linkList(items)}
      </Box>
      <Divider />
      {accountItems && (
        <>
          <Box component="nav" aria-label="Account">
            {linkList(accountItems)}
          </Box>
          <Divider />
        </>
      )}
      <Stack spacing={1.5} sx={{ p: 2.5 }}>
        <Button href={phone.href} variant="outlined" startIcon={<PhoneOutlinedIcon />}>
          {phone.display}
        </Button>
        {accountItems ? (
          <Button onClick={onLogout} variant="contained" startIcon={<LogoutIcon />}>
            Logout
          </Button>
        ) : (
          <Button
            href={loginHref({ tab: 'register' })}
            onClick={() => onNavigate(paths.login.path)}
            variant="contained"
          >
            Register
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
