/** A background job's timer: `work` every `intervalMs`, a failure logged (the next round tries again). */
export interface RepeatingJob {
  /** Stops the timer and waits for a round in progress, so that shutdown closes the database after it. */
  stop(): Promise<void>;
}

/** A timer's last round in this process, for GET /backend/health/. */
export interface TimerRun {
  intervalSeconds: number;
  /** When its last round ended (null before the first); a round another instance's lock skipped counts. */
  lastRunAt: Date | null;
  /** Whether that round succeeded. */
  lastRunOk: boolean | null;
}

/**
 * The timers running in this process, by name. Kept in memory: each instance runs its own timers (the sweeps'
 * advisory locks choose which one does the work), so what an instance's health can vouch for is its own timers.
 */
const timers = new Map<string, TimerRun>();
export const timerRuns = (): ReadonlyMap<string, Readonly<TimerRun>> => timers;

export function every(intervalMs: number, name: string, work: () => Promise<unknown>): RepeatingJob {
  let running: Promise<unknown> = Promise.resolve();
  const run: TimerRun = { intervalSeconds: intervalMs / 1000, lastRunAt: null, lastRunOk: null };
  timers.set(name, run);
  const ended = (ok: boolean) => Object.assign(run, { lastRunAt: new Date(), lastRunOk: ok });
  const timer = setInterval(() => {
    running = work().then(
      () => ended(true),
      (error: unknown) => {
        ended(false);
        console.error(`${name} failed`, error);
      },
    );
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (timers.get(name) === run) timers.delete(name);
      await running;
    },
  };
}
