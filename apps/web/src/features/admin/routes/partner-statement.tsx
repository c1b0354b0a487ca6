import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { PartnerStatementAttributes } from '@parking/domain/api-contract/partners';
import { isMoney, parseMoney } from '@parking/domain/money';
import { isStatementMonth, monthLabel, partnerPaymentMessages } from '@parking/domain/partner-payments';
import { AdminPageHeading } from '@/components/admin/page-heading';
import { adminHref, paths } from '@/config/paths';
import { errorDetails } from '@/lib/api/client';
import { formatMoneyText, formatRate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { partnerStatementQuery, statementDocumentHref } from '../api/partner-statements';
import { PartnerPaymentDialog } from '../components/partner-payment-dialog';
import { StatementLinesTable, StatementPaymentsTable } from '../components/partner-statement-tables';
import { StatementMonthPicker } from '../components/statement-month-picker';

const TITLE = paths.adminPartnerStatement.title;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The month's figures, each under its name. */
function StatementTotals({ statement }: { statement: PartnerStatementAttributes }) {
  const { totals } = statement;
  const figures: Array<[string, string, boolean?]> = [
    ['Gross', totals.gross],
    [`Commission (${formatRate(statement.commissionRate)})`, totals.commission],
    ['Net Owed', totals.net],
    ['Paid', totals.paid],
    ['Still Owed', totals.stillOwed, true],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        gap: 2,
        m: 0,
      }}
    >
      {figures.map(([label, value, main]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: main ? '1.5rem' : '1.25rem', fontWeight: main ? 700 : 500 }}
          >
            {formatMoneyText(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A partner's monthly statement (issue 42, item 5, Admins): the month's bookings, changes and cancellations with
 * gross, commission, net owed, paid and still owed; the PDF and CSV; Mark Payment Received.
 */
export function PartnerStatementPage() {
  const { partnerId = '', month = '' } = useParams();
  const navigate = useNavigate();
  const valid = isStatementMonth(month);
  const query = useQuery({ ...partnerStatementQuery(partnerId, month), enabled: valid });
  const [paying, setPaying] = useState(false);
  const statement = query.data;
  usePageTitle(statement ? `${TITLE}: ${statement.partnerName}, ${statement.monthLabel}` : TITLE);
  const partnerHref = adminHref(paths.adminPartnersEdit, { partnerId });
  const goTo = (next: string) =>
    void navigate(adminHref(paths.adminPartnerStatement, { partnerId, month: next }));

  if (!valid)
    return (
      <Alert severity="error" action={<Button href={partnerHref}>Back to Partner</Button>}>
        {partnerPaymentMessages.month}
      </Alert>
    );
  const stillOwed = statement?.totals.stillOwed ?? '0.00';
  const owing = isMoney(stillOwed) && parseMoney(stillOwed) > 0;
  const counts = statement
    ? statement.sections
        .map((section) =>
          section.kind === 'booking'
            ? plural(section.count, 'booking', 'bookings')
            : section.kind === 'change'
              ? plural(section.count, 'change', 'changes')
              : plural(section.count, 'cancellation', 'cancellations'),
        )
        .join(', ')
    : '';

  return (
    <Box>
      <Button component={RouterLink} to={partnerHref} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to Partner
      </Button>
      <AdminPageHeading
        title={statement ? `Statement: ${statement.partnerName}` : TITLE}
        subtitle={`${monthLabel(month)}${counts ? `: ${counts}` : ''}`}
        actions={<StatementMonthPicker month={month} onChange={goTo} />}
        from="md"
      />
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorDetails(query.error, 'The statement could not be loaded.').join(' ')}
        </Alert>
      )}
      {statement && (
        <Card variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
          <StatementTotals statement={statement} />
          {statement.overpaid !== '0.00' && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {formatMoneyText(statement.overpaid)} was received beyond what this month now owes.
            </Alert>
          )}
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2.5, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PaymentsOutlinedIcon />}
              onClick={() => setPaying(true)}
              disabled={!owing}
            >
              Mark Payment Received
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlinedIcon />}
              href={statementDocumentHref(partnerId, month, 'pdf')}
              target="_blank"
              rel="noopener"
            >
              Download PDF
            </Button>
            <Button
              variant="outlined"
              startIcon={<TableChartOutlinedIcon />}
              href={statementDocumentHref(partnerId, month, 'csv')}
              target="_blank"
              rel="noopener"
            >
              Download CSV
            </Button>
          </Stack>
          {!owing && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {partnerPaymentMessages.nothingOwed(month)}
            </Typography>
          )}
        </Card>
      )}
      <StatementLinesTable
        statement={statement}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
      />
      {statement && <StatementPaymentsTable payments={statement.payments} />}
      {paying && (
        <PartnerPaymentDialog
          partnerId={partnerId}
          month={month}
          stillOwed={stillOwed}
          onClose={() => setPaying(false)}
        />
      )}
    </Box>
  );
}
