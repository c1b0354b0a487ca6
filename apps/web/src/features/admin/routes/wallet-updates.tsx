import { AdminPageHeading, RefreshButton } from '@/components/admin/page-heading';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { WalletDeliveryAttributes } from '@parking/domain/api-contract/wallet';
import type { Column } from '@/components/admin/columns';
import { OnePageTable } from '@/components/admin/one-page-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { walletDeliveriesQuery } from '../api/wallet-deliveries';

const TITLE = paths.adminWalletUpdates.title;
const EMPTY_TEXT =
  'No wallet pass has changed yet: a check-in, a move or a hand-back of a car with a pass shows here.';
const KINDS: Record<WalletDeliveryAttributes['kind'], string> = {
  'apple-push': 'Apple Wallet push',
  'google-update': 'Google Wallet update',
};
const wrap = {
  overflowWrap: 'anywhere',
  fontSize: '0.8125rem',
  maxWidth: { md: 360 },
  display: 'block',
} as const;

/**
 * Wallet updates (issue 41, Admins): the local wallet adapters' record of what they would have sent: each push
 * to a device holding an Apple Wallet pass and each Google Wallet object update, newest first.
 */
export function WalletUpdatesPage() {
  usePageTitle(TITLE);
  const list = useQuery(walletDeliveriesQuery);
  const columns: Column<WalletDeliveryAttributes>[] = [
    { id: 'kind', label: 'What', render: (row) => KINDS[row.attributes.kind] },
    { id: 'booking', label: 'Booking', render: (row) => row.attributes.bookingCode ?? 'Deleted' },
    {
      id: 'target',
      label: 'Device or object',
      render: (row) => (
        <Box component="span" sx={wrap}>
          {row.attributes.target}
        </Box>
      ),
    },
    {
      id: 'created',
      label: 'When',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.attributes.created)}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <AdminPageHeading
        title={TITLE}
        subtitle="What the local wallet adapters recorded instead of sending: pushes to Apple Wallet and Google Wallet object updates."
        actions={<RefreshButton onClick={() => void list.refetch()} disabled={list.isFetching} />}
      />
      <OnePageTable<WalletDeliveryAttributes>
        noun="wallet update"
        label={TITLE}
        columns={columns}
        list={list}
        emptyText={EMPTY_TEXT}
      />
    </Box>
  );
}
