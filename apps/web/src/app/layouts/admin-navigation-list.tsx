import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { LinkBehavior } from '@/components/link-behavior';
import { isNavGroup, navHref, navigationFor, type AdminNavGroup, type AdminNavIcon, type AdminNavItem } from './admin-navigation';

const icons: Record<AdminNavIcon, ReactElement> = {
  diary: <EventNoteOutlinedIcon />,
  bookings: <ReceiptLongOutlinedIcon />,
  customers: <PeopleOutlineIcon />,
  vehicles: <DirectionsCarOutlinedIcon />,
  contact: <MailOutlineIcon />,
  discounts: <LocalOfferOutlinedIcon />,
  reports: <AssessmentOutlinedIcon />,
  settings: <SettingsOutlinedIcon />,
};

/** The current page's entry: its path, or a page below it (an edit or add route). */
const isCurrent = (pathname: string, item: AdminNavItem) =>
  pathname === item.route.path || pathname.startsWith(`${item.route.path}/`);

const itemSx = { borderRadius: 2, mx: 1, my: 0.25, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } };

function NavLink({ item, railOnly, nested }: { item: AdminNavItem; railOnly: boolean; nested?: boolean }) {
  const location = useLocation();
  const current = isCurrent(location.pathname, item);
  const button = (
    <ListItemButton
      component={LinkBehavior}
      href={navHref(item, location.search)}
      className={current ? 'active' : undefined}
      aria-current={current ? 'page' : undefined}
      aria-label={railOnly ? item.label : undefined}
      sx={{ ...itemSx, pl: nested && !railOnly ? 4 : 1.5 }}
    >
      {item.icon && <ListItemIcon sx={{ minWidth: 40, color: current ? 'primary.main' : undefined }}>{icons[item.icon]}</ListItemIcon>}
      {!railOnly && (
        <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: current ? 600 : 500, fontSize: '0.9375rem' } } }} />
      )}
    </ListItemButton>
  );
  return railOnly ? (
    <Tooltip title={item.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function NavGroup({ group, railOnly }: { group: AdminNavGroup; railOnly: boolean }) {
  const location = useLocation();
  const containsCurrent = group.items.some((item) => isCurrent(location.pathname, item));
  const [open, setOpen] = useState(containsCurrent);
  const expanded = open || railOnly;
  const id = `admin-nav-${group.label.toLowerCase()}`;
  return (
    <>
      {railOnly ? (
        <Divider sx={{ my: 1 }} />
      ) : (
        <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={expanded} aria-controls={id} sx={{ ...itemSx, pl: 1.5 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>{icons[group.icon]}</ListItemIcon>
          <ListItemText primary={group.label} slotProps={{ primary: { sx: { fontWeight: 500, fontSize: '0.9375rem' } } }} />
          {expanded ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
      )}
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={id} disablePadding>
          {group.items.map((item) => (
            <NavLink key={item.route.name} item={{ ...item, icon: item.icon ?? (railOnly ? group.icon : undefined) }} railOnly={railOnly} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The entries a user with `roles` may open (back-office §2, §6); groups open on click. */
export function AdminNavigationList({ roles, railOnly }: { roles: readonly string[]; railOnly: boolean }) {
  const sections = navigationFor(roles);
  return (
    <List disablePadding>
      {sections.map((section, index) => (
        <Fragment key={index}>
          {index > 0 && <Divider sx={{ my: 1 }} />}
          {section.entries.map((entry) =>
            isNavGroup(entry) ? (
              <NavGroup key={entry.label} group={entry} railOnly={railOnly} />
            ) : (
              <NavLink key={entry.route.name} item={entry} railOnly={railOnly} />
            ),
          )}
        </Fragment>
      ))}
    </List>
  );
}
