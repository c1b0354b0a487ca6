/**
 * Days that are not ordinary: exceptional days (surcharges, unavailable extras) and blockout periods,
 * all in the future and none current at `now`.
 */
import { formatMoney } from '@parking/domain/money';
import * as t from '../db/schema/index';
import { type Day, dayOf, easterSunday, isoDate, nextOccurrence } from './calendar';
import type { BlockoutInfo, ExceptionalInfo, ExtraInfo, LotInfo, SeedContext } from './context';

export interface Closures {
  exceptionalDays: number;
  exceptionalByDay: Map<Day, ExceptionalInfo>;
  blockoutPeriods: number;
  blockouts: BlockoutInfo[];
}

export async function seedClosures(
  ctx: SeedContext,
  lots: readonly LotInfo[],
  extraNamed: (name: string) => ExtraInfo,
): Promise<Closures> {
  const exceptional = await seedExceptionalDays(ctx, lots, extraNamed);
  const blockouts = await seedBlockouts(ctx, extraNamed);
  return { ...exceptional, ...blockouts };
}

async function seedExceptionalDays(
  { tx, today }: SeedContext,
  lots: readonly LotInfo[],
  extraNamed: (name: string) => ExtraInfo,
) {
  const exceptional = [
    {
      name: 'Christmas Eve',
      day: nextOccurrence(today, (year) => dayOf(year, 12, 24)),
      surcharge: { indoor: 15, outdoor: 10 },
      unavailable: ['Logbook service'],
    },
    {
      name: "New Year's Eve",
      day: nextOccurrence(today, (year) => dayOf(year, 12, 31)),
      surcharge: { indoor: 10, outdoor: 8 },
      unavailable: [],
    },
    {
      name: 'Easter Thursday',
      day: nextOccurrence(today, (year) => easterSunday(year) - 3),
      surcharge: { indoor: 12, outdoor: 8 },
      unavailable: [],
    },
  ];
  const exceptionalDayRows = await tx
    .insert(t.exceptionalDays)
    .values(exceptional.map((day) => ({ name: day.name, date: isoDate(day.day) })))
    .returning({ id: t.exceptionalDays.id, date: t.exceptionalDays.date });
  const exceptionalByDay = new Map<Day, ExceptionalInfo>();
  const exceptionalRateRows: (typeof t.exceptionalRates.$inferInsert)[] = [];
  const unavailableRows: (typeof t.exceptionalDayUnavailableExtras.$inferInsert)[] = [];
  for (const day of exceptional) {
    const id = exceptionalDayRows.find((row) => row.date === isoDate(day.day))?.id as number;
    const surcharge = new Map<number, number>();
    for (const lot of lots) {
      surcharge.set(lot.id, day.surcharge[lot.slug] * 100);
      exceptionalRateRows.push({
        dayId: id,
        lotId: lot.id,
        surcharge: formatMoney(day.surcharge[lot.slug] * 100),
      });
    }
    const unavailable = new Set(day.unavailable.map((name) => extraNamed(name).id));
    for (const extraId of unavailable) unavailableRows.push({ dayId: id, extraId });
    exceptionalByDay.set(day.day, { surcharge, unavailable });
  }
  await tx.insert(t.exceptionalRates).values(exceptionalRateRows);
  if (unavailableRows.length) await tx.insert(t.exceptionalDayUnavailableExtras).values(unavailableRows);
  return { exceptionalDays: exceptionalDayRows.length, exceptionalByDay };
}

async function seedBlockouts({ tx, today, at }: SeedContext, extraNamed: (name: string) => ExtraInfo) {
  const christmasDay = nextOccurrence(today, (year) => dayOf(year, 12, 25));
  const blockoutSpecs = [
    {
      name: 'Overnight line marking',
      message: 'The car park is closed overnight for line marking. Drop-offs and pick-ups are unavailable.',
      blockType: 'parking' as const,
      start: at(today + 24, '21:30'),
      end: at(today + 25, '04:00'),
      extras: [] as string[],
    },
    {
      name: 'Christmas Day closure',
      message: 'We are closed on Christmas Day: no drop-offs or pick-ups. Merry Christmas!',
      blockType: 'parking' as const,
      start: at(christmasDay, '00:00'),
      end: at(christmasDay + 1, '00:00'),
      extras: [] as string[],
    },
    {
      name: 'Website maintenance',
      message:
        'Online bookings are paused for scheduled maintenance. Please call us on (03) 6248 0000 to book, or try again in a few hours.',
      blockType: 'online_form' as const,
      start: at(today + 38, '22:00'),
      end: at(today + 39, '02:00'),
      extras: [] as string[],
    },
    {
      name: 'Wash bay upgrade',
      message: 'Our wash bay is being upgraded: washes and valets are unavailable for stays in this period.',
      blockType: 'extra' as const,
      start: at(today + 10, '00:00'),
      end: at(today + 17, '00:00'),
      extras: ['Exterior wash', 'Wash and vacuum', 'Full valet'],
    },
  ];
  const blockoutRows = await tx
    .insert(t.blockoutPeriods)
    .values(
      blockoutSpecs.map((spec) => ({
        name: spec.name,
        message: spec.message,
        blockType: spec.blockType,
        startDatetime: spec.start,
        endDatetime: spec.end,
      })),
    )
    .returning({ id: t.blockoutPeriods.id, name: t.blockoutPeriods.name });
  const blockouts: BlockoutInfo[] = [];
  const blockoutExtraRows: (typeof t.blockoutPeriodExtras.$inferInsert)[] = [];
  for (const spec of blockoutSpecs) {
    const id = blockoutRows.find((row) => row.name === spec.name)?.id as number;
    const extraIds = new Set(spec.extras.map((name) => extraNamed(name).id));
    for (const extraId of extraIds) blockoutExtraRows.push({ blockoutPeriodId: id, extraId });
    blockouts.push({ type: spec.blockType, start: spec.start.getTime(), end: spec.end.getTime(), extraIds });
  }
  await tx.insert(t.blockoutPeriodExtras).values(blockoutExtraRows);
  return { blockoutPeriods: blockoutRows.length, blockouts };
}
