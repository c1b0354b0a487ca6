/**
 * The back office's one table (back-office §2 "Generic list screen", §9): a page of a JSON:API
 * resource with sortable columns, page sizes 20/40/60/500/all, a single selection, a click on a row
 * to open it, and below 992 px a list of cards instead of columns. Every list and every table inside a
 * form (a customer's bookings, a lot's regions) is this component with other columns.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MouseEvent, ReactNode } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { ALL_ROWS } from '@/lib/api/resources';
import { IncludedIndex, type Resource } from '@/lib/api/jsonapi';
import type { Column } from './columns';
import { MOBILE_LIST_QUERY } from './mobile-list-query';
import { LoadError } from './load-error';

/** Back-office §9: page sizes 20, 40, 60, 500 and all. */
export const PAGE_SIZES = [20, 40, 60, 500, ALL_ROWS] as const;

export interface TablePage {
  page: number;
  per: number;
  /** `name` ascending, `-name` descending, undefined for the resource's default order. */
  sort?: string;
}

export interface ResourceTableProps<A extends object> {
  /** What a row is, for labels: "booking". */
  noun: string;
  columns: readonly Column<A>[];
  rows: readonly Resource<A>[] | undefined;
  included: IncludedIndex | undefined;
  count: number;
  loading: boolean;
  /** Fetching a new page while the old one still shows. */
  refreshing?: boolean;
  error?: boolean;
  onRetry?: () => void;
  state: TablePage;
  onStateChange: (next: TablePage) => void;
  /** Where a row leads (its edit or view route); rows are clickable when set. */
  hrefOf?: (row: Resource<A>) => string;
  onOpen?: (row: Resource<A>) => void;
  /** Single selection for the Actions panel; no checkboxes when undefined. */
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
  emptyText: string;
  /** Shown beside the empty text, e.g. a button that clears the filters. */
  emptyAction?: ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Paging controls; a short table inside a form may do without. */
  paginated?: boolean;
}

function sortDirection(sort: string | undefined, key: string): 'asc' | 'desc' | false {
  if (sort === key) return 'asc';
  if (sort === `-${key}`) return 'desc';
  return false;
}

/** Clicks on the row's own controls (checkbox, link) are theirs, not the row's. */
const fromControl = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, label, [role="checkbox"]') !== null;

export function ResourceTable<A extends object>(props: ResourceTableProps<A>) {
  const mobile = useMediaQuery(MOBILE_LIST_QUERY, { noSsr: true });
  const { state, onStateChange, count, loading, refreshing, error, paginated = true } = props;

  const pagination = paginated && (
    <TablePagination
      component="div"
      count={count}
      page={Math.max(0, state.page - 1)}
      rowsPerPage={state.per === ALL_ROWS ? -1 : state.per}
      rowsPerPageOptions={PAGE_SIZES.map((size) => (size === ALL_ROWS ? { label: 'All', value: -1 } : size))}
      onPageChange={(_event, page) => onStateChange({ ...state, page: page + 1 })}
      onRowsPerPageChange={(event) => onStateChange({ ...state, per: Number(event.target.value), page: 1 })}
      labelRowsPerPage={mobile ? 'Rows:' : 'Rows per page:'}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        '.MuiTablePagination-toolbar': { flexWrap: 'wrap', px: { xs: 1, sm: 2 } },
      }}
    />
  );

  const body = (() => {
    if (error) {
      return (
        <LoadError onRetry={props.onRetry} sx={{ m: 2 }}>
          The {props.noun} list could not be loaded.
        </LoadError>
      );
    }
    return mobile ? <CardList {...props} /> : <WideTable {...props} />;
  })();

  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ height: 4 }}>
        {(refreshing || (loading && props.rows)) && (
          <LinearProgress aria-label={`Loading ${props.noun} list`} />
        )}
      </Box>
      {body}
      {!error && !loading && count === 0 && <EmptyState text={props.emptyText} action={props.emptyAction} />}
      {pagination}
    </Box>
  );
}

function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 5, px: 2 }}>
      <Typography color="text.secondary">{text}</Typography>
      {action}
    </Stack>
  );
}

function selectLabel(noun: string, row: Resource<object>) {
  return `Select ${noun} ${row.id}`;
}

function WideTable<A extends object>({
  noun,
  columns,
  rows,
  included,
  loading,
  state,
  onStateChange,
  hrefOf,
  onOpen,
  selectedId,
  onSelect,
  label,
}: ResourceTableProps<A>) {
  const selectable = onSelect !== undefined;
  const skeletonRows = loading && !rows;
  return (
    <TableContainer>
      <Table size="small" aria-label={label} aria-busy={loading} sx={{ '& td, & th': { py: 1, px: 1.5 } }}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  Select
                </Box>
              </TableCell>
            )}
            {columns.map((column) => {
              const direction = column.sortKey ? sortDirection(state.sort, column.sortKey) : false;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={direction}
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: 'text.secondary',
                    bgcolor: 'background.paper',
                  }}
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      active={direction !== false}
                      direction={direction || 'asc'}
                      onClick={() => {
                        const key = column.sortKey ?? '';
                        onStateChange({ ...state, page: 1, sort: direction === 'asc' ? `-${key}` : key });
                      }}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {skeletonRows &&
            Array.from({ length: 6 }, (_, index) => (
              <TableRow key={index} aria-hidden>
                {selectable && <TableCell padding="checkbox" />}
                {columns.map((column) => (
                  <TableCell key={column.id}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {rows?.map((row) => {
            const selected = selectedId === row.id;
            const href = hrefOf?.(row);
            const clickable = Boolean(onOpen);
            return (
              <TableRow
                key={row.id}
                hover={clickable}
                selected={selected}
                data-row-id={row.id}
                onClick={clickable ? (event) => !fromControl(event) && onOpen?.(row) : undefined}
                sx={clickable ? { cursor: 'pointer' } : undefined}
              >
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected}
                      onChange={() => onSelect?.(selected ? null : row.id)}
                      slotProps={{ input: { 'aria-label': selectLabel(noun, row) } }}
                    />
                  </TableCell>
                )}
                {columns.map((column, index) => (
                  <TableCell key={column.id} align={column.align}>
                    {index === 0 && href ? (
                      <Link href={href} underline="hover" sx={{ fontWeight: 600 }}>
                        {column.render(row, included ?? emptyIndex) || `#${row.id}`}
                      </Link>
                    ) : (
                      column.render(row, included ?? emptyIndex)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The phone layout: one card a row, its first column as the title and the others as label and value. */
function CardList<A extends object>({
  noun,
  columns,
  rows,
  included,
  loading,
  hrefOf,
  onOpen,
  selectedId,
  onSelect,
  label,
}: ResourceTableProps<A>) {
  const [first, ...rest] = columns;
  const shown = rest.filter((column) => !column.hideOnMobile);
  if (loading && !rows) {
    return (
      <Stack spacing={1} sx={{ p: 1 }} aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={96} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {rows?.map((row) => {
        const selected = selectedId === row.id;
        const href = hrefOf?.(row);
        const title = first ? first.render(row, included ?? emptyIndex) : row.id;
        return (
          <Card
            component="li"
            key={row.id}
            variant="outlined"
            data-row-id={row.id}
            onClick={onOpen ? (event: MouseEvent) => !fromControl(event) && onOpen(row) : undefined}
            sx={{
              p: 1.5,
              cursor: onOpen ? 'pointer' : undefined,
              borderColor: selected ? 'primary.main' : undefined,
              bgcolor: selected ? 'action.selected' : undefined,
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {onSelect && (
                <Checkbox
                  checked={selected}
                  onChange={() => onSelect(selected ? null : row.id)}
                  slotProps={{ input: { 'aria-label': selectLabel(noun, row) } }}
                  sx={{ mt: -0.75, ml: -0.75 }}
                />
              )}
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
                  {href ? (
                    <Link href={href} underline="hover">
                      {title || `#${row.id}`}
                    </Link>
                  ) : (
                    title
                  )}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'minmax(96px, auto) 1fr',
                    columnGap: 1.5,
                    rowGap: 0.25,
                    m: 0,
                    fontSize: '0.875rem',
                  }}
                >
                  {shown.map((column) => (
                    <Box key={column.id} sx={{ display: 'contents' }}>
                      <Box component="dt" sx={{ color: 'text.secondary' }}>
                        {column.label}
                      </Box>
                      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {column.render(row, included ?? emptyIndex)}
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

// A stand-in while no page has arrived, so that renderers never see undefined.
const emptyIndex = new IncludedIndex();
