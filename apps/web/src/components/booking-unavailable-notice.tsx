import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { homeMessages } from '@parking/domain/home-messages';
import type { FormBlockout } from '@/lib/api/blockout';
import { useSiteContact } from '@/lib/content/site-contact';

/**
 * Replaces the quote form while an online-form blockout is current (public-site §2, §8): the blockout's
 * message, or the spec's default text, and the phone number to call instead.
 */
export function BookingUnavailableNotice({ blockout }: { blockout: FormBlockout }) {
  const { phone } = useSiteContact();
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        p: { xs: 2.5, sm: 3 },
        borderRadius: 3,
        bgcolor: '#FFF6E9',
        border: 1,
        borderColor: 'secondary.light',
      }}
    >
      <EventBusyOutlinedIcon aria-hidden sx={{ color: 'secondary.dark', fontSize: 32, mt: 0.25 }} />
      <Box>
        <Typography component="h2" variant="h5" sx={{ mb: 0.75 }}>
          Online bookings are paused
        </Typography>
        <Typography sx={{ mb: 2 }}>{blockout.message || homeMessages.onlineBookingUnavailable}</Typography>
        <Button href={phone.href} variant="contained" startIcon={<PhoneOutlinedIcon />}>
          Call {phone.display}
        </Button>
      </Box>
    </Box>
  );
}
