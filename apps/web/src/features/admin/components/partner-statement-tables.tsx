import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { PartnerStatementAttributes } from '@parking/domain/api-contract/partners';
import { formatDateShort } from '@parking/domain/dates';
import { statementKindLabels } from '@parking/domain/partner-statement';
import type { Column } from '@/components/admin/columns';
import { ResourceTable, type TablePage } from '@/components/admin/resource-table';
import type { Resource } from '@/lib/api/jsonapi';
import { ALL_ROWS } from '@/lib/api/resources';
import { formatDate, formatMoneyText } from '@/lib/format';

type Line = PartnerStatementAttributes['lines'][number];
type Payment = PartnerStatementAttributes['payments'][number];

const ONE_PAGE: TablePage = { page: 1, per: ALL_ROWS };
const keepPage = () => undefined;
const nowrap = { whiteSpace: 'nowrap' } as const;

const money = (key: 'gross' | 'commission' | 'net' | 'paid' | 'stillOwed', label: string): Column<Line> => ({
  id: key,
  label,
  align: 'right',
  render: (row) => (
    <Box component="span" sx={nowrap}>
      {formatMoneyText(row.attributes[key])}
    </Box>
  ),
});

const lineColumns: Column<Line>[] = [
  {
    id: 'booking',
    label: 'Booking',
    render: (row) => `${statementKindLabels[row.attributes.kind].line} ${row.attributes.bookingCode}`,
  },
  { id: 'at', label: 'Date', render: (row) => formatDate(row.attributes.at) },
  { id: 'traveller', label: 'Traveller', render: (row) => row.attributes.traveller },
  {
    id: 'stay',
    label: 'Stay',
    render: (row) => (
      <>
        <Box component="span" sx={{ ...nowrap, display: 'block' }}>
          {formatDate(row.attributes.start)} to{' '}
          {row.attributes.end ? formatDate(row.attributes.end) : 'not set'}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
          {row.attributes.lot}
        </Box>
      </>
    ),
  },
  money('gross', 'Gross'),
  money('commission', 'Commission'),
  money('net', 'Net Owed'),
  money('paid', 'Paid'),
  money('stillOwed', 'Still Owed'),
];

const paymentColumns: Column<Payment>[] = [
  { id: 'receivedOn', label: 'Received', render: (row) => formatDateShort(row.attributes.receivedOn) },
  { id: 'reference', label: 'Reference', render: (row) => row.attributes.reference },
  {
    id: 'amount',
    label: 'Amount',
    align: 'right',
    render: (row) => formatMoneyText(row.attributes.amount),
  },
];

/** The statement's lines, bookings, changes and cancellations in time order, one table. */
export function StatementLinesTable({
  statement,
  loading,
  error,
  onRetry,
}: {
  statement: PartnerStatementAttributes | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const rows: Resource<Line>[] | undefined = statement?.lines.map((line, index) => ({
    type: 'statement-lines',
    id: String(index + 1),
    attributes: line,
  }));
  return (
    <Card variant="outlined">
      <ResourceTable<Line>
        noun="line"
        label="Bookings, changes and cancellations"
        columns={lineColumns}
        rows={rows}
        included={undefined}
        count={rows?.length ?? 0}
        loading={loading}
        error={error}
        onRetry={onRetry}
        state={ONE_PAGE}
        onStateChange={keepPage}
        emptyText="No bookings, changes or cancellations by this partner in this month."
        paginated={false}
      />
    </Card>
  );
}

/** The payments received from the partner for the month. */
export function StatementPaymentsTable({ payments }: { payments: PartnerStatementAttributes['payments'] }) {
  return (
    <Box component="section" aria-labelledby="payments-received" sx={{ mt: 3 }}>
      <Typography id="payments-received" variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        Payments Received
      </Typography>
      <Card variant="outlined">
        <ResourceTable<Payment>
          noun="payment"
          label="Payments Received"
          columns={paymentColumns}
          rows={payments.map((payment) => ({
            type: 'partner-payments',
            id: payment.id,
            attributes: payment,
          }))}
          included={undefined}
          count={payments.length}
          loading={false}
          state={ONE_PAGE}
          onStateChange={keepPage}
          emptyText="No payment received for this month yet: Mark Payment Received records one."
          paginated={false}
        />
      </Card>
    </Box>
  );
}
