import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { HtmlContent } from '@/components/html-content';
import { HydrateLater } from '@/components/hydrate-later';
import type { ContentPage } from '@/lib/content/types';

/**
 * A content page's accordion field (the FAQ): one question open at a time is not forced; each toggles. Each
 * question attaches to its pre-rendered HTML in a task of its own (HydrateLater): the FAQ's eight were one
 * task of about 300 ms on a throttled phone, with the page's heading and text.
 */
export function ContentAccordion({ items }: { items: ContentPage['acf']['accordion'] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <Box sx={{ mt: 4 }}>
      {items.map((item, index) => (
        <HydrateLater key={index}>
          <Accordion
            disableGutters
            elevation={0}
            // MUI wraps each question's button in a heading: a level 2 one under the page's title.
            slots={{ heading: 'h2' }}
            sx={{
              border: 1,
              borderColor: 'divider',
              '&:not(:last-of-type)': { borderBottom: 0 },
              '&::before': { display: 'none' },
              '&:first-of-type': { borderTopLeftRadius: 12, borderTopRightRadius: 12 },
              '&:last-of-type': { borderBottomLeftRadius: 12, borderBottomRightRadius: 12 },
            }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`${id}-q${index}`}
              aria-controls={`${id}-a${index}`}
              sx={{ px: { xs: 2, sm: 3 }, py: 0.5 }}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.0625rem' }}>
                {item.title}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`${id}-a${index}`} sx={{ px: { xs: 2, sm: 3 }, pt: 0, pb: 2.5 }}>
              <HtmlContent html={item.content} sx={{ color: 'text.secondary', fontSize: '1rem' }} />
            </AccordionDetails>
          </Accordion>
        </HydrateLater>
      ))}
    </Box>
  );
}
