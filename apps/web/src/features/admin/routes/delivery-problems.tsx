import { AdminPageHeading, RefreshButton } from '@/components/admin/page-heading';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Column } from '@/components/admin/columns';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { OnePageTable } from '@/components/admin/one-page-table';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { errorDetails } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import {
  deliveryProblemsQuery,
  useSettleDeliveryProblem,
  type DeliveryAction,
  type DeliveryProblem,
  type DeliveryProblemAttributes,
} from '../api/delivery-problems';

const TITLE = paths.adminDeliveryProblems.title;
const EMPTY_TEXT = 'Nothing is waiting: every email and text went out.';
const DONE: Record<DeliveryAction, string> = { retry: 'Sent again', discard: 'Discarded' };
const FAILED: Record<DeliveryAction, string> = {
  retry: 'The delivery could not be sent again.',
  discard: 'The delivery problem could not be discarded.',
};
// The whole list shows at once (the server sends up to 200, newest failure first): no paging, no sorting.

/** "Email: Reset your password to x@example.com": what a row's buttons act on, for their names. */
const describe = (problem: DeliveryProblem) => `${problem.attributes.what} to ${problem.attributes.to}`;

/**
 * Delivery problems (issue 37, Admins): the emails, texts and refunds that failed five times in a row, what
 * went wrong the last time, and per row Retry (run it once more) and Discard (drop it, after a question).
 */
export function DeliveryProblemsPage() {
  usePageTitle(TITLE);
  const snackbar = useSnackbar();
  const list = useQuery(deliveryProblemsQuery);
  const settle = useSettleDeliveryProblem();
  // The row Discard asks about; it stays while the dialog closes, so that its words do not vanish first.
  const [discarding, setDiscarding] = useState<DeliveryProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const busyId = settle.isPending ? settle.variables.id : null;

  const act = async (problem: DeliveryProblem, action: DeliveryAction) => {
    try {
      await settle.mutateAsync({ id: problem.id, action });
      snackbar.show(DONE[action]);
    } catch (error) {
      // Dealt with meanwhile (404) or refused: the server's words, and the refreshed list shows what is left.
      for (const detail of errorDetails(error, FAILED[action])) snackbar.show(detail, 'error');
    } finally {
      setConfirming(false);
      // The row (and the button that had the focus) is gone: the keyboard carries on from the heading.
      heading.current?.focus();
    }
  };

  const columns: Column<DeliveryProblemAttributes>[] = [
    { id: 'what', label: 'What', render: (row) => row.attributes.what },
    {
      id: 'to',
      label: 'To',
      // Broken only where it must (a phone's card): on a wide screen the address keeps its line.
      render: (row) => (
        <Box sx={{ whiteSpace: { md: 'nowrap' }, overflowWrap: 'anywhere' }}>{row.attributes.to}</Box>
      ),
    },
    {
      id: 'lastError',
      label: 'Last error',
      render: (row) => (
        <Box
          component="span"
          sx={{ display: 'block', maxWidth: { md: 360 }, overflowWrap: 'anywhere', fontSize: '0.8125rem' }}
        >
          {row.attributes.lastError}
        </Box>
      ),
    },
    { id: 'attempts', label: 'Attempts', align: 'right', render: (row) => row.attributes.attempts },
    {
      id: 'failedAt',
      label: 'Failed',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.attributes.failedAt)}
        </Box>
      ),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (row) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayIcon />}
            disabled={busyId !== null}
            aria-label={`Retry ${describe(row)}`}
            onClick={() => void act(row, 'retry')}
          >
            Retry
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={busyId !== null}
            aria-label={`Discard ${describe(row)}`}
            onClick={() => {
              setDiscarding(row);
              setConfirming(true);
            }}
          >
            Discard
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <AdminPageHeading
        title={TITLE}
        headingRef={heading}
        subtitle="Emails, texts and refunds that failed five times in a row. Retry runs one again; Discard drops it."
        actions={<RefreshButton onClick={() => void list.refetch()} disabled={list.isFetching} />}
      />
      <OnePageTable<DeliveryProblemAttributes>
        noun="delivery problem"
        label={TITLE}
        columns={columns}
        list={list}
        emptyText={EMPTY_TEXT}
      />
      <ConfirmDialog
        open={confirming}
        title="Discard this delivery?"
        text={
          discarding
            ? `${describe(discarding)} will not be sent, and it leaves this list. This cannot be undone.`
            : ''
        }
        confirmLabel="Discard"
        destructive
        busy={settle.isPending}
        onConfirm={() => discarding && void act(discarding, 'discard')}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
