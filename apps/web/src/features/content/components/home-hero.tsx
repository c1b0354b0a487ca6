import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { HeroIllustration } from './hero-illustration';

const reassurances = [
  'Your car parked by our valet team',
  'Shuttle bus to and from the airport',
  'Prices in Australian dollars, GST included',
];

export function HomeHero() {
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      sx={{ background: 'linear-gradient(180deg, #EAF0F8 0%, #F7F9FC 100%)', py: { xs: 6, md: 10 } }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
          }}
        >
          <div>
            <Typography variant="overline" component="p" sx={{ color: 'primary.light' }}>
              Airport car parking
            </Typography>
            <Typography id="home-hero-title" variant="h1" sx={{ color: 'primary.main', mt: 1, mb: 2.5 }}>
              Valet indoor and outdoor parking with a shuttle to the airport
            </Typography>
            <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 560, mb: 4 }}>
              Hand your keys to our valet team, choose undercover indoor or open-air outdoor parking, and ride
              our shuttle bus to check-in. When you fly home, the shuttle brings you back to your car.
            </Typography>
            <Button
              href={paths.bookingStep1.path}
              variant="contained"
              size="large"
              endIcon={<ArrowForwardIcon />}
              sx={{ width: { xs: '100%', sm: 'auto' }, px: 4, py: 1.75, fontSize: '1.0625rem' }}
            >
              Get a quote
            </Button>
            <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 4 }}>
              {reassurances.map((text) => (
                <Box component="li" key={text} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
                  <CheckCircleOutlineIcon
                    aria-hidden
                    sx={{ color: 'primary.light', mt: '2px' }}
                    fontSize="small"
                  />
                  <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
                    {text}
                  </Typography>
                </Box>
              ))}
            </Stack>
          </div>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <HeroIllustration />
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
