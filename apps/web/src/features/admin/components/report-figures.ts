/** Summaries the report screens show beside their charts (back-office §2: averages rounded, percentages rounded). */

export interface FillSummary {
  averageCars: number;
  maximumCars: number;
  /** Whole percent. */
  averageFill: number;
  maximumFill: number;
}

const mean = (numbers: readonly number[]) =>
  numbers.length ? numbers.reduce((sum, value) => sum + value, 0) / numbers.length : 0;

/** A lot's fill over the range: the average (rounded) and the maximum, in cars and in percent. */
export function fillSummary(values: readonly number[], fillRates: readonly number[]): FillSummary {
  return {
    averageCars: Math.round(mean(values)),
    maximumCars: values.length ? Math.max(...values) : 0,
    averageFill: Math.round(mean(fillRates) * 100),
    maximumFill: Math.round((fillRates.length ? Math.max(...fillRates) : 0) * 100),
  };
}

/** 0.4567 → 46 (whole percent). */
export const percent = (fraction: number) => Math.round(fraction * 100);

/** 'YYYY-MM-DD' → 'D/M' for a chart's axis. */
export const shortDate = (date: string) => {
  const [, month, day] = date.split('-').map(Number);
  return `${day}/${month}`;
};
