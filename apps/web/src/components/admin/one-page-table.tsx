/**
 * A short list the server sends whole (the latest rows, newest first), in a card: the back office's one table with
 * no paging and no sorting. Delivery problems, wallet updates and the privacy screen's lists are this.
 */
import Card from '@mui/material/Card';
import type { SxProps, Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Resource } from '@/lib/api/jsonapi';
import { ALL_ROWS } from '@/lib/api/resources';
import type { Column } from './columns';
import { ResourceTable, type TablePage } from './resource-table';

const ONE_PAGE: TablePage = { page: 1, per: ALL_ROWS };
const keepPage = () => undefined;

interface OnePageTableProps<A extends object> {
  /** What a row is, for labels: "delivery problem". */
  noun: string;
  /** Accessible name of the table. */
  label: string;
  columns: readonly Column<A>[];
  list: UseQueryResult<readonly Resource<A>[]>;
  emptyText: string;
  sx?: SxProps<Theme>;
}

export function OnePageTable<A extends object>({
  noun,
  label,
  columns,
  list,
  emptyText,
  sx,
}: OnePageTableProps<A>) {
  return (
    <Card variant="outlined" sx={sx}>
      <ResourceTable<A>
        noun={noun}
        label={label}
        columns={columns}
        rows={list.data}
        included={undefined}
        count={list.data?.length ?? 0}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        state={ONE_PAGE}
        onStateChange={keepPage}
        paginated={false}
        emptyText={emptyText}
      />
    </Card>
  );
}
