import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface LimitRow {
  id: string;
  title: string;
  details: readonly string[];
  actions: ReadonlyArray<{ label: string; onClick: () => void; describe: string }>;
}

/**
 * The rows of a partner's keys, allotments and stop-sells: a line each with what it is and its buttons, one
 * under the other on a phone; loading, empty and error states.
 */
export function LimitRows({
  rows,
  loading,
  error,
  onRetry,
  emptyText,
}: {
  rows: readonly LimitRow[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: string;
}) {
  if (loading) return <Skeleton variant="rounded" height={56} aria-label="Loading" />;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        This list could not be loaded.
      </Alert>
    );
  if (rows.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <List disablePadding>
      {rows.map((row) => (
        <ListItem
          key={row.id}
          divider
          disableGutters
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, alignItems: 'center' }}
        >
          <ListItemText
            primary={row.title}
            secondary={row.details.join(' · ')}
            sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}
          />
          {row.actions.length > 0 && (
            <Stack direction="row" spacing={1}>
              {row.actions.map((action) => (
                <Button
                  key={action.label}
                  size="small"
                  variant="outlined"
                  onClick={action.onClick}
                  aria-label={action.describe}
                >
                  {action.label}
                </Button>
              ))}
            </Stack>
          )}
        </ListItem>
      ))}
    </List>
  );
}
