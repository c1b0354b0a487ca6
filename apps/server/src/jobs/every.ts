/** A background job's timer: `work` every `intervalMs`, a failure logged (the next round tries again). */
export interface RepeatingJob {
  /** Stops the timer and waits for a round in progress, so that shutdown closes the database after it. */
  stop(): Promise<void>;
}

export function every(intervalMs: number, name: string, work: () => Promise<unknown>): RepeatingJob {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = work().catch((error: unknown) => console.error(`${name} failed`, error));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
