import { AdminPageHeading } from '@/components/admin/page-heading';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { businessInstant, formatDateShort } from '@parking/domain/dates';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { adminHref, paths } from '@/config/paths';
import { listQuery } from '@/lib/api/resource-queries';
import { BUSINESS_TIME_ZONE, formatMoneyText, formatTimeOfInstant } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { DayNavigator, useQueryDate } from '../components/day-navigator';
import { paymentMethodLabel } from '@parking/domain/payment-labels';
import { LoadError } from '@/components/admin/load-error';

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/**
 * Imports & Reconciliation (back-office §2 "Imports", §7 "Payments diary"): the bookings paid on a day, in
 * the order the payments came, to reconcile with the bank and card statements.
 */
export function ImportsPage() {
  usePageTitle(paths.adminImports.title);
  const day = useQueryDate('imports_date');
  const list = useQuery(
    listQuery<BookingAttributes>('bookings', {
      page: 1,
      per: 1000,
      sort: 'paymentDatetime',
      filters: {
        payment_datetime__gte: businessInstant(day.date, '00:00:00', BUSINESS_TIME_ZONE).toISOString(),
        payment_datetime__lte: businessInstant(day.date, '23:59:59', BUSINESS_TIME_ZONE).toISOString(),
      },
    }),
  );
  const rows = list.isPlaceholderData ? undefined : list.data?.rows;
  const paid = formatMoney((rows ?? []).reduce((sum, row) => sum + parseMoney(row.attributes.amountPaid), 0));

  return (
    <Box>
      <AdminPageHeading
        from="md"
        title="Imports & Reconciliation"
        subtitle={`Payments of ${formatDateShort(day.date)}`}
        actions={<DayNavigator control={day} name="imports_date" />}
      />
      <Card variant="outlined">
        <Box sx={{ height: 4 }}>
          {list.isFetching && <LinearProgress aria-label="Loading the payments" />}
        </Box>
        {list.isError ? (
          <LoadError onRetry={() => void list.refetch()} sx={{ m: 2 }}>
            The payments could not be loaded.
          </LoadError>
        ) : !rows ? (
          <Stack spacing={1} sx={{ p: 2 }} aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            No bookings with payments for the current date.
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Payments">
              <TableHead>
                <TableRow>
                  <TableCell sx={head}>Booking</TableCell>
                  <TableCell sx={head}>Time</TableCell>
                  <TableCell sx={head} align="right">
                    Total
                  </TableCell>
                  <TableCell sx={head} align="right">
                    Amount Paid
                  </TableCell>
                  <TableCell sx={head}>Payment Method</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      <Link
                        href={adminHref(paths.adminBookingsEdit, { bookingId: row.id })}
                        sx={{ fontWeight: 600 }}
                      >
                        {row.attributes.bookingCode}
                      </Link>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {row.attributes.firstName} {row.attributes.lastName}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatTimeOfInstant(row.attributes.paymentDatetime)}
                    </TableCell>
                    <TableCell align="right">{formatMoneyText(row.attributes.totalCost)}</TableCell>
                    <TableCell align="right">{formatMoneyText(row.attributes.amountPaid)}</TableCell>
                    <TableCell>{paymentMethodLabel(row.attributes.paymentMethod)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3} sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {rows.length} payment{rows.length === 1 ? '' : 's'}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {formatMoneyText(paid)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </Card>
    </Box>
  );
}
