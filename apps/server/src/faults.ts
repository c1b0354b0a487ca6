/**
 * Fault-injection pause points for the fault tests (`npm run test:faults`): a named point in the
 * middle of a write (a booking half-inserted, a payment taken but not yet recorded, a webhook applied
 * but not committed) where the process stops, so that the test can kill it there deterministically.
 *
 * They are switched on only by `FAULT_PAUSE` outside production; `loadConfig` refuses to start a
 * production server with it set, and nothing here reads the environment.
 */
export type FaultPoint = 'booking-save' | 'payment-confirmation' | 'webhook' | 'job-send';
const FAULT_POINTS: readonly FaultPoint[] = ['booking-save', 'payment-confirmation', 'webhook', 'job-send'];

/** A point's pause: milliseconds, or forever (until the process is killed). */
export type FaultPause = number | 'forever';

let active = new Map<FaultPoint, FaultPause>();

export function configureFaults(points: ReadonlyMap<FaultPoint, FaultPause>): void {
  active = new Map(points);
}

/**
 * Reads `FAULT_PAUSE`: `point[:ms]` items separated by commas (`booking-save`, `webhook:2000`).
 * Unknown points are refused, so that a misspelt test cannot pass by never pausing.
 */
export function parseFaultPause(value: string | undefined): Map<FaultPoint, FaultPause> {
  const points = new Map<FaultPoint, FaultPause>();
  for (const item of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name = '', ms] = item.split(':');
    const point = FAULT_POINTS.find((known) => known === name);
    if (!point) throw new Error(`Invalid environment: FAULT_PAUSE names an unknown point "${name}"`);
    if (ms !== undefined && !/^\d{1,7}$/.test(ms))
      throw new Error(`Invalid environment: FAULT_PAUSE "${item}" needs a number of milliseconds`);
    points.set(point, ms === undefined ? 'forever' : Number(ms));
  }
  return points;
}

/** Announces the point on stdout (`FAULT_POINT name`) and waits there when it is switched on. */
export async function faultPoint(name: FaultPoint): Promise<void> {
  const pause = active.get(name);
  if (pause === undefined) return;
  process.stdout.write(`FAULT_POINT ${name}\n`);
  // Forever: a timer keeps the event loop alive until the test's SIGKILL arrives.
  if (pause === 'forever') return new Promise<never>(() => setInterval(() => undefined, 60_000));
  await new Promise((resolve) => setTimeout(resolve, pause));
}
