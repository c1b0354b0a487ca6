import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { formatDateShort } from '@parking/domain/dates';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { lotsQuery } from '../api/booking-lookups';
import type {
  ExceptionalDayAttributes,
  ExceptionalRateAttributes,
} from '@parking/domain/api-contract/catalogue';
import { perLotColumns } from '../components/per-lot-columns';

/**
 * Pricing/Availability (back-office §2, route admin-days): exceptional days, latest date first, with each
 * lot's surcharge.
 */
export function DaysListPage() {
  const lots = useQuery(lotsQuery);
  const config = useMemo<ListScreenConfig<ExceptionalDayAttributes>>(
    () => ({
      title: 'Pricing/Availability',
      noun: 'day',
      type: 'exceptional-days',
      include: 'exceptionalRates',
      columns: [
        columns.text<ExceptionalDayAttributes>('name', 'Name'),
        columns.text<ExceptionalDayAttributes>('date', 'Date', {
          render: (row) => formatDateShort(row.attributes.date),
        }),
        ...perLotColumns<ExceptionalDayAttributes, ExceptionalRateAttributes>(
          lots.data ?? [],
          'exceptionalRates',
          'exceptional-rates',
          (rate) => rate.surcharge,
        ),
      ],
      // Back-office §9: exceptional days by date, latest first.
      defaultSort: '-date',
      hrefOf: (row) => adminHref(paths.adminDaysEdit, { dayId: row.id }),
      addHref: paths.adminDaysAdd.path,
      emptyText: 'No exceptional days yet. Add one to charge a surcharge or withhold extras on a busy date.',
    }),
    [lots.data],
  );
  return <ListScreen config={config} />;
}
