import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { FactList } from '@/components/admin/fact-list';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { errorDetails } from '@/lib/api/client';
import { invalidateTypes, oneQuery } from '@/lib/api/resource-queries';
import { deleteResource } from '@/lib/api/resources';
import { useAuth } from '@/lib/auth/auth-context';
import { isAdmin } from '@/lib/auth/roles';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import type { ContactSubmissionAttributes } from '@parking/domain/api-contract/accounts';

/** One contact message (back-office §2 "Contact messages"): read-only, with Back and (Admins) Delete. */
export function ContactViewPage() {
  usePageTitle(paths.adminContactView.title);
  const { messageId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const message = useQuery(oneQuery<ContactSubmissionAttributes>('contact-submissions', messageId));
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({ mutationFn: () => deleteResource('contact-submissions', messageId) });

  useEffect(() => {
    if (!message.isError) return;
    snackbar.show('Message not found', 'error');
    navigate(paths.adminContact.path, { replace: true });
  }, [message.isError, snackbar, navigate]);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      for (const detail of errorDetails(error, 'The message could not be deleted.'))
        snackbar.show(detail, 'error');
    }
    setConfirming(false);
    await invalidateTypes(queryClient, 'contact-submissions');
    navigate(paths.adminContact.path);
  };

  const data = message.data?.resource.attributes;
  const fields: [string, ReactNode][] = data
    ? [
        ['Name', data.name],
        [
          'Email',
          <Link key="email" href={`mailto:${data.email}`}>
            {data.email}
          </Link>,
        ],
        [
          'Phone Number',
          data.phoneNumber ? (
            <Link key="phone" href={`tel:${data.phoneNumber.replace(/\s+/g, '')}`}>
              {data.phoneNumber}
            </Link>
          ) : (
            '—'
          ),
        ],
        ['Sent', formatDateTime(data.created)],
      ]
    : [];

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mb: 2 }}>
        Message
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {!data ? (
            <Stack spacing={1.5} aria-hidden>
              <Skeleton variant="text" width="40%" />
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" height={120} />
            </Stack>
          ) : (
            <>
              <FactList facts={fields} />
              <Typography component="h2" variant="h5" sx={{ mt: 3, mb: 1 }}>
                Message
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {data.message}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} href={paths.adminContact.path}>
          Back
        </Button>
        {user && isAdmin(user.roles) && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={!data}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Confirm Delete"
        text="Are you sure you would like to delete this message?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
