/**
 * `npm run test:deploy`: deploy/Dockerfile built and started without a container engine. It reads the
 * Dockerfile and carries out its instructions on a copy of the committed repository (git archive of HEAD):
 * each stage in a folder of its own, COPY as copies between them, RUN lines through sh with the stage's ENV,
 * then the last stage's CMD as its USER, on a fresh PostgreSQL database, with the production settings the
 * server's start checks ask for. It waits for the HEALTHCHECK command and /backend/health/, makes the first
 * admin with the bundled create-admin CLI, runs the bundled check-production, logs in, uploads an image (sharp
 * and argon2's native modules, the photo storage in data/), sees traces arrive at a local OTLP receiver (the
 * CMD's tracing entry), stops the server with SIGTERM and cleans up. Each step prints its time.
 *
 * Not part of .ci/run: two clean installs take minutes. Needs root (the Dockerfile creates its user) and
 * PostgreSQL on 127.0.0.1:5432 with trust authentication. `--keep` leaves the folders for inspection.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import console from 'node:console';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL } from 'node:url';
import { readDockerfile, settingsMissingFromEnvExample } from './dockerfile.mjs';

// Node's own fetch (ESLint's plain-JavaScript globals do not name it).
const { fetch } = globalThis;
const repo = resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const started = performance.now();
const timings = [];

/** The part of the run the next steps belong to: the README reports each part's total. */
let phase = 'prepare';

async function step(name, action) {
  const t0 = performance.now();
  console.info(`::: ${name}`);
  const result = await action();
  const seconds = (performance.now() - t0) / 1000;
  timings.push({ phase, name, seconds });
  console.info(`::: ${name} took ${seconds.toFixed(1)} s`);
  return result;
}

const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
const psql = (sql) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-qtAc', sql], {
    encoding: 'utf8',
  });
const exists = (kind, name) => spawnSync('getent', [kind, name], { stdio: 'ignore' }).status === 0;

if (process.getuid?.() !== 0) throw new Error('test:deploy runs as root: the Dockerfile adds its own user');

const commit = git('rev-parse', 'HEAD');
const base = mkdtempSync(join(tmpdir(), 'parking-deploy-'));
// The stages' folders are read by the unprivileged user later: mkdtemp makes the first one 0700.
chmodSync(base, 0o755);
const contextDir = join(base, 'context');
const database = `parking_deploy_${randomBytes(4).toString('hex')}`;
let server = null;
let createdUser = null;
let createdGroup = null;
let databaseCreated = false;

// Synchronous, so that Ctrl-C (or a failure anywhere) leaves no database, user or folder behind.
function cleanUp() {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (databaseCreated) {
    spawnSync('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-qc',
      `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
    ]);
    databaseCreated = false;
  }
  if (createdUser && exists('passwd', createdUser)) spawnSync('userdel', [createdUser]);
  if (createdGroup && exists('group', createdGroup)) spawnSync('groupdel', [createdGroup]);
  createdUser = createdGroup = null;
  // rm(1) rather than fs.rmSync: a little faster over the build's 100,000 files of node_modules.
  if (!keep) spawnSync('rm', ['-rf', base]);
  else console.info(`Kept ${base}`);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

/** The environment a RUN line sees: the machine's (PATH, HOME, npm's cache) without the npm run that started us. */
function runEnv(stageEnv) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD' && key !== 'NODE_ENV',
    ),
  );
  // deploy/steps.sh's npm stage checks the version instead of installing another npm over the machine's.
  return { ...env, ...stageEnv, DEPLOY_TEST: '1' };
}

/** COPY: a folder's contents into the destination folder, a file into it (Docker's rules, as far as we use them). */
function copy(from, to) {
  mkdirSync(to, { recursive: true });
  cpSync(from, statSync(from).isDirectory() ? to : join(to, basename(from)), { recursive: true });
}

async function runStages(stages) {
  const dirs = new Map();
  for (const stage of stages) {
    phase = `${stage.name} stage`;
    const dir = join(base, stage.name);
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    dirs.set(stage.name, { dir, workdir: stage.workdir });
    const env = {};
    for (const instruction of stage.instructions) {
      const label = `${stage.name}: ${instruction.keyword} ${instruction.text}`;
      if (instruction.keyword === 'ENV') Object.assign(env, instruction.env);
      else if (instruction.keyword === 'COPY') {
        const source = instruction.from ? dirs.get(instruction.from) : { dir: contextDir, workdir: '/' };
        if (!source) throw new Error(`${label}: no stage ${instruction.from} before it`);
        await step(label, () => {
          for (const path of instruction.sources) {
            const inside = instruction.from ? path.slice(source.workdir.length) : path;
            if (instruction.from && !path.startsWith(`${source.workdir}/`))
              throw new Error(`${label}: copies only from the stage's WORKDIR (${source.workdir})`);
            copy(join(source.dir, inside), join(dir, instruction.destination));
          }
        });
      } else if (instruction.keyword === 'RUN')
        await step(label, () => {
          const run = spawnSync('sh', ['-c', instruction.command], {
            cwd: dir,
            env: runEnv(env),
            stdio: 'inherit',
          });
          if (run.status !== 0) throw new Error(`${label} failed (exit ${run.status ?? run.signal})`);
        });
    }
    stage.env = env;
  }
  return dirs;
}

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

async function main() {
  console.info(
    `Deploy test of ${commit} on node ${process.version}, npm ${execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim()}, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
  );
  await step('copy the committed repository (git archive HEAD)', () => {
    mkdirSync(contextDir);
    execFileSync('sh', ['-c', `git -C "${repo}" archive --format=tar ${commit} | tar -x -C "${contextDir}"`]);
  });
  const stages = readDockerfile(readFileSync(join(contextDir, 'deploy/Dockerfile'), 'utf8'));
  const missing = settingsMissingFromEnvExample(contextDir);
  if (missing.length) throw new Error(`deploy/.env.example does not list: ${missing.join(', ')}`);
  const runtime = stages.at(-1);
  if (!runtime.user || runtime.user === 'root')
    throw new Error('The runtime stage must set a USER other than root');
  if (!runtime.cmd || !runtime.healthcheck) throw new Error('The runtime stage needs CMD and HEALTHCHECK');
  if (!exists('passwd', runtime.user)) createdUser = runtime.user;
  if (!exists('group', runtime.user)) createdGroup = runtime.user;

  const dirs = await runStages(stages);
  const app = dirs.get(runtime.name).dir;
  const size = execFileSync('du', ['-sm', app], { encoding: 'utf8' }).split('\t')[0];
  console.info(`The runtime stage's /app: ${size} MB`);

  phase = 'start and checks';
  await step(`create database ${database}`, () => {
    psql(`CREATE DATABASE ${database}`);
    databaseCreated = true;
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The image's ENV, then what compose and .env give it; the values of PRODUCTION_ESSENTIALS in
  // apps/server/src/test/server.ts: fake test-shaped Stripe keys, an SMTP port nobody listens on (mail is
  // sent later, not at start), photos in data/ as no S3 is reachable here.
  const env = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: '/nonexistent',
    ...runtime.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    PUBLIC_URL: url,
    TRUST_PROXY: 'true',
    SMTP_URL: 'smtp://127.0.0.1:1',
    BUSINESS_ABN: '51 824 753 556',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    STRIPE_SECRET_KEY: 'sk_test_deploy_test_only',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_deploy_test_only',
    STRIPE_WEBHOOK_SECRET: 'whsec_deploy_test_only',
    PHOTO_STORAGE: 'filesystem',
    FLIGHT_STATUS_PROVIDER: 'none',
  };
  // An OTLP/HTTP receiver: the CMD's tracing entry must find the SDK among the production dependencies.
  const traces = [];
  const receiver = createHttpServer((request, response) => {
    request.resume().on('end', () => {
      traces.push(request.url);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
  receiver.unref();
  env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${receiver.address().port}`;
  const uid = execFileSync('id', ['-u', runtime.user], { encoding: 'utf8' }).trim();
  const gid = execFileSync('id', ['-g', runtime.user], { encoding: 'utf8' }).trim();
  const asUser = (command) => [
    'setpriv',
    `--reuid=${uid}`,
    `--regid=${gid}`,
    '--clear-groups',
    '--',
    ...command,
  ];
  const runAsUser = (command, input) => {
    const [file, ...args] = asUser(command);
    const result = spawnSync(file, args, { cwd: app, env, input, maxBuffer: 64 << 20 });
    if (result.status !== 0)
      throw new Error(`${command.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
    return result.stdout;
  };

  const log = [];
  await step(`start ${runtime.cmd.join(' ')} as ${runtime.user} until /backend/live/ answers`, async () => {
    const [file, ...args] = asUser(runtime.cmd);
    server = spawn(file, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [server.stdout, server.stderr])
      stream.on('data', (chunk) => log.push(chunk.toString()));
    for (let waited = 0; ; waited += 250) {
      if (server.exitCode !== null) throw new Error(`The server exited ${server.exitCode}:\n${log.join('')}`);
      if (waited > 180_000) throw new Error(`No answer in 180 s:\n${log.join('')}`);
      const live = await fetch(`${url}/backend/live/`).catch(() => null);
      if (live?.status === 200) break;
      await sleep(250);
    }
  });
  await step('HEALTHCHECK command and /backend/health/', async () => {
    runAsUser(runtime.healthcheck);
    const health = await fetch(`${url}/backend/health/`);
    const body = await health.json();
    if (health.status !== 200 || body.database !== true)
      throw new Error(`/backend/health/: ${health.status} ${JSON.stringify(body)}`);
    const home = await fetch(`${url}/`);
    const html = await home.text();
    if (home.status !== 200 || !html.includes('<script'))
      throw new Error(`/: ${home.status}, the web app's page expected`);
    // The pre-render bundle (apps/web/dist-ssr) loads at the first page: a missing module only logs a warning.
    const bundle = log.join('').match(/The pre-render bundle (did not load|has no preparePage)[^\n]*/);
    if (bundle) throw new Error(bundle[0]);
  });
  await step('the CLIs (create-admin, check-production), login, an image upload through sharp', async () => {
    const email = 'deploy-admin@example.com';
    const password = `Deploy-${randomBytes(9).toString('base64url')}-9`;
    runAsUser(['node', 'apps/server/dist/create-admin.js', '--email', email, '--password', password]);
    // check:production's bundle: the settings pass; the outside services it then tries (the fake Stripe keys,
    // the closed SMTP port) fail here, so its exit code says nothing.
    const [checkFile, ...checkArgs] = asUser(['node', 'apps/server/dist/check-production.js']);
    const check = spawnSync(checkFile, checkArgs, { cwd: app, env, encoding: 'utf8', timeout: 60_000 });
    if (!check.stdout.includes('PASS settings'))
      throw new Error(`check-production: ${check.stdout}${check.stderr}`);
    const jsonApi = { 'content-type': 'application/vnd.api+json' };
    const login = await fetch(`${url}/backend/api/v1/sessions/`, {
      method: 'POST',
      headers: jsonApi,
      body: JSON.stringify({ data: { type: 'sessions', attributes: { email, password } } }),
    });
    const token = (await login.json()).data?.attributes?.token;
    if (login.status !== 201 || typeof token !== 'string') throw new Error(`login: ${login.status}`);
    // The image's own sharp draws the picture; the invoices' fonts must resolve from the bundle's folder.
    const png = runAsUser([
      'node',
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module';
       const from = createRequire(process.cwd() + '/apps/server/dist/main.js');
       from.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
       const sharp = (await import(from.resolve('sharp'))).default;
       const image = sharp({ create: { width: 640, height: 400, channels: 3, background: '#0a5ac8' } });
       process.stdout.write(await image.png().toBuffer());`,
    ]);
    const upload = await fetch(`${url}/backend/api/v1/content-images/?alt=deploy`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Token ${token}` },
      body: png,
    });
    const sizes = (await upload.json()).data?.attributes?.sizes;
    if (upload.status !== 201 || !sizes?.medium?.url) throw new Error(`image upload: ${upload.status}`);
    const medium = await fetch(new URL(sizes.medium.url, url));
    if (medium.status !== 200 || medium.headers.get('content-type') !== 'image/webp')
      throw new Error(`image: ${medium.status} ${medium.headers.get('content-type')}`);
  });
  await step('traces of those requests reach the OTLP endpoint', async () => {
    // The SDK's batch processor sends every 5 s.
    for (let waited = 0; !traces.includes('/v1/traces'); waited += 250) {
      if (waited > 20_000) throw new Error(`No trace in 20 s (the receiver saw ${JSON.stringify(traces)})`);
      await sleep(250);
    }
  });
  await step('SIGTERM: the server drains and exits 0', async () => {
    const exited = new Promise((done) => server.once('exit', (code) => done(code)));
    server.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(40_000, 'timeout')]);
    if (code !== 0) throw new Error(`exit ${code}:\n${log.join('').slice(-4000)}`);
  });
}

let failure = null;
try {
  await main();
} catch (error) {
  failure = error;
} finally {
  phase = 'clean-up';
  await step('clean-up: stop, drop the database and the user, remove the folders', cleanUp);
}
const total = (performance.now() - started) / 1000;
console.info('\nStep seconds:');
for (const { name, seconds } of timings) console.info(`${seconds.toFixed(1).padStart(8)}  ${name}`);
console.info('\nPart seconds:');
for (const part of new Set(timings.map((timing) => timing.phase))) {
  const seconds = timings.filter((timing) => timing.phase === part).reduce((sum, t) => sum + t.seconds, 0);
  console.info(`${seconds.toFixed(1).padStart(8)}  ${part}`);
}
console.info(
  `${total.toFixed(1).padStart(8)}  total, ${new Date().toISOString()}, commit ${commit.slice(0, 7)}, ${failure ? 'FAILED' : 'passed'}`,
);
if (failure) {
  console.error(`\ntest:deploy FAILED: ${failure instanceof Error ? failure.stack : failure}`);
  process.exit(1);
}
console.info('\ntest:deploy passed');
