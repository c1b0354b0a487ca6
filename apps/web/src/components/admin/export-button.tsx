import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { apiUrl } from '@/lib/api/client';

/** The CSV export of what a list shows: its API filters as the query (back-office §7), opened in a new tab. */
const exportHref = (type: string, filters: Record<string, string>) =>
  apiUrl(
    `${type}/export`,
    Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter[${name}]`, value])),
  );

/** Export CSV for a list's Actions panel; disabled until a filter is set (back-office §7). */
export function ExportCsvButton({
  type,
  filters,
  filtered,
}: {
  type: string;
  filters: Record<string, string>;
  filtered: boolean;
}) {
  const button = (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      href={exportHref(type, filters)}
      target="_blank"
      rel="noopener"
      disabled={!filtered}
    >
      Export CSV
    </Button>
  );
  if (filtered) return button;
  // A disabled button says nothing by itself: the reason is one hover away.
  return (
    <Tooltip title="Set a filter to export">
      <span style={{ display: 'inline-flex', flexDirection: 'column' }}>{button}</span>
    </Tooltip>
  );
}
