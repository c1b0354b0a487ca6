import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { formatMoneyText } from '@/lib/format';
import {
  bookingTypeStatsQuery,
  channelStatsQuery,
  lotVolumeQuery,
  type LotVolumeGraph,
} from '../api/reports';
import { fillSummary, percent, shortDate } from '../components/report-figures';
import { ReportCard, ReportFrame, useReportRange } from '../components/report-frame';

const LOTS = [
  { key: 'indoor', label: 'Indoor', colour: '#0F2D52' },
  { key: 'outdoor', label: 'Outdoor', colour: '#C97A16' },
] as const;

function FillChart({ graph }: { graph: LotVolumeGraph }) {
  const summary = LOTS.map(
    (lot) =>
      `${lot.label} averaged ${fillSummary(graph.values[lot.key], graph.fillRates[lot.key]).averageFill}%`,
  ).join(', ');
  return (
    <Box
      role="img"
      aria-label={`Fill rate by day, ${graph.labels.length} days: ${summary}.`}
      sx={{ width: '100%', height: { xs: 260, md: 340 } }}
    >
      <LineChart
        xAxis={[{ data: graph.labels, scaleType: 'point', valueFormatter: shortDate, tickMinStep: 7 }]}
        yAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
        series={LOTS.map((lot) => ({
          id: lot.key,
          label: lot.label,
          data: graph.fillRates[lot.key].map(percent),
          color: lot.colour,
          showMark: false,
          valueFormatter: (value: number | null) => (value === null ? '' : `${value}%`),
        }))}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}

function FillTables({ graph }: { graph: LotVolumeGraph }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {LOTS.map((lot) => {
        const summary = fillSummary(graph.values[lot.key], graph.fillRates[lot.key]);
        return (
          <TableContainer key={lot.key}>
            <Table size="small" aria-label={`${lot.label} fill`}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{lot.label}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    Average
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    Maximum
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Fill rate
                  </TableCell>
                  <TableCell align="right">{summary.averageFill}%</TableCell>
                  <TableCell align="right">{summary.maximumFill}%</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Cars parked (of {graph.spaces[lot.key]})
                  </TableCell>
                  <TableCell align="right">{summary.averageCars}</TableCell>
                  <TableCell align="right">{summary.maximumCars}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        );
      })}
    </Box>
  );
}

/** One row of a share table: what was sold under a name, how many, their share of the range, their value. */
interface ShareRow {
  key: string;
  label: string;
  count: number;
  share: number;
  totalCost: string;
}

/**
 * The range's complete bookings split one way (by booking type, by channel: issue 42): count, share and value
 * per row, under the card's heading (`labelledBy`); a sentence instead when none start in the dates.
 */
function ShareTable({
  labelledBy,
  heading,
  rows,
}: {
  labelledBy: string;
  heading: string;
  rows: ShareRow[] | undefined;
}) {
  if (rows && rows.length === 0)
    return <Typography color="text.secondary">No complete bookings start in these dates.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{heading}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Bookings
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Share
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              Value
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell align="right">{row.count}</TableCell>
              <TableCell align="right">{percent(row.share)}%</TableCell>
              <TableCell align="right">{formatMoneyText(row.totalCost)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Overview (back-office §2 "Reports"): the fill rate of each lot by day, its average and maximum, the booking
 * types, and the channels they were sold through (issue 42).
 */
export function ReportsOverviewPage() {
  const { range, setRange } = useReportRange();
  const volume = useQuery(lotVolumeQuery(range));
  const types = useQuery(bookingTypeStatsQuery(range));
  const channels = useQuery(channelStatsQuery(range));
  return (
    <ReportFrame
      title={paths.adminReports.title}
      range={range}
      onRangeChange={setRange}
      loading={volume.isFetching || types.isFetching || channels.isFetching}
      error={volume.isError || types.isError || channels.isError}
      onRetry={() => {
        void volume.refetch();
        void types.refetch();
        void channels.refetch();
      }}
    >
      <ReportCard title="Fill rate" id="fill-rate">
        {volume.data ? (
          <>
            <FillChart graph={volume.data} />
            <FillTables graph={volume.data} />
          </>
        ) : (
          <Box sx={{ height: 340 }} aria-hidden />
        )}
      </ReportCard>
      <ReportCard title="Booking types" id="booking-types">
        <ShareTable
          labelledBy="booking-types"
          heading="Booking type"
          rows={types.data?.rows.map((row) => ({
            ...row,
            key: row.bookingType,
            label: row.bookingType || 'Not set',
          }))}
        />
      </ReportCard>
      <ReportCard title="Channels" id="channels">
        <ShareTable
          labelledBy="channels"
          heading="Channel"
          rows={channels.data?.rows.map((row) => ({
            ...row,
            key: `${row.kind}:${row.channel}`,
            label: row.channel,
          }))}
        />
      </ReportCard>
    </ReportFrame>
  );
}
