import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

/**
 * Replaces a screen that threw while rendering. The usual cause is a screen's code that can no longer
 * be downloaded because a new version was deployed, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Something went wrong');

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StatusPage
      icon={<ErrorOutlineIcon />}
      title="Something went wrong"
      message="This page could not be displayed. Please reload the page; if that does not help, try again in a few minutes."
      actions={
        <>
          <Button variant="contained" size="large" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button href={paths.home.path} variant="outlined" size="large">
            Back to home
          </Button>
        </>
      }
    />
  );
}
