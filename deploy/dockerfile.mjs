/**
 * What deploy/test-deploy.mjs needs of the Dockerfile, read strictly: an instruction or a flag it does not
 * know is an error, so that the Dockerfile cannot do something the test silently skips.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Flags that change how Docker runs a step, not what it does: a cache folder outside the image. */
const RUN_FLAGS = /^--mount=type=cache,target=\S+$/;
const HEALTHCHECK_FLAGS = /^--(interval|timeout|start-period|start-interval|retries)=\S+$/;

/** An exec-form (JSON array) CMD: the shell form would hide what runs as PID 1 behind sh. */
function execForm(text, where) {
  const parsed = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string'))
    throw new Error(`${where}: exec form (a JSON array of strings) expected`);
  return parsed;
}

export function readDockerfile(text) {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = new Map();
  const stages = [];
  for (const line of lines) {
    const match = /^(\S+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`Dockerfile: cannot read "${line}"`);
    const keyword = match[1].toUpperCase();
    const text = match[2];
    const stage = stages.at(-1);
    if (keyword === 'ARG') {
      const [name, value = ''] = text.split('=');
      args.set(name, value);
      continue;
    }
    if (keyword === 'FROM') {
      const from = /^(\S+)\s+AS\s+(\S+)$/i.exec(text);
      if (!from) throw new Error(`Dockerfile: FROM <image> AS <name> expected: "${line}"`);
      const image = from[1].replace(/\$\{(\w+)\}/g, (_, name) => args.get(name) ?? '');
      stages.push({ name: from[2], image, workdir: null, instructions: [], env: {}, user: null });
      continue;
    }
    if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`);
    const words = text.split(/\s+/);
    switch (keyword) {
      case 'WORKDIR':
        if (stage.workdir || !text.startsWith('/'))
          throw new Error(`Dockerfile: one absolute WORKDIR per stage`);
        stage.workdir = text.replace(/\/$/, '');
        break;
      case 'COPY': {
        const flags = words.filter((word) => word.startsWith('--'));
        const paths = words.filter((word) => !word.startsWith('--'));
        const from = flags.map((flag) => /^--from=(\S+)$/.exec(flag)?.[1]);
        if (from.some((name) => !name) || from.length > 1 || paths.length < 2)
          throw new Error(`Dockerfile: COPY [--from=<stage>] <source>... <destination>: "${line}"`);
        const destination = paths.at(-1);
        if (destination !== '.' && !destination.endsWith('/'))
          throw new Error(`Dockerfile: a COPY destination is a folder (ends with /): "${line}"`);
        stage.instructions.push({ keyword, text, from: from[0], sources: paths.slice(0, -1), destination });
        break;
      }
      case 'RUN': {
        const flags = [];
        while (words[0]?.startsWith('--')) flags.push(words.shift());
        if (!flags.every((flag) => RUN_FLAGS.test(flag))) throw new Error(`Dockerfile: RUN flag: "${line}"`);
        // The single script both the image and the test run: a RUN line of its own would not be tested alike.
        if (!/^sh deploy\/steps\.sh \w+/.test(words.join(' ')))
          throw new Error(`Dockerfile: RUN lines call deploy/steps.sh: "${line}"`);
        stage.instructions.push({ keyword, text, command: words.join(' ') });
        break;
      }
      case 'ENV': {
        const env = {};
        for (const pair of words) {
          const assignment = /^(\w+)=([^"'\s]*)$/.exec(pair);
          if (!assignment) throw new Error(`Dockerfile: ENV NAME=value (unquoted) expected: "${line}"`);
          env[assignment[1]] = assignment[2];
        }
        stage.instructions.push({ keyword, text, env });
        break;
      }
      case 'USER':
        stage.user = text;
        break;
      case 'EXPOSE':
        stage.expose = text;
        break;
      case 'HEALTHCHECK': {
        const cmd = /^(.*?)\bCMD\s+(\[.*\])$/.exec(text);
        if (!cmd) throw new Error(`Dockerfile: HEALTHCHECK [options] CMD [...] expected`);
        if (
          !cmd[1]
            .split(/\s+/)
            .filter(Boolean)
            .every((flag) => HEALTHCHECK_FLAGS.test(flag))
        )
          throw new Error(`Dockerfile: HEALTHCHECK option: "${line}"`);
        stage.healthcheck = execForm(cmd[2], 'HEALTHCHECK');
        break;
      }
      case 'CMD':
        stage.cmd = execForm(text, 'CMD');
        break;
      default:
        throw new Error(`Dockerfile: ${keyword} is not something deploy/test-deploy.mjs knows how to run`);
    }
  }
  if (stages.some((stage) => !stage.workdir)) throw new Error('Dockerfile: every stage sets its WORKDIR');
  return stages;
}

/**
 * Settings the server reads that do not run in production, and so are left out of .env.example: the fault
 * tests' pause points and the local providers' or test doubles' addresses (each refused or meaningless there).
 */
const NOT_PRODUCTION = new Set([
  'FAULT_PAUSE',
  'LOCAL_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'TWILIO_API_BASE',
  'DEV_MAILBOX',
]);

/** Names of the server's settings (its zod schema's keys) that deploy/.env.example does not mention. */
export function settingsMissingFromEnvExample(root) {
  const config = join(root, 'apps/server/src/config');
  const names = new Set();
  // The zod schema's keys, wherever among config*.ts it is split: `NAME: z...` or `NAME: intFromEnv(...)`.
  for (const file of readdirSync(config).filter((name) => /^config.*(?<!\.test)\.ts$/.test(name)))
    for (const [, name] of readFileSync(join(config, file), 'utf8').matchAll(
      /^\s+([A-Z][A-Z0-9_]+): (?:z\b|\w*FromEnv\()/gm,
    ))
      names.add(name);
  if (names.size < 20) throw new Error('Could not read the settings of apps/server/src/config/');
  const example = readFileSync(join(root, 'deploy/.env.example'), 'utf8');
  const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map(([, name]) => name));
  return [...names].filter((name) => !listed.has(name) && !NOT_PRODUCTION.has(name)).sort();
}
