import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { ContentPage } from '@/features/content/routes/content-page';
import { NotFoundPage } from './not-found';

// Only the contact layout shows the form (and loads its validation with it).
const ContactForm = lazy(() =>
  import('@/features/contact/components/contact-form').then((module) => ({ default: module.ContactForm })),
);

/**
 * The catch-all route: the content backend's pages, with the contact form for the contact layout; a path
 * it does not know is the 404 page. Composed here because features do not import each other.
 */
export function CatchAllPage() {
  return (
    <ContentPage
      notFound={<NotFoundPage />}
      contactForm={
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
              <CircularProgress aria-label="Loading the contact form" />
            </Box>
          }
        >
          <ContactForm />
        </Suspense>
      }
    />
  );
}
