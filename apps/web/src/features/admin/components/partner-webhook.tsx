import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { PartnerPushAttributes } from '@parking/domain/api-contract/partners';
import { FactList } from '@/components/admin/fact-list';
import { FormSection } from '@/components/admin/form-screen';
import { StatusDot } from '@/components/status-dot';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format';
import { partnerWebhookQuery, usePushAvailabilityNow } from '../api/partner-webhook';

const HEADING_ID = 'partner-webhook';

function PushRow({ push }: { push: PartnerPushAttributes }) {
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(push.at)}</TableCell>
      <TableCell>
        <StatusDot
          colour={push.delivered ? 'green' : 'red'}
          label={push.delivered ? 'Delivered' : 'Failed'}
        />
      </TableCell>
      <TableCell align="right">{push.httpStatus ?? '—'}</TableCell>
      <TableCell>
        {push.resync ? 'Whole horizon (sent from here)' : 'Days a change touched'} · {push.days} lot days
        {push.error && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {push.error}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * A partner's webhook (issue 42): the address it registered through the partner API, its last pushes (delivered
 * or failed, when, the HTTP status its webhook answered), and Push Availability Now, which sends its whole
 * horizon through the job queue as every push goes.
 */
export function PartnerWebhook({ partnerId }: { partnerId: string }) {
  const snackbar = useSnackbar();
  const webhook = useQuery(partnerWebhookQuery(partnerId));
  const push = usePushAvailabilityNow(partnerId);
  const hook = webhook.data;

  const pushNow = async () => {
    try {
      await push.mutateAsync();
      snackbar.show('Availability push queued');
    } catch (error) {
      for (const detail of errorDetails(error, 'The push could not be queued.'))
        snackbar.show(detail, 'error');
    }
  };

  return (
    <FormSection
      id={HEADING_ID}
      title="Webhook"
      action={
        <IconButton aria-label="Refresh the last pushes" onClick={() => void webhook.refetch()}>
          <RefreshIcon />
        </IconButton>
      }
    >
      {webhook.isPending ? (
        <Skeleton variant="rounded" height={56} aria-label="Loading" />
      ) : webhook.isError || !hook ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void webhook.refetch()}>
              Try again
            </Button>
          }
        >
          The webhook could not be loaded.
        </Alert>
      ) : (
        <Stack spacing={2}>
          {hook.url ? (
            <FactList
              facts={[
                ['Address', hook.url],
                ['Registered', formatDateTime(hook.registered ?? '')],
              ]}
            />
          ) : (
            <Typography color="text.secondary">
              No webhook yet. The partner registers one with PUT /partner/v1/webhook; its availability is then
              pushed there within seconds of every change.
            </Typography>
          )}
          {hook.url &&
            (hook.pushes.length === 0 ? (
              <Typography color="text.secondary">Nothing has been pushed yet.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Last pushes">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ fontWeight: 600 }}>Sent</TableCell>
                      <TableCell sx={{ fontWeight: 600 }}>Outcome</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        HTTP status
                      </TableCell>
                      <TableCell sx={{ fontWeight: 600 }}>What</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {hook.pushes.map((item, index) => (
                      <PushRow key={`${item.at}-${index}`} push={item} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ))}
          {hook.url && (
            <Box>
              <Button
                variant="outlined"
                startIcon={
                  push.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />
                }
                disabled={push.isPending}
                onClick={() => void pushNow()}
              >
                Push Availability Now
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
                Sends the partner every lot&apos;s availability from today to the booking horizon, signed.
              </Typography>
            </Box>
          )}
        </Stack>
      )}
    </FormSection>
  );
}
