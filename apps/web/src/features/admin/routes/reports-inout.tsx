import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { arrivalDepartureQuery } from '../api/reports';
import { shortDate } from '../components/report-figures';
import { ReportCard, ReportFrame, useReportRange } from '../components/report-frame';

const sum = (numbers: readonly number[]) => numbers.reduce((total, value) => total + value, 0);

/** Departing/Returning (back-office §2 "Reports"): drop-offs and pick-ups of complete bookings, day by day. */
export function ReportsInoutPage() {
  const { range, setRange } = useReportRange();
  const graph = useQuery(arrivalDepartureQuery(range));
  const data = graph.data;
  const departures = data ? sum(data.values.departure) : 0;
  const arrivals = data ? sum(data.values.arrival) : 0;
  return (
    <ReportFrame
      title={paths.adminReportsInout.title}
      range={range}
      onRangeChange={setRange}
      loading={graph.isFetching}
      error={graph.isError}
      onRetry={() => void graph.refetch()}
    >
      <ReportCard title="Departing and returning" id="inout">
        {data && (
          <Stack direction="row" spacing={4} sx={{ mb: 1 }}>
            <Typography>
              <strong>{departures}</strong> departing
            </Typography>
            <Typography>
              <strong>{arrivals}</strong> returning
            </Typography>
          </Stack>
        )}
        <Box
          role="img"
          aria-label={
            data
              ? `Cars departing and returning by day, ${data.labels.length} days: ${departures} departing, ${arrivals} returning.`
              : 'Loading'
          }
          sx={{ width: '100%', height: { xs: 280, md: 380 } }}
        >
          {data && (
            <BarChart
              xAxis={[{ data: data.labels, scaleType: 'band', valueFormatter: shortDate }]}
              series={[
                { id: 'departure', label: 'Departing', data: data.values.departure, color: '#2E7D32' },
                { id: 'arrival', label: 'Returning', data: data.values.arrival, color: '#C2185B' },
              ]}
              grid={{ horizontal: true }}
            />
          )}
        </Box>
      </ReportCard>
    </ReportFrame>
  );
}
