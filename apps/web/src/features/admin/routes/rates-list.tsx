import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { lotsQuery } from '../api/booking-lookups';
import type { RateDayAttributes, ShortTermRateAttributes } from '@parking/domain/api-contract/catalogue';
import { LongStayRateCard } from '../components/long-stay-rate-card';
import { perLotColumns } from '../components/per-lot-columns';

/**
 * Rates (back-office §2): the short-term rate table, a row per stay length with a price per lot, sorted by
 * days; above it the Long Stay Rate card.
 */
export function RatesListPage() {
  const lots = useQuery(lotsQuery);
  const config = useMemo<ListScreenConfig<RateDayAttributes>>(
    () => ({
      title: 'Rates',
      noun: 'rate',
      type: 'short-term-rate-days',
      include: 'shortTermRates',
      columns: [
        columns.text<RateDayAttributes>('days', 'Days', {
          render: (row) => (row.attributes.days === 1 ? '1 day' : `${row.attributes.days} days`),
        }),
        ...perLotColumns<RateDayAttributes, ShortTermRateAttributes>(
          lots.data ?? [],
          'shortTermRates',
          'short-term-rates',
          (rate) => rate.rate,
        ),
      ],
      defaultSort: 'days',
      hrefOf: (row) => adminHref(paths.adminRatesEdit, { rateId: row.id }),
      addHref: paths.adminRatesAdd.path,
      emptyText: 'No rates yet. Add a row for each stay length, from 1 day.',
      header: <LongStayRateCard />,
    }),
    [lots.data],
  );
  return <ListScreen config={config} />;
}
