import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { LinkBehavior } from '@/components/link-behavior';
import { displayName, type SessionUser } from '@/lib/auth/session';
import { accountLinks } from './account-links';

interface AccountMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  user: SessionUser;
  currentPath: string;
}

/** The signed-in user's dropdown under the header's account button. */
export function AccountMenu({ id, anchorEl, open, onClose, onLogout, user, currentPath }: AccountMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } }, list: { 'aria-label': 'Account' } }}
    >
      <Typography
        component="li"
        role="none"
        variant="body2"
        color="text.secondary"
        sx={{ px: 2, pt: 0.5, pb: 1.5, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        Signed in as <strong>{displayName(user)}</strong>
      </Typography>
      {accountLinks(user).map((link) => (
        <MenuItem
          key={link.href}
          component={LinkBehavior}
          href={link.href}
          onClick={onClose}
          selected={link.href === currentPath}
        >
          {link.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
}
