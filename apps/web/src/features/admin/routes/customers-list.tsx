import { ROLES } from '@parking/domain/constants';
import { columns } from '@/components/admin/columns';
import { ExportCsvButton } from '@/components/admin/export-button';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/roles';
import type { CustomerAttributes } from '@parking/domain/api-contract/accounts';

const config: ListScreenConfig<CustomerAttributes> = {
  title: 'Customers',
  noun: 'customer',
  type: 'customers',
  // Back-office §9: the customer list is sorted by pk descending, the newest first.
  defaultSort: '-id',
  filters: [
    { name: 'search', label: 'Search', kind: 'search', api: (value) => ({ search: value }) },
    // Back-office §6: the Permission Group selection, from the roles every user may hold.
    {
      name: 'userRoles',
      label: 'Permission Group',
      kind: 'select',
      options: ROLES,
      api: (value) => ({ userRoles: value }),
    },
  ],
  columns: [
    columns.text<CustomerAttributes>('fullName', 'Name', { sortKey: 'lastName' }),
    columns.text<CustomerAttributes>('email', 'Email'),
    columns.text<CustomerAttributes>('phoneNumber', 'Phone Number', { sortKey: undefined }),
    columns.text<CustomerAttributes>('business', 'Business', { sortKey: undefined, hideOnMobile: true }),
    {
      id: 'roles',
      label: 'Permission Group',
      render: (row) => (row.attributes.roles ?? []).join(', '),
      hideOnMobile: true,
    },
    columns.bool<CustomerAttributes>('hasSubscription', 'Subscription'),
    columns.date<CustomerAttributes>('created', 'Created'),
  ],
  hrefOf: (row) => adminHref(paths.adminCustomersEdit, { customerId: row.id }),
  addHref: paths.adminCustomersAdd.path,
  canDelete: isAdmin,
  emptyText: 'No customers match these filters.',
  actions: ({ apiFilters, filtered }) => (
    <ExportCsvButton type="customers" filters={apiFilters} filtered={filtered} />
  ),
};

/** Customers (back-office §2, §7 "Customer list filters"): search, Permission Group, CSV export of the current filter. */
export function CustomersListPage() {
  return <ListScreen config={config} />;
}
