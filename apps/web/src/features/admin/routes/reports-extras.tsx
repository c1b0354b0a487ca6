import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { adminHref, paths } from '@/config/paths';
import { listQuery } from '@/lib/api/resource-queries';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import { extrasStatsQuery, reportPeriod } from '../api/reports';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';
import { ReportCard, ReportFrame, useReportRange } from '../components/report-frame';

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/**
 * Extras (back-office §2 "Reports", §7 "Extras report"): what each extra sold in the dates, and the complete
 * bookings with extras whose pick-up falls in them, earliest first (up to 1000).
 */
export function ReportsExtrasPage() {
  const { range, setRange } = useReportRange();
  const stats = useQuery(extrasStatsQuery(range));
  const period = reportPeriod(range);
  const bookings = useQuery(
    listQuery<BookingAttributes>('bookings', {
      page: 1,
      per: 1000,
      sort: 'endDatetime',
      include: 'airlineOut,airlineIn,lot,extras',
      filters: {
        extras__isnull: 'false',
        end_datetime__gte: period.startDatetime,
        end_datetime__lte: period.endDatetime,
        status: 'complete',
      },
    }),
  );
  return (
    <ReportFrame
      title={paths.adminReportsExtras.title}
      range={range}
      onRangeChange={setRange}
      loading={stats.isFetching || bookings.isFetching}
      error={stats.isError || bookings.isError}
      onRetry={() => {
        void stats.refetch();
        void bookings.refetch();
      }}
    >
      <ReportCard title="Extras sold" id="extras-sold">
        <TableContainer>
          <Table size="small" aria-labelledby="extras-sold">
            <TableHead>
              <TableRow>
                <TableCell sx={head}>Extra</TableCell>
                <TableCell sx={head} align="right">
                  Sold
                </TableCell>
                <TableCell sx={head} align="right">
                  Revenue
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stats.data?.rows.map((row) => (
                <TableRow key={row.extraId}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell align="right">{row.count}</TableCell>
                  <TableCell align="right">{formatMoneyText(row.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ReportCard>
      <ReportCard title="Bookings with extras" id="bookings-with-extras">
        {bookings.data && bookings.data.rows.length === 0 ? (
          <Typography color="text.secondary">
            No complete bookings with extras are picked up in these dates.
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby="bookings-with-extras">
              <TableHead>
                <TableRow>
                  {[
                    'Booking',
                    'Customer',
                    'Rego',
                    'Pick Up',
                    'Flight In',
                    'Carpark',
                    'Extras',
                    'Extras Total',
                  ].map((label) => (
                    <TableCell key={label} sx={head} align={label === 'Extras Total' ? 'right' : undefined}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {bookings.data?.rows.map((row) => {
                  const included = bookings.data.included;
                  const airline =
                    included.one<NamedAttributes>(row, 'airlineIn', 'airlines')?.attributes.name ?? '';
                  return (
                    <TableRow key={row.id}>
                      <TableCell>
                        <Link href={adminHref(paths.adminBookingsEdit, { bookingId: row.id })}>
                          {row.attributes.bookingCode}
                        </Link>
                      </TableCell>
                      <TableCell>{`${row.attributes.firstName} ${row.attributes.lastName}`}</TableCell>
                      <TableCell>{row.attributes.rego}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.attributes.endDatetime)}
                      </TableCell>
                      <TableCell>
                        {[airline, row.attributes.flightNumberIn].filter(Boolean).join(' ')}
                      </TableCell>
                      <TableCell>
                        {included.one<NamedAttributes>(row, 'lot', 'lots')?.attributes.name}
                      </TableCell>
                      <TableCell>
                        <Box component="ul" sx={{ m: 0, pl: 2 }}>
                          {included.many<NamedAttributes>(row, 'extras', 'extras').map((extra) => (
                            <li key={extra.id}>{extra.attributes.name}</li>
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell align="right">{formatMoneyText(row.attributes.extrasCost)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ReportCard>
    </ReportFrame>
  );
}
