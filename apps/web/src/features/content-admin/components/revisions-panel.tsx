import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contentMessages } from '@parking/domain/content-admin';
import { messages } from '@parking/domain/messages';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { listQuery } from '@/lib/api/resource-queries';
import { formatDateTime } from '@/lib/format';
import { CONTENT_REVISIONS, restoreRevision, type RevisionAttributes } from '../api/content-admin';

interface RevisionsPanelProps {
  /** The page's row (the home page's too: its revisions are a page's). */
  pageId: string;
  onRestored: () => Promise<void>;
  /** Puts a revision back; a content page's restore unless told otherwise. */
  restore?: (revisionId: string) => Promise<void>;
  /** What a restore brings back, for the confirmation. */
  restores?: string;
  /** The snackbar's message once restored. */
  restoredMessage?: string;
}

interface UserAttributes {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/**
 * A page's revisions (issue 25): every save kept, newest first, with who and when; Restore puts an
 * earlier one back (itself a new save, so nothing is lost).
 */
export function RevisionsPanel({
  pageId,
  onRestored,
  restore: restoreOne = (revisionId) => restoreRevision(pageId, revisionId),
  restores = 'its title, text and questions',
  restoredMessage = contentMessages.pageRestored,
}: RevisionsPanelProps) {
  const snackbar = useSnackbar();
  const revisions = useQuery(
    listQuery<RevisionAttributes>(CONTENT_REVISIONS, {
      page: 1,
      per: 50,
      sort: '-number',
      filters: { page: pageId },
      include: 'createdBy',
    }),
  );
  const [chosen, setChosen] = useState<Resource<RevisionAttributes> | null>(null);
  const restore = useMutation({
    mutationFn: (revision: Resource<RevisionAttributes>) => restoreOne(revision.id),
    onSuccess: async () => {
      setChosen(null);
      await onRestored();
      snackbar.show(restoredMessage);
    },
    onError: (error) => snackbar.show(firstErrorDetail(error, messages.unknownError), 'error'),
  });
  const rows = revisions.data?.rows ?? [];
  const who = (revision: Resource<RevisionAttributes>) => {
    const user = revisions.data?.included.one<UserAttributes>(revision, 'createdBy', 'users');
    const name = [user?.attributes.firstName, user?.attributes.lastName].filter(Boolean).join(' ');
    return name || user?.attributes.email || 'Unknown User';
  };

  return (
    <Card component="section" aria-labelledby="revisions-heading" variant="outlined">
      <CardContent>
        <Typography id="revisions-heading" variant="h4" component="h2" sx={{ mb: 2 }}>
          Revisions
        </Typography>
        {revisions.isError && <Alert severity="error">The revisions could not be loaded.</Alert>}
        {revisions.isPending &&
          Array.from({ length: 3 }, (_, index) => <Skeleton key={index} variant="text" height={48} />)}
        {revisions.data && rows.length === 0 && (
          <Typography color="text.secondary">No revisions yet. Each save keeps one.</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((revision, index) => (
            <Box
              component="li"
              key={revision.id}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                py: 1,
                borderTop: index ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  Revision {revision.attributes.number}
                  {index === 0 ? ' (current)' : ''}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {revision.attributes.title} ·{' '}
                  {revision.attributes.status === 'published' ? 'Published' : 'Draft'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {who(revision)}, {formatDateTime(revision.attributes.created)}
                </Typography>
              </Box>
              {index > 0 && (
                <Button
                  size="small"
                  aria-label={`Restore revision ${revision.attributes.number}`}
                  onClick={() => setChosen(revision)}
                >
                  Restore
                </Button>
              )}
            </Box>
          ))}
        </Box>
      </CardContent>
      <ConfirmDialog
        open={chosen !== null}
        title="Restore Revision"
        text={`Are you sure you would like to restore revision ${chosen?.attributes.number ?? ''}? The page goes back to ${restores}; unsaved changes are lost, and the current version stays in the revisions.`}
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => chosen && restore.mutate(chosen)}
        onCancel={() => setChosen(null)}
      />
    </Card>
  );
}
