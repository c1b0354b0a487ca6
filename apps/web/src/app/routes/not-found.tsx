import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { messages } from '@parking/domain/messages';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  usePageTitle(paths.notFound.title);
  const snackbar = useSnackbar();
  const told = useRef(false);

  // Public-site §8: the "Page not found" snackbar, once per visit of this page.
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    snackbar.show(messages.pageNotFound, 'info');
  }, [snackbar]);

  return (
    <>
      {/* A single-page app answers 200 for every path; this keeps unknown URLs out of search results. */}
      <meta name="robots" content="noindex" />
      <StatusPage
        icon={<SearchOffOutlinedIcon />}
        title="404 Not Found"
        message="The page you are looking for does not exist or has moved."
        actions={
          <>
            <Button href={paths.home.path} variant="contained" size="large">
              Back to home
            </Button>
            <Button href={paths.bookingStep1.path} variant="outlined" size="large">
              Get a quote
            </Button>
          </>
        }
      />
    </>
  );
}
