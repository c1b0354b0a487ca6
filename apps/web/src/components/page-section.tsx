import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageSectionProps {
  title: string;
  /** One line under the title saying what the page is for. */
  intro?: ReactNode;
  /** The page's primary action, beside the title on wide screens. */
  action?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** The frame of the customer-area pages: a title, an optional action, the content. */
export function PageSection({ title, intro, action, maxWidth = 'lg', children }: PageSectionProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box>
          <Typography variant="h2" component="h1" sx={{ color: 'primary.main' }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {action}
      </Stack>
      {children}
    </Container>
  );
}
