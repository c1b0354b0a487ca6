import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSiteContact } from '@/lib/content/site-contact';

/** The content backend's header message (public-site §2), in a slim band above the header; nothing when there is none. */
export function HeaderMessage() {
  const { headerMessage } = useSiteContact();
  if (!headerMessage) return null;
  return (
    <Box
      component="aside"
      aria-label="Announcement"
      sx={{ bgcolor: 'primary.main', color: 'common.white', px: 2, py: 0.875, textAlign: 'center' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {headerMessage}
      </Typography>
    </Box>
  );
}
