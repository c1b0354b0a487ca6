import type { Column } from '@/components/admin/columns';
import { relatedId } from '@/lib/api/jsonapi';
import { formatMoneyText } from '@/lib/format';

interface LotColumn {
  id: string;
  name: string;
}

/**
 * One column per lot, named after it, showing the amount of that lot among a row's included per-lot
 * records (a rate day's rates, an exceptional day's surcharges).
 */
export function perLotColumns<A extends object, R extends object>(
  lots: readonly LotColumn[],
  relationship: string,
  type: string,
  amountOf: (record: R) => string,
): Column<A>[] {
  return [...lots]
    .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
    .map((lot) => ({
      id: `lot-${lot.id}`,
      label: lot.name,
      align: 'right' as const,
      render: (row, included) => {
        const record = included
          .many<R>(row, relationship, type)
          .find((item) => relatedId(item, 'lot') === lot.id);
        return record ? formatMoneyText(amountOf(record.attributes)) : '—';
      },
    }));
}
