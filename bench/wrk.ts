/**
 * The public calls' load and the ceiling's, made by wrk (Debian's `wrk`, written in C) rather than autocannon.
 *
 * autocannon keeps every answer's body: its pipelinedRequestsQueue appends each chunk to a string
 * (`req.body += data`), decoding it as UTF-8, to hand the body to an `onResponse` nobody here sets. For a
 * 100-byte answer that is nothing; for the home page's 15 kB of brotli it was about 100 µs of the load generator's
 * CPU per answer, on the two cores the server also runs on. Loaded by autocannon, `GET /` went at 28.6% of the
 * ceiling with autocannon at 94% of a core and the server at 73%: the figure was the client's. wrk reads the same
 * answers and drops their bodies, so what it measures is the server: `GET /` went at 87% of the ceiling in a try-out
 * on the same build. bench/README.md, "Load generators", has the figures.
 *
 * One wrk thread (the server has the other core), the scenario's connections, a Lua script that sends the
 * scenario's requests in turn from a file written before the clock starts (the same pools of paths and bodies
 * autocannon sent), an untimed warm-up first, `--latency` for p50 and p99.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECONDS, WARMUP_SECONDS } from './knobs';
import type { ApiFigure } from './latency';
import type { Scenario } from './scenarios';
import { JSONAPI } from './server-process';

/** Requests written to the script's file per request of the scenario (its pools hold 20,000 each). */
const REQUESTS_PER_KIND = 20_000;

/** Fails at once, with what to do, when wrk is not installed. */
export function assertWrkInstalled(): void {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error)
    throw new Error('npm run bench loads the server with wrk: install it first (apt-get install wrk)');
}

/**
 * The Lua script: every request formatted once, in `init` (wrk names the Host there), then sent in turn.
 */
function luaScript(requestsFile: string): string {
  return `
local requests = {}
function init(args)
  for line in io.lines(${JSON.stringify(requestsFile)}) do
    local method, path, auth, body = line:match("^(%u+)\\t([^\\t]*)\\t([^\\t]*)\\t(.*)$")
    local headers = { ["Accept"] = ${JSON.stringify(`${JSONAPI}, application/pdf, text/csv`)}, ["Accept-Encoding"] = "gzip, br" }
    if auth ~= "" then headers["Authorization"] = auth end
    if body ~= "" then headers["Content-Type"] = ${JSON.stringify(JSONAPI)} else body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
  end
end
local next = 0
function request()
  next = next % #requests + 1
  return requests[next]
end
`;
}

function writeRequests(dir: string, token: string, scenario: Scenario): string {
  const lines: string[] = [];
  for (let i = 0; i < REQUESTS_PER_KIND; i += 1)
    for (const request of scenario.requests) {
      const body = request.body?.() ?? '';
      const path = request.path();
      if (/[\t\n]/.test(path + body)) throw new Error(`a request of ${scenario.name} has a tab or a newline`);
      // The Authorization header as sent: the staff login's token, or the request's own (a partner's key).
      const authorization = request.token ? `Token ${token}` : (request.authorization ?? '');
      lines.push([request.method, path, authorization, body].join('\t'));
    }
  const file = join(dir, 'requests.tsv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${err || out}`)),
    );
  });
}

/** wrk's durations ("812.00us", "1.23ms", "2.01s") in milliseconds. */
export function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk duration: ${text}`);
  const value = Number(match[1]);
  const unit = match[2];
  const ms =
    unit === 'us' ? value / 1000 : unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
  return Math.round(ms * 100) / 100;
}

export interface WrkSummary {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  socketErrors: number;
}

/** The figures of `wrk --latency`'s report. */
export function parseWrk(out: string): WrkSummary {
  const need = (pattern: RegExp) => {
    const match = pattern.exec(out);
    if (!match) throw new Error(`wrk's report has no ${String(pattern)}:\n${out}`);
    return match;
  };
  const total = need(/(\d+) requests in ([\d.]+)(us|ms|s|m),/);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: Number(total[1]),
    seconds: wrkMs(`${total[2]}${total[3]}`) / 1000,
    p50Ms: wrkMs(need(/^\s+50%\s+(\S+)\s*$/m)[1] as string),
    p99Ms: wrkMs(need(/^\s+99%\s+(\S+)\s*$/m)[1] as string),
    maxMs: wrkMs(need(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m)[1] as string),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: sockets ? sockets.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export async function runWrkScenario(
  base: string,
  token: string,
  scenario: Scenario,
  ceiling: number | undefined,
): Promise<ApiFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'requests.lua');
    writeFileSync(script, luaScript(writeRequests(dir, token, scenario)));
    const args = (seconds: number) => [
      '-t1',
      `-c${scenario.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '60s',
      '--latency',
      '-s',
      script,
      `${base}/`,
    ];
    if (WARMUP_SECONDS > 0) await run(args(WARMUP_SECONDS));
    const summary = parseWrk(await run(args(SECONDS)));
    const requestsPerSecond = summary.requests / summary.seconds;
    return {
      group: scenario.group,
      name: scenario.name,
      connections: scenario.connections,
      seconds: Math.round(summary.seconds * 10) / 10,
      requests: summary.requests,
      requestsPerSecond: Math.round(requestsPerSecond * 10) / 10,
      ofCeiling: ceiling ? Math.round((requestsPerSecond / ceiling) * 1000) / 1000 : 1,
      p50Ms: summary.p50Ms,
      p99Ms: summary.p99Ms,
      maxMs: summary.maxMs,
      errors: summary.non2xx + summary.socketErrors,
      statuses: { '2xx': summary.requests - summary.non2xx, 'non-2xx': summary.non2xx },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
