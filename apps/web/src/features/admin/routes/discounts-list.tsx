import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/roles';
import type { DiscountAttributes } from '@parking/domain/api-contract/catalogue';

const config: ListScreenConfig<DiscountAttributes> = {
  title: 'Promo Codes',
  noun: 'promo code',
  type: 'discounts',
  columns: [
    columns.text<DiscountAttributes>('name', 'Name'),
    columns.text<DiscountAttributes>('promoCode', 'Promo Code'),
    columns.rate<DiscountAttributes>('rate', 'Discount'),
    columns.datetime<DiscountAttributes>('validFrom', 'Valid From'),
    columns.datetime<DiscountAttributes>('validTo', 'Valid To'),
    columns.bool<DiscountAttributes>('active', 'Active'),
  ],
  hrefOf: (row) => adminHref(paths.adminDiscountsEdit, { discountId: row.id }),
  addHref: paths.adminDiscountsAdd.path,
  canDelete: isAdmin,
  emptyText: 'No promo codes yet. Add one to offer a discount on parking.',
};

/** Promo Codes (back-office §2 "Discounts"): Admins only. */
export function DiscountsListPage() {
  return <ListScreen config={config} />;
}
