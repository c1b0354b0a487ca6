/**
 * Every Content screen's frame: while CMS_URL names a WordPress (site details' managedBy) the content is
 * edited there, so the screen says so, with the link, instead of showing forms that would be refused.
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '@parking/domain/messages';
import { usePageTitle } from '@/lib/page-title';
import { siteDetailsQuery } from '../api/content-admin';

function ManagedElsewhere({ title, url }: { title: string; url: string }) {
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mb: 2 }}>
        {title}
      </Typography>
      <Alert severity="info" sx={{ maxWidth: 720 }}>
        <AlertTitle>The content is managed in WordPress</AlertTitle>
        Pages, menus, the home page and the site details come from the WordPress at{' '}
        <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {url}
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
        </Link>
        . Make changes there; they show on this site as soon as WordPress publishes them.
      </Alert>
    </Box>
  );
}

export function ContentGate({ title, children }: { title: string; children: ReactNode }) {
  const details = useQuery(siteDetailsQuery);
  if (details.isPending)
    return (
      <Box role="progressbar" aria-busy="true" aria-label={`Loading ${title}`}>
        <Skeleton variant="text" width={220} height={48} />
        <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
      </Box>
    );
  if (details.isError)
    return (
      <Alert severity="error" role="alert">
        {details.error.message || messages.unknownError}
      </Alert>
    );
  const managedBy = details.data.attributes.managedBy;
  return managedBy ? <ManagedElsewhere title={title} url={managedBy} /> : children;
}
