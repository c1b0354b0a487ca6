import { readFile } from 'node:fs/promises';

/** The machine's CPU time so far, busy and in all, from /proc/stat's first line (Linux), in clock ticks. */
async function cpuTicks(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0] ?? '';
    const [label, ...fields] = line.trim().split(/\s+/);
    if (label !== 'cpu') return null;
    // user nice system idle iowait irq softirq steal: idle and iowait are the machine waiting.
    const ticks = fields.slice(0, 8).map(Number);
    if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return null;
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return null;
  }
}

export interface Quiet {
  /** How long it took for the machine to go quiet, in ms. */
  waitedMs: number;
  /** The share of the machine's CPU in use over the last window (0–1), or null where it cannot be read. */
  busy: number | null;
  /** False when `maxMs` ran out first. */
  quiet: boolean;
}

/**
 * Waits until the machine's CPU is at most `threshold` busy (all cores together) over `windowMs`, at most
 * `maxMs`. Lighthouse scores a page by how long its main-thread tasks take (simulated on a phone four times
 * slower), and on this 2-core machine the tasks of anything else still running land in the page's: after the
 * booking load, PostgreSQL's autovacuum and checkpoint and the server's caches catching up with the change
 * feed; between two Lighthouse runs, the last Chromium closing. Measuring once they are done measures the page.
 */
export async function waitForQuiet({
  threshold = 0.1,
  windowMs = 2_000,
  maxMs = 120_000,
}: { threshold?: number; windowMs?: number; maxMs?: number } = {}): Promise<Quiet> {
  const started = performance.now();
  for (;;) {
    const before = await cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = await cpuTicks();
    const waitedMs = Math.round(performance.now() - started);
    if (!before || !after || after.total === before.total) return { waitedMs, busy: null, quiet: true };
    const busy = (after.busy - before.busy) / (after.total - before.total);
    if (busy <= threshold) return { waitedMs, busy, quiet: true };
    if (waitedMs >= maxMs) return { waitedMs, busy, quiet: false };
  }
}
