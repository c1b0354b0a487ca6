import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSiteContact } from '@/lib/content/site-contact';

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.75, alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(15, 45, 82, 0.06)',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <div>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="div" sx={{ fontWeight: 500 }}>
          {children}
        </Typography>
      </div>
    </Box>
  );
}

/** The business's phone, email, address, hours and social links, from the content backend's options. */
export function ContactDetails() {
  const contact = useSiteContact();
  return (
    <Stack spacing={2.5}>
      <Item icon={<PhoneOutlinedIcon />} label="Phone">
        <Link href={contact.phone.href}>{contact.phone.display}</Link>
      </Item>
      {contact.email && (
        <Item icon={<MailOutlineIcon />} label="Email">
          <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Item>
      )}
      {contact.address && (
        <Item icon={<PlaceOutlinedIcon />} label="Address">
          {contact.address}
        </Item>
      )}
      {contact.hours && (
        <Item icon={<ScheduleOutlinedIcon />} label="Opening hours">
          {contact.hours}
        </Item>
      )}
      {contact.socialLinks.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ pt: 0.5 }}>
          {contact.socialLinks.map((link) => (
            <Link key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.network}
            </Link>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
