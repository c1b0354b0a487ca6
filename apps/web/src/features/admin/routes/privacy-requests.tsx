import { AdminPageHeading, RefreshButton } from '@/components/admin/page-heading';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Column } from '@/components/admin/columns';
import { OnePageTable } from '@/components/admin/one-page-table';
import { adminHref, paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import {
  accountClosuresQuery,
  retentionRunsQuery,
  type AccountClosureAttributes,
  type RetentionRunAttributes,
} from '../api/privacy';

const TITLE = paths.adminPrivacy.title;
const CLOSINGS = 'Account closings';
const RUNS = 'Retention runs';

const when = (iso: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {formatDateTime(iso)}
  </Box>
);

const closingColumns: Column<AccountClosureAttributes>[] = [
  { id: 'closedAt', label: 'Closed', render: (row) => when(row.attributes.closedAt) },
  {
    id: 'customerId',
    label: 'Customer record',
    render: (row) =>
      row.attributes.customerId ? (
        <Link
          component={RouterLink}
          to={adminHref(paths.adminCustomersEdit, { customerId: row.attributes.customerId })}
        >
          {`Customer ${row.attributes.customerId} (de-identified)`}
        </Link>
      ) : (
        'None'
      ),
  },
  {
    id: 'bookings',
    label: 'Bookings de-identified',
    align: 'right',
    render: (row) => row.attributes.bookingsDeIdentified,
  },
  {
    id: 'vehicles',
    label: 'Vehicles de-identified',
    align: 'right',
    render: (row) => row.attributes.vehiclesDeIdentified,
  },
  { id: 'photos', label: 'Photos deleted', align: 'right', render: (row) => row.attributes.photosDeleted },
  { id: 'sessions', label: 'Sessions ended', align: 'right', render: (row) => row.attributes.sessionsEnded },
];

const runColumns: Column<RetentionRunAttributes>[] = [
  { id: 'startedAt', label: 'Ran', render: (row) => when(row.attributes.startedAt) },
  {
    id: 'rules',
    label: 'Rules',
    render: (row) =>
      `${row.attributes.retentionYears} years after the last stay; photos ${row.attributes.photoRetentionDays} days after hand-back`,
  },
  {
    id: 'customers',
    label: 'Customers de-identified',
    align: 'right',
    render: (row) => row.attributes.customersDeIdentified,
  },
  {
    id: 'bookings',
    label: 'Bookings de-identified',
    align: 'right',
    render: (row) => row.attributes.bookingsDeIdentified,
  },
  { id: 'photos', label: 'Photos deleted', align: 'right', render: (row) => row.attributes.photosDeleted },
];

/**
 * Privacy requests (issue 38, Admins): the accounts their customers closed, and what the daily retention job
 * de-identified and deleted on each run. Counts only: the people themselves are no longer on record.
 */
export function PrivacyRequestsPage() {
  usePageTitle(TITLE);
  const closings = useQuery(accountClosuresQuery);
  const runs = useQuery(retentionRunsQuery);
  const refresh = () => {
    void closings.refetch();
    void runs.refetch();
  };

  return (
    <Box>
      <AdminPageHeading
        title={TITLE}
        subtitle="Accounts closed by their customers, and what the daily retention job did. Tax invoices and payments are kept under a de-identified name."
        actions={<RefreshButton onClick={refresh} disabled={closings.isFetching || runs.isFetching} />}
      />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {CLOSINGS}
      </Typography>
      <OnePageTable<AccountClosureAttributes>
        noun="account closing"
        label={CLOSINGS}
        columns={closingColumns}
        list={closings}
        emptyText="No customer has closed their account."
        sx={{ mb: 4 }}
      />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {RUNS}
      </Typography>
      <OnePageTable<RetentionRunAttributes>
        noun="retention run"
        label={RUNS}
        columns={runColumns}
        list={runs}
        emptyText="The retention job has not run yet."
      />
    </Box>
  );
}
