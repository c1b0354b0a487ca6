/**
 * A table of records that belong to the one being edited, below its form (back-office §2: a lot's Regions,
 * "refresh, Delete, Edit, Add; single select; row click opens edit"). The generic ResourceTable with its
 * own page state, a toolbar, and the Confirm Delete question; adding and editing are the caller's (a
 * dialog or a route).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, listQuery } from '@/lib/api/resource-queries';
import { deleteResource } from '@/lib/api/resources';
import type { Column } from './columns';
import { ConfirmDialog, deleteQuestion } from './confirm-dialog';
import { FormSection } from './form-screen';
import { ResourceTable, type TablePage } from './resource-table';

export interface RelatedTableProps<A extends object> {
  /** The section's heading: "Regions". */
  title: string;
  /** One row, for messages: "region". */
  noun: string;
  /** The JSON:API type: "lot-regions". */
  type: string;
  /** The filter that ties the rows to their owner: `{ lot: '3' }`. */
  filters: Record<string, string>;
  include?: string;
  defaultSort?: string;
  columns: readonly Column<A>[];
  emptyText: string;
  onAdd?: () => void;
  /** Edit and a click on a row; without it rows only select. */
  onEdit?: (row: Resource<A>) => void;
  /** Delete is offered (default true). */
  canDelete?: boolean;
  /** A delete that is not a DELETE (a customer's vehicles are soft-deleted, back-office §4). */
  remove?: (id: string) => Promise<void>;
  /** Where a row leads, when that is a route: its first cell becomes a link. */
  hrefOf?: (row: Resource<A>) => string;
  /** Other types whose cached answers a delete changes. */
  invalidates?: readonly string[];
  id?: string;
}

export function RelatedTable<A extends object>({
  title,
  noun,
  type,
  filters,
  include,
  defaultSort,
  columns,
  emptyText,
  onAdd,
  onEdit,
  canDelete = true,
  remove: removeRow,
  hrefOf,
  invalidates = [],
  id,
}: RelatedTableProps<A>) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  // On a phone the buttons have a line of their own, under the heading.
  const narrow = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const [page, setPage] = useState<TablePage>({ page: 1, per: 20 });
  const list = useQuery(
    listQuery<A>(type, { page: page.page, per: page.per, sort: page.sort ?? defaultSort, filters, include }),
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data?.rows.find((row) => row.id === selectedId) ?? null;
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: (rowId: string) => (removeRow ? removeRow(rowId) : deleteResource(type, rowId)),
  });

  const confirmDelete = async () => {
    if (!selected) return;
    try {
      await remove.mutateAsync(selected.id);
    } catch (error) {
      // As the lists do: the dialog closes and the table refreshes either way, with the reason said.
      for (const detail of errorDetails(error, `The ${noun} could not be deleted.`))
        snackbar.show(detail, 'error');
    } finally {
      setConfirming(false);
      setSelectedId(null);
      await invalidateTypes(queryClient, type, ...invalidates);
    }
  };

  const toolbar = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button
        size="small"
        startIcon={<RefreshIcon />}
        onClick={() => void list.refetch()}
        disabled={list.isFetching}
      >
        Refresh
      </Button>
      {canDelete && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={!selected}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      )}
      {onEdit && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          disabled={!selected}
          onClick={() => selected && onEdit(selected)}
        >
          Edit
        </Button>
      )}
      {onAdd && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add
        </Button>
      )}
    </Stack>
  );

  return (
    <FormSection id={id} title={title} action={narrow ? undefined : toolbar}>
      {narrow && <Box sx={{ mb: 1.5, '& .MuiStack-root': { justifyContent: 'flex-start' } }}>{toolbar}</Box>}
      <Box sx={{ mx: { xs: -2, sm: -2.5 }, mb: { xs: -2, sm: -2.5 } }}>
        <ResourceTable<A>
          noun={noun}
          label={title}
          columns={columns}
          rows={list.data?.rows}
          included={list.data?.included}
          count={list.data?.count ?? 0}
          loading={list.isPending}
          refreshing={list.isFetching && !list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          state={page}
          onStateChange={setPage}
          hrefOf={hrefOf}
          onOpen={onEdit}
          selectedId={selectedId}
          onSelect={setSelectedId}
          emptyText={emptyText}
        />
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Confirm Delete"
        text={deleteQuestion(noun)}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </FormSection>
  );
}
