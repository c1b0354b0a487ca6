/**
 * A job run every `intervalMs` while the server runs (the payment and waitlist sweeps): a failed round is
 * logged and the next one tries again; stop() waits for a round in progress, so that shutdown closes the
 * database after it.
 */
export function runEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  failure: string,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = work().catch((error: unknown) => console.error(failure, error));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
