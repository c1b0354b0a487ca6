/**
 * One process at a time on an embedded (PGlite) data folder. PGlite is a whole PostgreSQL server inside
 * the process with no interlock of its own: two processes on one folder each keep their own buffers and
 * sequence caches, hand out the same ids and overwrite each other's pages (issue 20: booking 5481 given
 * twice, a confirmed booking lost). So the folder is locked before PGlite touches it.
 *
 * Why a lock file of our own rather than a package: Node has no flock. `proper-lockfile` (no release since
 * 2021) judges a lock stale by its modification time, refreshed by a timer; PGlite runs its queries as
 * synchronous WebAssembly, so a long query or the first start's initdb can block that timer past the
 * stale limit and let a second process take over a live lock. `fs-ext` and `os-lock` (real flock/fcntl)
 * are native addons that need a compiler or a prebuilt binary for each platform. Process liveness is
 * what matters here, and it can be checked directly.
 *
 * How: every process that wants the folder creates a file of its own, `.parking-lock-<pid>-<random>`
 * (exclusive create, so never shared), then lists the folder. If another lock file's process is alive,
 * it deletes its own file and gives up (after two retries with a random delay, so that two processes
 * started at the same instant, which both see the other and both back off, do not both fail). This is
 * race-free without any compare-and-swap: of two live contenders the one that created its file second
 * lists after the first's file exists, so it always sees it, and at most one of them keeps the lock.
 * A file whose process is dead (SIGKILL, power cut) is ignored and deleted: nobody else can ever
 * create that name, so deleting it cannot take a live lock away. Liveness: `kill(pid, 0)`; on Linux
 * also /proc (a zombie is dead, and a pid reused by another process, e.g. a container restarted with
 * the same pid numbering, is told apart by its start time, recorded in the file). A folder shared
 * between hosts (a network filesystem) is not covered: a pid on another host cannot be checked.
 *
 * Released by `release()` (database close: normal exit, SIGTERM), and at process exit; a process
 * killed outright leaves a file that the next start finds dead.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const NAME = /^\.parking-lock-(\d+)-([0-9a-f]{16})$/;
const ATTEMPTS = 3;

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). Stop it first, or set DATABASE_URL.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** The lock file. */
  readonly file: string;
  /** The folder was renamed (restore keeps the old one beside): the lock file moved with it. */
  moved(toDir: string): void;
  /** Deletes the lock file; safe to call twice. */
  release(): void;
}

/** Lock files this process holds, by token: released at exit whatever the path out. */
const held = new Map<string, string>();
let exitHook = false;

interface ProcStat {
  state: string;
  startTime: string;
}

/** Linux's /proc/<pid>/stat: the process state and start time (clock ticks after boot); undefined elsewhere or when gone. */
function procStat(pid: number | 'self'): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    const startTime = fields[19]; // field 22 of the whole line
    return state && startTime ? { state, startTime } : undefined;
  } catch {
    return undefined;
  }
}

function recordedStartTime(content: string): string | undefined {
  try {
    const value = (JSON.parse(content) as { startTime?: unknown }).startTime;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined; // empty (its writer is between create and write) or not ours
  }
}

function alive(pid: number, token: string, content: string): boolean {
  if (pid <= 0) return false;
  // Our own pid: another open in this process (refused too), or a file left by an earlier process
  // that had the same pid (a container restarted).
  if (pid === process.pid) return held.has(token);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: it exists, run by another user.
  }
  const stat = procStat(pid);
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    const started = recordedStartTime(content);
    if (started !== undefined && started !== stat.startTime) return false;
  }
  return true;
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The pid of a live process holding `dir` other than `token`'s; deletes dead ones' files on the way. */
function otherHolder(dir: string, token: string): number | undefined {
  for (const name of readdirSync(dir)) {
    const match = NAME.exec(name);
    if (!match || match[2] === token) continue;
    const file = join(dir, name);
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    const pid = Number(match[1]);
    if (alive(pid, match[2] ?? '', content)) return pid;
    unlinkQuietly(file);
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks the existing folder `dir` for this process, or throws DataDirInUseError. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const stat = procStat('self');
  const content = `${JSON.stringify({ pid: process.pid, startTime: stat?.startTime ?? null, since: new Date().toISOString(), command: process.argv.slice(1).join(' ') })}\n`;
  for (let attempt = 1; ; attempt += 1) {
    const token = randomBytes(8).toString('hex');
    let file = join(dir, `.parking-lock-${process.pid}-${token}`);
    writeFileSync(file, content, { flag: 'wx' });
    held.set(token, file);
    let holder: number | undefined;
    try {
      holder = otherHolder(dir, token);
    } catch (error) {
      held.delete(token);
      unlinkQuietly(file);
      throw error;
    }
    if (holder === undefined) {
      if (!exitHook) {
        exitHook = true;
        process.on('exit', () => {
          for (const path of held.values()) {
            try {
              unlinkSync(path);
            } catch {
              // gone already
            }
          }
        });
      }
      return {
        get file() {
          return file;
        },
        moved(toDir) {
          file = join(toDir, basename(file));
          if (held.has(token)) held.set(token, file);
        },
        release() {
          if (!held.delete(token)) return;
          unlinkQuietly(file);
        },
      };
    }
    held.delete(token);
    unlinkQuietly(file);
    if (attempt >= ATTEMPTS) throw new DataDirInUseError(dir, holder);
    await sleep(50 + Math.random() * 200);
  }
}

/**
 * Deletes every lock file in `dir` but `keep`'s: a restored backup brings the lock file of the process
 * that made it. Safe while holding the lock: a process that starts meanwhile still sees `keep` and backs off.
 */
export function clearOtherLocks(dir: string, keep: DataDirLock): void {
  for (const name of readdirSync(dir)) {
    if (NAME.test(name) && join(dir, name) !== keep.file) unlinkQuietly(join(dir, name));
  }
}
