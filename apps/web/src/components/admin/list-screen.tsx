/**
 * The generic list screen (back-office §2 "Generic list screen"): a title, a filter bar, the resource
 * table and a sticky Actions panel (Add, Edit, Delete, Refresh and the screen's own actions). Page, page
 * size, order and filters live in the address, so that Back from an edit screen returns to the same
 * page. Filters apply 300 ms after the last keystroke and go back to page 1 (§9).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import type { IncludedIndex, Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, listQuery } from '@/lib/api/resource-queries';
import { deleteResource, type ListParams } from '@/lib/api/resources';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { Column } from './columns';
import { ConfirmDialog, deleteQuestion } from './confirm-dialog';
import { FilterBar, type ListFilter } from './filter-bar';
import { PAGE_SIZES, ResourceTable, type TablePage } from './resource-table';

interface ListActionContext<A extends object> {
  /** The API filters of what the list shows now (for exports). */
  apiFilters: Record<string, string>;
  /** True when at least one filter is set (exports are disabled without one, back-office §7). */
  filtered: boolean;
  selected: Resource<A> | null;
}

export interface ListScreenConfig<A extends object> {
  title: string;
  /** One row, for messages: "booking". */
  noun: string;
  /** The JSON:API type: "bookings". */
  type: string;
  include?: string;
  columns: readonly Column<A>[];
  filters?: readonly ListFilter[];
  /** Filters always applied (vehicles: deleted=false, regoUuid=false). */
  fixedFilters?: Record<string, string>;
  /** The resource's own order when the user has chosen none. */
  defaultSort?: string;
  /** The edit (or view) route of a row. */
  hrefOf?: (row: Resource<A>) => string;
  addHref?: string;
  /** Who sees Delete (back-office §6: Admins only for bookings, vehicles, discounts, contact messages). */
  canDelete?: (roles: readonly string[]) => boolean;
  /** Rows that cannot be deleted at all (the Not flying airline): Delete stays disabled for them. */
  canDeleteRow?: (row: Resource<A>) => boolean;
  /** A delete that is not a DELETE (vehicles are soft-deleted). */
  remove?: (id: string) => Promise<void>;
  emptyText: string;
  /** More buttons for the Actions panel (Export CSV). */
  actions?: (context: ListActionContext<A>) => ReactNode;
  /** Shown above the table (the Long Stay Rate card of the rates list). */
  header?: ReactNode;
}

const DEFAULT_PER = 20;
/** The Actions panel stands beside the table from this width; above it, as a sticky bar, below. */
const ACTIONS_BESIDE_QUERY = '(min-width: 1400px)';

function readPage(search: URLSearchParams): TablePage {
  const page = Number(search.get('page'));
  const per = Number(search.get('per'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    per: (PAGE_SIZES as readonly number[]).includes(per) ? per : DEFAULT_PER,
    sort: search.get('order') || undefined,
  };
}

function readFilters(search: URLSearchParams, filters: readonly ListFilter[]): Record<string, string> {
  return Object.fromEntries(filters.map((filter) => [filter.name, search.get(filter.name) ?? '']));
}

/** The API's filter[...] values for the filter bar's values. */
function apiFiltersOf(
  filters: readonly ListFilter[],
  values: Record<string, string>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const filter of filters) {
    const value = values[filter.name]?.trim();
    if (value) Object.assign(result, filter.api(value));
  }
  return result;
}

export function ListScreen<A extends object>({ config }: { config: ListScreenConfig<A> }) {
  usePageTitle(config.title);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const { user } = useAuth();
  // Beside the table only where the table keeps its room; above it otherwise.
  const besideTable = useMediaQuery(ACTIONS_BESIDE_QUERY, { noSsr: true });
  const filters = useMemo(() => config.filters ?? [], [config.filters]);

  const page = readPage(search);
  const applied = readFilters(search, filters);
  // What the filter bar shows; the address (and the query) follow 300 ms after the last change.
  const [draft, setDraft] = useState(applied);
  const settled = useDebouncedValue(draft, 300);
  const appliedKey = JSON.stringify(applied);
  // The address changed by other means (a menu link, Back): the filter bar follows it.
  const written = useRef(appliedKey);
  useEffect(() => {
    if (appliedKey === written.current) return;
    written.current = appliedKey;
    setDraft(JSON.parse(appliedKey) as Record<string, string>);
  }, [appliedKey]);
  useEffect(() => {
    const settledKey = JSON.stringify(settled);
    if (settledKey === appliedKey) return;
    written.current = settledKey;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(settled)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    // Only a settled change of the filter bar writes the address, not a change of the address itself.
  }, [settled]);

  const apiFilters = apiFiltersOf(filters, applied);
  const params: ListParams = {
    page: page.page,
    per: page.per,
    sort: page.sort ?? config.defaultSort,
    filters: { ...config.fixedFilters, ...apiFilters },
    include: config.include,
  };
  const list = useQuery(listQuery<A>(config.type, params));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data?.rows.find((row) => row.id === selectedId) ?? null;
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: (id: string) => (config.remove ? config.remove(id) : deleteResource(config.type, id)),
  });

  const setPage = (next: TablePage) =>
    setSearch((current) => {
      const result = new URLSearchParams(current);
      const set = (key: string, value: string | undefined, fallback?: string) =>
        value && value !== fallback ? result.set(key, value) : result.delete(key);
      set('page', String(next.page), '1');
      set('per', String(next.per), String(DEFAULT_PER));
      set('order', next.sort);
      return result;
    });

  const open = (row: Resource<A>) => {
    const href = config.hrefOf?.(row);
    if (href) navigate(href);
  };

  const confirmDelete = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
    } catch (error) {
      // The spec closes the dialog and refreshes either way; the reason is still worth saying.
      for (const detail of errorDetails(error, `The ${config.noun} could not be deleted.`))
        snackbar.show(detail, 'error');
    } finally {
      setConfirming(false);
      setSelectedId(null);
      await invalidateTypes(queryClient, config.type);
    }
  };

  const canDelete = config.canDelete ? config.canDelete(user?.roles ?? []) : true;
  const filtered = Object.keys(apiFilters).length > 0;
  const clearFilters = () => setDraft(Object.fromEntries(filters.map((filter) => [filter.name, ''])));

  const actions = (
    <ActionsPanel horizontal={!besideTable}>
      {config.addHref && (
        <Button variant="contained" startIcon={<AddIcon />} href={config.addHref}>
          Add
        </Button>
      )}
      {config.hrefOf && (
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          disabled={!selected}
          onClick={() => selected && open(selected)}
        >
          Edit
        </Button>
      )}
      {canDelete && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={!selected || config.canDeleteRow?.(selected) === false}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      )}
      <Button
        variant="text"
        startIcon={<RefreshIcon />}
        onClick={() => void list.refetch()}
        disabled={list.isFetching}
      >
        Refresh
      </Button>
      {config.actions?.({ apiFilters, filtered, selected })}
    </ActionsPanel>
  );

  return (
    <Box>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mb: 2 }}>
        {config.title}
      </Typography>
      {config.header}
      {filters.length > 0 && (
        <FilterBar
          filters={filters}
          values={draft}
          onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
          onClear={clearFilters}
        />
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: besideTable ? 'row' : 'column',
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        {!besideTable && actions}
        <Card variant="outlined" sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <ResourceTable<A>
            noun={config.noun}
            label={config.title}
            columns={config.columns}
            rows={list.data?.rows}
            included={list.data?.included as IncludedIndex | undefined}
            count={list.data?.count ?? 0}
            loading={list.isPending}
            refreshing={list.isFetching && !list.isPending}
            error={list.isError}
            onRetry={() => void list.refetch()}
            state={page}
            onStateChange={setPage}
            hrefOf={config.hrefOf}
            onOpen={config.hrefOf ? open : undefined}
            selectedId={selectedId}
            onSelect={setSelectedId}
            emptyText={config.emptyText}
            emptyAction={
              filtered ? (
                <Button variant="outlined" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : config.addHref ? (
                <Button variant="outlined" startIcon={<AddIcon />} href={config.addHref}>
                  Add
                </Button>
              ) : undefined
            }
          />
        </Card>
        {besideTable && actions}
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Confirm Delete"
        text={deleteQuestion(config.noun)}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

/** The Actions panel: a sticky column beside the table, or a row of buttons above it on a phone. */
function ActionsPanel({ children, horizontal }: { children: ReactNode; horizontal?: boolean }) {
  return (
    <Card
      component="section"
      aria-label="Actions"
      variant="outlined"
      sx={
        horizontal
          ? { width: '100%', p: 1.25, position: 'sticky', top: { xs: 64, md: 72 }, zIndex: 3 }
          : { width: 200, flexShrink: 0, p: 2, position: 'sticky', top: 88 }
      }
    >
      {!horizontal && (
        <Typography component="h2" variant="overline" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
          Actions
        </Typography>
      )}
      <Stack
        direction={horizontal ? 'row' : 'column'}
        spacing={1}
        useFlexGap
        sx={{
          flexWrap: 'wrap',
          '& .MuiButton-root': { justifyContent: horizontal ? 'center' : 'flex-start' },
        }}
      >
        {children}
      </Stack>
    </Card>
  );
}
