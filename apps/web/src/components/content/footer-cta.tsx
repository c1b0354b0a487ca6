import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { CallToAction } from '@/lib/content/types';

/** The closing call to action of the home page and content pages, from the content backend. */
export function FooterCta({ cta }: { cta: CallToAction }) {
  if (!cta.title) return null;
  return (
    <Box
      component="section"
      aria-labelledby="footer-cta-title"
      sx={{
        bgcolor: 'primary.main',
        color: 'common.white',
        py: { xs: 6, md: 8 },
        '& :focus-visible, & .Mui-focusVisible': { outlineColor: 'secondary.main' },
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="footer-cta-title" variant="h2" sx={{ mb: 1.5 }}>
          {cta.title}
        </Typography>
        {cta.text && (
          <Typography sx={{ color: 'rgba(255, 255, 255, 0.85)', mb: 3.5, fontSize: '1.125rem' }}>
            {cta.text}
          </Typography>
        )}
        {cta.button_label && cta.button_url && (
          <Button
            href={cta.button_url}
            variant="contained"
            color="secondary"
            size="large"
            endIcon={<ArrowForwardIcon />}
          >
            {cta.button_label}
          </Button>
        )}
      </Container>
    </Box>
  );
}
