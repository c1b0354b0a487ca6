import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import LuggageOutlinedIcon from '@mui/icons-material/LuggageOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Step {
  icon: ReactNode;
  title: string;
  text: string;
}

// The spec's three steps, in its order.
const steps: Step[] = [
  {
    icon: <VpnKeyOutlinedIcon />,
    title: 'Park and leave the keys',
    text: 'Drive to our car park and hand your keys to our valet team. We park your car indoors or outdoors, as booked.',
  },
  {
    icon: <DirectionsBusOutlinedIcon />,
    title: 'A lift to airport check-in',
    text: 'Our shuttle bus takes you and your luggage to the airport, timed to your flight.',
  },
  {
    icon: <LuggageOutlinedIcon />,
    title: 'Enjoy the trip',
    text: 'Relax while you are away. When you land, the shuttle brings you back to your car.',
  },
];

export function HowItWorks() {
  return (
    <Box
      component="section"
      aria-labelledby="how-it-works-title"
      sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 8, md: 12 } }}
    >
      <Container maxWidth="lg">
        <Typography id="how-it-works-title" variant="h2" sx={{ color: 'primary.main', mb: 1.5 }}>
          How it works
        </Typography>
        <Typography color="text.secondary" sx={{ mb: { xs: 4, md: 5 }, maxWidth: 600 }}>
          Three steps from our car park to the start of your trip.
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2.5 }}>
                    <Box
                      aria-hidden
                      sx={{
                        width: 56,
                        height: 56,
                        borderRadius: 3,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(15, 45, 82, 0.08)',
                        color: 'primary.main',
                        '& svg': { fontSize: 30 },
                      }}
                    >
                      {step.icon}
                    </Box>
                    <Box
                      component="span"
                      sx={{
                        px: 1.25,
                        py: 0.25,
                        borderRadius: 999,
                        bgcolor: 'secondary.main',
                        color: 'secondary.contrastText',
                        fontSize: '0.8125rem',
                        fontWeight: 700,
                      }}
                    >
                      Step {index + 1}
                    </Box>
                  </Box>
                  <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                    {step.title}
                  </Typography>
                  <Typography color="text.secondary">{step.text}</Typography>
                </CardContent>
              </Card>
            </li>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
