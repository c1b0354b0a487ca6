import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import FlightLandOutlinedIcon from '@mui/icons-material/FlightLandOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import ReportGmailerrorredOutlinedIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useState, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { LinkBehavior } from '@/components/link-behavior';
import {
  currentEntryName,
  isNavGroup,
  navHref,
  navigationFor,
  type AdminNavGroup,
  type AdminNavIcon,
  type AdminNavItem,
} from './admin-navigation';

const icons: Record<AdminNavIcon, ReactElement> = {
  diary: <EventNoteOutlinedIcon />,
  bringUp: <FlightLandOutlinedIcon />,
  bookings: <ReceiptLongOutlinedIcon />,
  customers: <PeopleOutlineIcon />,
  vehicles: <DirectionsCarOutlinedIcon />,
  contact: <MailOutlineIcon />,
  discounts: <LocalOfferOutlinedIcon />,
  delivery: <ReportGmailerrorredOutlinedIcon />,
  wallet: <AccountBalanceWalletOutlinedIcon />,
  partners: <HandshakeOutlinedIcon />,
  privacy: <PrivacyTipOutlinedIcon />,
  reports: <AssessmentOutlinedIcon />,
  settings: <SettingsOutlinedIcon />,
  content: <ArticleOutlinedIcon />,
};

const itemSx = {
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
};

function NavLink({
  item,
  railOnly,
  nested,
  active,
}: {
  item: AdminNavItem;
  railOnly: boolean;
  nested?: boolean;
  active: string | null;
}) {
  const location = useLocation();
  const current = item.route.name === active;
  const button = (
    <ListItemButton
      component={LinkBehavior}
      href={navHref(item, location.search)}
      className={current ? 'active' : undefined}
      aria-current={current ? 'page' : undefined}
      aria-label={railOnly ? item.label : undefined}
      sx={{ ...itemSx, pl: nested && !railOnly ? 4 : 1.5 }}
    >
      {item.icon && (
        <ListItemIcon sx={{ minWidth: 40, color: current ? 'primary.main' : undefined }}>
          {icons[item.icon]}
        </ListItemIcon>
      )}
      {!railOnly && (
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { sx: { fontWeight: current ? 600 : 500, fontSize: '0.9375rem' } } }}
        />
      )}
    </ListItemButton>
  );
  // Each entry is a list item of its own: a list holds nothing else (WCAG 1.3.1, axe "list").
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {railOnly ? (
        <Tooltip title={item.label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/** A line between sections, inside a list item so that the list holds only items. */
function NavDivider() {
  return (
    <ListItem disablePadding aria-hidden sx={{ display: 'block' }}>
      <Divider sx={{ my: 1 }} />
    </ListItem>
  );
}

function NavGroup({
  group,
  railOnly,
  active,
}: {
  group: AdminNavGroup;
  railOnly: boolean;
  active: string | null;
}) {
  const containsCurrent = group.items.some((item) => item.route.name === active);
  const [open, setOpen] = useState(containsCurrent);
  const expanded = open || railOnly;
  const id = `admin-nav-${group.label.toLowerCase()}`;
  return (
    <>
      {railOnly ? (
        <NavDivider />
      ) : (
        <ListItem disablePadding sx={{ display: 'block' }}>
          <ListItemButton
            onClick={() => setOpen((value) => !value)}
            aria-expanded={expanded}
            aria-controls={id}
            sx={{ ...itemSx, pl: 1.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{icons[group.icon]}</ListItemIcon>
            <ListItemText
              primary={group.label}
              slotProps={{ primary: { sx: { fontWeight: 500, fontSize: '0.9375rem' } } }}
            />
            {expanded ? <ExpandLess /> : <ExpandMore />}
          </ListItemButton>
        </ListItem>
      )}
      <ListItem disablePadding sx={{ display: 'block' }}>
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List id={id} disablePadding>
            {group.items.map((item) => (
              <NavLink
                key={item.route.name}
                item={{ ...item, icon: item.icon ?? (railOnly ? group.icon : undefined) }}
                railOnly={railOnly}
                nested
                active={active}
              />
            ))}
          </List>
        </Collapse>
      </ListItem>
    </>
  );
}

/** The entries a user with `roles` may open (back-office §2, §6); groups open on click. */
export function AdminNavigationList({ roles, railOnly }: { roles: readonly string[]; railOnly: boolean }) {
  const sections = navigationFor(roles);
  const active = currentEntryName(sections, useLocation().pathname);
  return (
    <List disablePadding>
      {sections.map((section, index) => (
        <Fragment key={index}>
          {index > 0 && <NavDivider />}
          {section.entries.map((entry) =>
            isNavGroup(entry) ? (
              <NavGroup key={entry.label} group={entry} railOnly={railOnly} active={active} />
            ) : (
              <NavLink key={entry.route.name} item={entry} railOnly={railOnly} active={active} />
            ),
          )}
        </Fragment>
      ))}
    </List>
  );
}
