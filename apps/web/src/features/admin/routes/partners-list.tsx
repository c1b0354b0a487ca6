import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import type { PartnerAttributes } from '@parking/domain/api-contract/partners';
import { partnerStatusLabel } from '../components/partner-status';

const config: ListScreenConfig<PartnerAttributes> = {
  title: 'Partners',
  noun: 'partner',
  type: 'partners',
  columns: [
    columns.text<PartnerAttributes>('name', 'Name'),
    columns.text<PartnerAttributes>('contactEmail', 'Contact Email', { sortKey: undefined }),
    columns.rate<PartnerAttributes>('commissionRate', 'Commission'),
    {
      id: 'status',
      label: 'Status',
      render: (row) => partnerStatusLabel(row.attributes.status),
    },
    columns.datetime<PartnerAttributes>('created', 'Created'),
  ],
  hrefOf: (row) => adminHref(paths.adminPartnersEdit, { partnerId: row.id }),
  addHref: paths.adminPartnersAdd.path,
  // A partner is paused, never deleted: its bookings and statements name it.
  canDelete: () => false,
  emptyText:
    'No partners yet. Add a reseller or comparison site to sell your places through the partner API.',
};

/** Partners (issue 42, Admins only): resellers selling through the partner API. */
export function PartnersListPage() {
  return <ListScreen config={config} />;
}
