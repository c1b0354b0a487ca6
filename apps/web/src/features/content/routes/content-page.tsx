import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { contentPageQuery, contentRoutesQuery } from '@/lib/content/queries';
import { usePageTitle } from '@/lib/page-title';
import { ContentPageView } from '@/components/content/content-page-view';

/** '/About-Us/' → '/about-us', as the content backend lists its routes. */
export const normalisePagePath = (pathname: string) =>
  `/${pathname
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')}`;

function ContentPageSkeleton() {
  return (
    <Container
      maxWidth="md"
      sx={{ py: { xs: 4, md: 7 } }}
      role="status"
      aria-busy="true"
      aria-label="Loading page"
    >
      <Skeleton variant="text" width="55%" height={64} />
      <Skeleton variant="text" width="80%" sx={{ mb: 4 }} />
      {[0, 1, 2, 3].map((index) => (
        <Box key={index} sx={{ mb: 2 }}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="70%" />
        </Box>
      ))}
    </Container>
  );
}

function LoadedPage({
  page,
  contactForm,
}: {
  page: Parameters<typeof ContentPageView>[0]['page'];
  contactForm?: ReactNode;
}) {
  usePageTitle(page.title);
  return <ContentPageView page={page} contactForm={contactForm} />;
}

interface ContentPageProps {
  /** What to show for a path the content backend does not know (the app's 404 page). */
  notFound: ReactNode;
  contactForm?: ReactNode;
}

/**
 * The catch-all route (public-site §1, §2): a path on the content backend's route list shows that
 * page in its layout; anything else is not found.
 */
export function ContentPage({ notFound, contactForm }: ContentPageProps) {
  const path = normalisePagePath(useLocation().pathname);
  const routes = useQuery(contentRoutesQuery);
  const known = routes.data?.some((route) => route.path === path) ?? false;
  const page = useQuery({ ...contentPageQuery(path), enabled: known });

  if (routes.isPending || (known && page.isPending)) return <ContentPageSkeleton />;
  if (!known || !page.data) return notFound;
  return <LoadedPage key={path} page={page.data} contactForm={contactForm} />;
}
