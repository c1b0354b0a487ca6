/**
 * The embedded data folder's lock (data-dir-lock.ts): refused while a live process holds it, taken over
 * from a dead one (or from a pid since reused), and race-free when several processes start at once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const lockFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.parking-lock-'));
const token = (n: number) => n.toString(16).padStart(16, '0');

/** A pid no process has now: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('lockDataDir', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parking-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder until the first releases, and leaves no file behind', async () => {
    const lock = await lockDataDir(dir);
    expect(existsSync(lock.file)).toBe(true);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toBe(
      `The embedded database in ${dir} is in use by another process (pid ${process.pid}). Stop it first, or set DATABASE_URL.`,
    );
    expect(lockFiles(dir)).toEqual([lock.file.split('/').pop()]);
    lock.release();
    lock.release();
    expect(lockFiles(dir)).toEqual([]);
    const again = await lockDataDir(dir);
    again.release();
    expect(lockFiles(dir)).toEqual([]);
  });

  it('takes over the file of a process that died, and deletes it', async () => {
    const pid = deadPid();
    writeFileSync(join(dir, `.parking-lock-${pid}-${token(1)}`), JSON.stringify({ pid, startTime: null }));
    const lock = await lockDataDir(dir);
    expect(lockFiles(dir)).toEqual([lock.file.split('/').pop()]);
    lock.release();
  });

  it('is refused while the holder is alive, and taken over once its pid belongs to another process', async () => {
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    const pid = holder.pid ?? 0;
    const file = join(dir, `.parking-lock-${pid}-${token(2)}`);
    writeFileSync(file, '');
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).pid).toBe(pid);
    expect(existsSync(file)).toBe(true);

    // Linux: the file records its process's start time; a live process with that pid but another start
    // time is not the holder (a pid reused after a crash, a container restarted).
    if (!existsSync('/proc/self/stat')) return;
    writeFileSync(file, JSON.stringify({ pid, startTime: '1' }));
    const lock = await lockDataDir(dir);
    expect(existsSync(file)).toBe(false);
    lock.release();
  });

  it('gives the folder to at most one of several processes racing for it, over a dead holder', async () => {
    const dead = deadPid();
    writeFileSync(
      join(dir, `.parking-lock-${dead}-${token(3)}`),
      JSON.stringify({ pid: dead, startTime: null }),
    );
    const module = new URL('./data-dir-lock.ts', import.meta.url).href;
    // Every process starts at the same instant and keeps what it got until the same later instant.
    const start = Date.now() + 3_000;
    const end = start + 2_500;
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(module)});
      const sleepUntil = (t) => new Promise((resolve) => setTimeout(resolve, t - Date.now()));
      await sleepUntil(${start});
      const tried = Date.now();
      try {
        const lock = await lockDataDir(${JSON.stringify(dir)});
        const got = Date.now();
        await sleepUntil(${end});
        lock.release();
        console.log(JSON.stringify({ outcome: 'got', tried, got, released: Date.now() }));
      } catch (error) {
        console.log(JSON.stringify({ outcome: error.name, tried }));
      }`;
    type Outcome = { outcome: string; tried: number; got?: number; released?: number };
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<Outcome>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            cwd: SERVER_DIR,
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          children.push(child);
          let output = '';
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
          child.on('exit', () => {
            try {
              resolve(JSON.parse(output) as Outcome);
            } catch {
              reject(new Error(`no outcome: ${output}`));
            }
          });
        }),
    );
    const outcomes = await Promise.all(runs);
    const holders = outcomes.filter((o) => o.outcome === 'got');
    const refused = outcomes.filter((o) => o.outcome === 'DataDirInUseError');
    expect(holders.length + refused.length).toBe(6);
    expect(holders.length).toBeGreaterThanOrEqual(1);
    // No two held it at once; every process that tried while it was held was refused, unless its attempt
    // (slowed by a loaded machine) outlasted the hold and it took the folder once released.
    const sorted = [...holders].sort((a, b) => (a.got ?? 0) - (b.got ?? 0));
    for (let i = 1; i < sorted.length; i += 1)
      expect(sorted[i]?.got ?? 0).toBeGreaterThanOrEqual(sorted[i - 1]?.released ?? Infinity);
    const first = sorted[0];
    for (const o of outcomes)
      if (first?.got && first.released && o.tried >= first.got && o.tried < first.released)
        expect(o.outcome === 'DataDirInUseError' || (o.got ?? 0) >= first.released).toBe(true);
    expect(lockFiles(dir)).toEqual([]);
  }, 30_000);
});
