/**
 * Every problem of the environment at once: the parse (a number that is not one, an ABN that fails its
 * checksum) and what production needs (secrets, SMTP, Stripe, the outside services). A pure function of the
 * variables, so that the start (loadConfig) and npm run check:production list the same things, every one
 * on its own line, rather than stopping at the first.
 */
import { envSchema, type Env } from './config-env';
import { settingProblem, type SettingProblem } from './config-problem';
import { outsideServicesProblems } from './config-services';
import { walletProblems } from './config-wallet';
import { parseFaultPause } from '../faults';

export interface EnvironmentCheck {
  /** What stops the start: one per variable. */
  problems: SettingProblem[];
  /** Allowed, but rarely meant in production (the embedded database, links to localhost). */
  warnings: SettingProblem[];
  /** The variables parsed, defaults filled in; undefined when there is any problem. */
  env: Env | undefined;
}

/** What to set, for the variables whose format an operator most often gets wrong. */
const FORMAT_HINTS: Readonly<Record<string, string>> = {
  PUBLIC_URL: 'set the address visitors use, with its scheme, e.g. https://parking.example.com',
  SESSION_SECRET: "it signs guests' manage-booking and waitlist links",
  BUSINESS_ABN: "set the business's ABN as the ATO issued it",
  BUSINESS_EMAIL: 'set an email address, e.g. bookings@parking.example.com',
  STRIPE_API_BASE: 'unset it in production (it points the Stripe client at a stand-in)',
  CMS_URL: "set the WordPress's address, e.g. https://cms.example.com, or unset it",
  S3_ENDPOINT: "set the service's address, e.g. https://s3.ap-southeast-2.amazonaws.com, or unset it for AWS",
};
const README_HINT = 'see the Configuration table in README.md';
const STRIPE_WEBHOOK_PATH = '/backend/api/v1/stripe/webhook/';

type RawEnvironment = Readonly<Record<string, string | undefined>>;

/** The parse's problems (one per variable), and the environment read with the invalid variables left out. */
function parse(raw: RawEnvironment): { problems: SettingProblem[]; env: Env | undefined } {
  const parsed = envSchema.safeParse(raw);
  if (parsed.success) return { problems: [], env: parsed.data };
  const problems: SettingProblem[] = [];
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0] ?? 'environment');
    if (problems.some((problem) => problem.variable === variable)) continue;
    problems.push({
      variable,
      message: `${variable}: ${issue.message}; ${FORMAT_HINTS[variable] ?? README_HINT}.`,
    });
  }
  // The other settings are still checked: each invalid one reads as unset, as its default.
  const rest = Object.fromEntries(
    Object.entries(raw).filter(([name]) => !problems.some((problem) => problem.variable === name)),
  );
  const again = envSchema.safeParse(rest);
  return { problems, env: again.success ? again.data : undefined };
}

function stripeProblems(e: Env): SettingProblem[] {
  const production = e.NODE_ENV === 'production';
  // Outside production no key means the local provider; a secret key means Stripe, which needs all three.
  if (!production && !e.STRIPE_SECRET_KEY) return [];
  const keys = [
    [
      'STRIPE_SECRET_KEY',
      e.STRIPE_SECRET_KEY,
      "set the secret key from Stripe's dashboard (Developers, API keys: sk_live_…)",
      'the local payment provider (test cards) takes no real money',
    ],
    [
      'STRIPE_PUBLISHABLE_KEY',
      e.STRIPE_PUBLISHABLE_KEY,
      'set the publishable key beside it (pk_live_…)',
      'the card form loads Stripe with it',
    ],
    [
      'STRIPE_WEBHOOK_SECRET',
      e.STRIPE_WEBHOOK_SECRET,
      `set the signing secret (whsec_…) of a webhook endpoint at ${e.PUBLIC_URL ?? 'PUBLIC_URL'}${STRIPE_WEBHOOK_PATH}`,
      "payments are confirmed by Stripe's signed events",
    ],
  ] as const;
  return keys
    .filter(([, value]) => !value)
    .map(([name, , fix, why]) =>
      settingProblem(name, production ? `${name} is required in production` : `${name} is not set`, fix, why),
    );
}

function productionProblems(e: Env): SettingProblem[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: SettingProblem[] = [];
  if (!e.SESSION_SECRET)
    problems.push(
      settingProblem(
        'SESSION_SECRET',
        'SESSION_SECRET is not set',
        'set at least 32 random characters (e.g. the output of openssl rand -base64 48)',
        "it signs guests' manage-booking and waitlist links, and no default is safe to publish",
      ),
    );
  if (!e.BUSINESS_ABN)
    problems.push(
      settingProblem(
        'BUSINESS_ABN',
        'BUSINESS_ABN is required in production',
        "set the business's ABN (11 digits, e.g. 51 824 753 556)",
        "an Australian tax invoice must print the supplier's ABN",
      ),
    );
  if (!e.SMTP_URL)
    problems.push(
      settingProblem(
        'SMTP_URL',
        'SMTP_URL is required in production',
        'set the mail server, e.g. smtps://user:password@smtp.example.com:465',
        'without it emails (booking confirmations, password resets) are captured on disk, not sent',
      ),
    );
  if (e.DEV_MAILBOX === 'true')
    problems.push(
      settingProblem(
        'DEV_MAILBOX',
        'DEV_MAILBOX=true cannot be set in production',
        'unset it (or set false)',
        'the captured mailbox holds password-reset links: it would hand over accounts',
      ),
    );
  if (e.FAULT_PAUSE)
    problems.push(
      settingProblem(
        'FAULT_PAUSE',
        'FAULT_PAUSE cannot be set in production',
        'unset it',
        'its pause points hold requests on purpose, for the fault tests',
      ),
    );
  return problems;
}

function faultPauseProblems(e: Env): SettingProblem[] {
  if (e.NODE_ENV === 'production' || !e.FAULT_PAUSE) return [];
  try {
    parseFaultPause(e.FAULT_PAUSE);
    return [];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ variable: 'FAULT_PAUSE', message: `FAULT_PAUSE: ${reason}; see src/faults.ts.` }];
  }
}

function productionWarnings(e: Env): SettingProblem[] {
  if (e.NODE_ENV !== 'production') return [];
  const warnings: SettingProblem[] = [];
  if (!e.DATABASE_URL)
    warnings.push(
      settingProblem(
        'DATABASE_URL',
        'DATABASE_URL is not set',
        'set a PostgreSQL server (postgres://user:password@host:5432/parking) to run more than one instance',
        `meanwhile the embedded database in DATA_DIR (${e.DATA_DIR ?? 'data'}) serves this one process`,
      ),
    );
  if (!e.PUBLIC_URL)
    warnings.push(
      settingProblem(
        'PUBLIC_URL',
        'PUBLIC_URL is not set',
        'set the address visitors use, e.g. https://parking.example.com',
        `the links in emails would point at http://localhost:${e.PORT}`,
      ),
    );
  return warnings;
}

export function checkEnvironment(raw: RawEnvironment): EnvironmentCheck {
  const { problems, env } = parse(raw);
  if (!env) return { problems, warnings: [], env: undefined };
  // A variable already reported as invalid reads as unset here: its line says enough.
  for (const problem of [
    ...productionProblems(env),
    ...stripeProblems(env),
    ...faultPauseProblems(env),
    ...outsideServicesProblems(env),
    ...walletProblems(env),
  ])
    if (!problems.some((known) => known.variable === problem.variable)) problems.push(problem);
  return { problems, warnings: productionWarnings(env), env: problems.length ? undefined : env };
}
