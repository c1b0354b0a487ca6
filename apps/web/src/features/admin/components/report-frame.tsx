import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { reportRangeFrom, reportRangeProblem, type ReportRange } from '@parking/domain/report-dates';
import { DateInput } from '@/components/admin/date-input';
import { businessToday } from '@/components/quote-dates-fields';
import { apiUrl } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { ReportPdfLinks } from './report-pdf-links';
import { LoadError } from '@/components/admin/load-error';

/**
 * The range of a report (back-office §2 "Reports"): start_date and end_date of the address, six months ago
 * and today by default; a change replaces the query (no history entry per keystroke of a date).
 */
export function useReportRange() {
  const [search, setSearch] = useSearchParams();
  const today = useMemo(businessToday, []);
  const range = reportRangeFrom(search.get('start_date'), search.get('end_date'), today);
  const setRange = (next: ReportRange) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        query.set('start_date', next.startDate);
        query.set('end_date', next.endDate);
        return query;
      },
      { replace: true },
    );
  return { range, setRange };
}

/** The sticky Dates card: From, To (not before From) and the KPI Summary of To's month, a CSV in a new tab. */
function DatesCard({ range, onChange }: { range: ReportRange; onChange: (next: ReportRange) => void }) {
  // What the pickers show: a To before From stays on screen with its message, and is not applied.
  const [draft, setDraft] = useState(range);
  const [shown, setShown] = useState(range);
  if (shown.startDate !== range.startDate || shown.endDate !== range.endDate) {
    setShown(range);
    setDraft(range);
  }
  const problem = reportRangeProblem(draft);
  const change = (next: ReportRange) => {
    setDraft(next);
    if (!reportRangeProblem(next)) onChange(next);
  };
  return (
    <Card
      component="section"
      aria-label="Dates"
      variant="outlined"
      sx={{ position: 'sticky', top: { xs: 64, md: 72 }, zIndex: 3, p: 2, mb: 2 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 180 }}>
          <DateInput
            label="From"
            name="start_date"
            value={draft.startDate}
            onChange={(startDate) => startDate && change({ ...draft, startDate })}
            size="small"
          />
        </Box>
        <Box sx={{ minWidth: 180 }}>
          <DateInput
            label="To"
            name="end_date"
            value={draft.endDate}
            onChange={(endDate) => endDate && change({ ...draft, endDate })}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
            size="small"
          />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<TableChartOutlinedIcon />}
          href={apiUrl('kpi-summary-csv', { month: range.endDate })}
          target="_blank"
          rel="noopener"
        >
          KPI Summary
        </Button>
      </Stack>
    </Card>
  );
}

interface ReportFrameProps {
  title: string;
  range: ReportRange;
  onRangeChange: (next: ReportRange) => void;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** A report page: its title, the Dates card, a progress bar while figures load, and the figures. */
export function ReportFrame({
  title,
  range,
  onRangeChange,
  loading,
  error,
  onRetry,
  children,
}: ReportFrameProps) {
  usePageTitle(title);
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, flexGrow: 1 }}
        >
          {title}
        </Typography>
        {/* Reports of now, whatever the dates: beside the title rather than in the Dates card. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ReportPdfLinks />
        </Stack>
      </Stack>
      <DatesCard range={range} onChange={onRangeChange} />
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress aria-label={`Loading ${title}`} />}</Box>
      {error ? (
        <LoadError onRetry={onRetry}>The report could not be loaded.</LoadError>
      ) : (
        <Stack spacing={2}>{children}</Stack>
      )}
    </Box>
  );
}

/** A titled card of a report. */
export function ReportCard({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Typography id={id} variant="h4" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}
