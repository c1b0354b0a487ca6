import DirectionsOutlinedIcon from '@mui/icons-material/DirectionsOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HtmlContent } from '@/components/html-content';
import { visuallyHidden } from '@/components/visually-hidden';
import type { Frontpage } from '@/lib/content/types';
import { useSiteContact } from '@/lib/content/site-contact';
import { LocationMap } from './location-map';

/** Google Maps' documented directions link; it opens the maps app on a phone and needs no key. */
function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        '& svg': { color: 'primary.light', mt: '3px' },
      }}
    >
      {icon}
      <Typography component="span">{children}</Typography>
    </Box>
  );
}

/** Where the car park is (public-site §2): address, hours, a drawn map and a Get Directions link. */
export function LocationBlock({ location }: { location: NonNullable<Frontpage['acf']['location']> }) {
  const contact = useSiteContact();
  const address = location.address || contact.address;
  const directions = location.directions_url || (address ? directionsUrl(address) : '');

  return (
    <Box
      component="section"
      aria-labelledby="location-title"
      sx={{ py: { xs: 5, md: 8 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          }}
        >
          <div>
            <Typography variant="overline" component="p" sx={{ color: 'primary.light' }}>
              Find us
            </Typography>
            <Typography id="location-title" variant="h2" sx={{ color: 'primary.main', mb: 2 }}>
              {location.title || 'Where we are'}
            </Typography>
            <HtmlContent html={location.content} sx={{ color: 'text.secondary', mb: 3 }} />
            <Stack spacing={1.5} sx={{ mb: 3.5 }}>
              {address && <Line icon={<PlaceOutlinedIcon />}>{address}</Line>}
              {contact.hours && <Line icon={<ScheduleOutlinedIcon />}>{contact.hours}</Line>}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {directions && (
                <Button
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="contained"
                  size="large"
                  startIcon={<DirectionsOutlinedIcon />}
                >
                  Get Directions
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (opens in a new tab)
                  </Box>
                </Button>
              )}
              <Button
                href={contact.phone.href}
                variant="outlined"
                size="large"
                startIcon={<PhoneOutlinedIcon />}
              >
                {contact.phone.display}
              </Button>
            </Stack>
          </div>
          <LocationMap />
        </Box>
      </Container>
    </Box>
  );
}
