/**
 * The server's log (Fastify's pino). Production and tests: pino's JSON, a line per event, for machines. In
 * development: a person reads it in a terminal, where JSON of every request (thousands of lines in a morning)
 * buried the start banner and the one warning that mattered. There, each request is one short line (method,
 * URL, status, time), none for an asset served well, and warnings and errors in full with their stack.
 * Either way the URL is logged redacted (http/log-redaction.ts).
 */
import type { Config } from '../config/config';
import { serializeError, serializeRequest } from './log-redaction';

export interface LogStream {
  write(line: string): void;
}

/** Fastify's `logger` option. `stream` (tests) receives pino's JSON as it is. */
export function loggerOptions(config: Pick<Config, 'env' | 'logLevel'>, stream?: LogStream) {
  const destination = stream ?? (config.env === 'development' ? developmentLog(process.stdout) : undefined);
  return {
    level: config.logLevel,
    // Secret query values (set-password tokens, payment secrets) and a failed statement's values (a
    // customer's details) never reach the log: http/log-redaction.ts.
    serializers: { req: serializeRequest, err: serializeError },
    ...(destination ? { stream: destination } : {}),
  };
}

const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const WARN = 40;
/** pino's own fields and Fastify's request fields: said by the line's shape, not repeated after it. */
const QUIET_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
]);
/** Requests whose start was seen and whose end was not yet: enough for any burst a developer makes. */
const PENDING_HELD = 1000;

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A file the browser asks for (a script, a font, an image): its path's last segment has an extension. */
export function isAsset(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /\.[a-z0-9]{1,12}$/i.test(path.slice(path.lastIndexOf('/') + 1));
}

const milliseconds = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** The fields beyond the message, compact (a login attempt's outcome, a job's id). */
function extras(entry: Entry): string {
  const rest = Object.entries(entry).filter(([name]) => !QUIET_FIELDS.has(name) && name !== 'err');
  return rest.length ? ` ${JSON.stringify(Object.fromEntries(rest))}` : '';
}

/** An error as pino serialised it: its stack (which starts with its message), else its message. */
function errorText(err: unknown): string {
  if (!isEntry(err)) return '';
  const shown = text(err.stack) ?? text(err.message);
  return shown ? `\n${shown}` : '';
}

/**
 * A pino destination turning its JSON into development's lines, written to `out`. Fastify logs a request
 * twice (its start with the method and URL, its end with the status and time, linked by reqId): the start is
 * held and the two make one line.
 */
export function developmentLog(out: { write(text: string): unknown }): LogStream {
  const pending = new Map<string, { method: string; url: string }>();
  const format = (entry: Entry): string | null => {
    const level = typeof entry.level === 'number' ? entry.level : 30;
    const msg = text(entry.msg) ?? '';
    const reqId = text(entry.reqId) ?? (typeof entry.reqId === 'number' ? String(entry.reqId) : undefined);
    const req = isEntry(entry.req) ? entry.req : undefined;
    if (req && reqId !== undefined && msg === 'incoming request') {
      if (pending.size >= PENDING_HELD) pending.delete(pending.keys().next().value ?? '');
      pending.set(reqId, { method: text(req.method) ?? '?', url: text(req.url) ?? '?' });
      return null;
    }
    const started = reqId === undefined ? undefined : pending.get(reqId);
    const res = isEntry(entry.res) ? entry.res : undefined;
    if (res && msg === 'request completed' && level < WARN) {
      if (reqId !== undefined) pending.delete(reqId);
      const status = typeof res.statusCode === 'number' ? res.statusCode : 0;
      if (started && status < 400 && isAsset(started.url)) return null;
      const time = typeof entry.responseTime === 'number' ? ` ${milliseconds(entry.responseTime)}` : '';
      return `${started ? `${started.method} ${started.url}` : `request ${reqId ?? '?'}`} ${status}${time}`;
    }
    const where = started ? ` (${started.method} ${started.url})` : '';
    if (level < WARN) return `${msg}${extras(entry)}`;
    return `${LEVELS[level] ?? `LEVEL ${level}`} ${msg}${where}${extras(entry)}${errorText(entry.err)}`;
  };
  return {
    write(chunk) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        let entry: unknown;
        try {
          entry = JSON.parse(line);
        } catch {
          entry = undefined;
        }
        // Anything that is not pino's JSON is passed on as it came.
        const shown = isEntry(entry) ? format(entry) : line;
        if (shown !== null) out.write(`${shown}\n`);
      }
    },
  };
}
