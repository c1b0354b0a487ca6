import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import type { Frontpage } from '@/lib/content/types';

type Quotes = NonNullable<Frontpage['acf']['quotes']>;

/**
 * The home page's quote carousel (public-site §2): travellers' words, as many side by side as the
 * content backend asks for (fewer on narrow screens), moved with Previous and Next. It never moves on
 * its own.
 */
export function Testimonials({ quotes }: { quotes: Quotes }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const perView = wide ? quotes.slides_to_show : medium ? Math.min(2, quotes.slides_to_show) : 1;
  const pages = Math.max(1, Math.ceil(quotes.items.length / perView));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  if (quotes.items.length === 0) return null;
  const shown = quotes.items.slice(current * perView, current * perView + perView);

  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
      sx={{ py: { xs: 5, md: 8 } }}
    >
      <Container maxWidth="lg">
        <Stack
          direction="row"
          sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mb: 3, gap: 2 }}
        >
          <Typography id="testimonials-title" variant="h2" sx={{ color: 'primary.main' }}>
            {quotes.title || 'What travellers say'}
          </Typography>
          {pages > 1 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography
                variant="body2"
                color="text.secondary"
                aria-live="polite"
                sx={{ mr: 1, whiteSpace: 'nowrap' }}
              >
                {current + 1} of {pages}
              </Typography>
              <IconButton
                aria-label="Previous reviews"
                onClick={() => setPage((current - 1 + pages) % pages)}
                sx={{ border: 1, borderColor: 'divider', color: 'primary.main' }}
              >
                <ChevronLeftIcon />
              </IconButton>
              <IconButton
                aria-label="Next reviews"
                onClick={() => setPage((current + 1) % pages)}
                sx={{ border: 1, borderColor: 'divider', color: 'primary.main' }}
              >
                <ChevronRightIcon />
              </IconButton>
            </Stack>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}>
          {shown.map((item) => (
            <Box
              component="figure"
              key={`${item.name}-${item.quote.slice(0, 20)}`}
              sx={{
                m: 0,
                p: { xs: 3, md: 3.5 },
                borderRadius: 4,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <FormatQuoteIcon aria-hidden sx={{ color: 'secondary.main', fontSize: 40, mb: 1 }} />
              <Typography component="blockquote" sx={{ m: 0, mb: 2.5, fontSize: '1.0625rem', flexGrow: 1 }}>
                {item.quote}
              </Typography>
              <Typography component="figcaption" variant="body2" color="text.secondary">
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {item.name}
                </Box>
                {item.detail && `, ${item.detail}`}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
