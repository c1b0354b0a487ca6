/**
 * The outside services' settings (custody photos, flight status, texts): each a real adapter for the service
 * people use, or a local one for development, tests and the demo, which production refuses.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_FLIGHT_DELAY_FREE_HOURS } from '@parking/domain/flight-delay';
import { DEFAULT_BRING_UP_WALK_MINUTES, DEFAULT_SHUTTLE_RIDE_MINUTES } from '@parking/domain/bring-up';
import { missingSettings, settingProblem, type SettingProblem } from './config-problem';

/** Their environment variables, part of config.ts's schema. */
export const outsideServicesEnv = {
  /** Where custody photos are kept: files under DATA_DIR/photos, or an S3-compatible bucket. */
  PHOTO_STORAGE: z.enum(['filesystem', 's3']).optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  /** Another S3-compatible service (MinIO, R2, Spaces...): its address. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().default('custody-photos/'),
  /** Arriving flights' status (issue 24): `aerodatabox`, `local` (development and tests) or `none`. */
  FLIGHT_STATUS_PROVIDER: z.enum(['aerodatabox', 'local', 'none']).optional(),
  /** The RapidAPI key of AeroDataBox. */
  FLIGHT_STATUS_API_KEY: z.string().trim().min(1).optional(),
  FLIGHT_STATUS_API_BASE: z.string().url().default('https://aerodatabox.p.rapidapi.com'),
  FLIGHT_STATUS_API_HOST: z.string().trim().min(1).default('aerodatabox.p.rapidapi.com'),
  /** The airport the shuttle meets (IATA): a flight number's legs landing elsewhere are ignored. */
  FLIGHT_STATUS_AIRPORT: z.string().trim().length(3).optional(),
  FLIGHT_STATUS_POLL_MINUTES: z.coerce.number().positive().default(10),
  /** A late arriving flight moves the pick-up free of charge by at most this many hours. */
  FLIGHT_DELAY_FREE_HOURS: z.coerce.number().nonnegative().default(DEFAULT_FLIGHT_DELAY_FREE_HOURS),
  /** The bring-up board (issue 41): the walk from the plane to the shuttle, and the shuttle's ride, in minutes. */
  BRING_UP_WALK_MINUTES: z.coerce.number().int().min(0).max(180).default(DEFAULT_BRING_UP_WALK_MINUTES),
  SHUTTLE_RIDE_MINUTES: z.coerce.number().int().min(0).max(180).default(DEFAULT_SHUTTLE_RIDE_MINUTES),
  /** An event stream (the board's, a traveller's) is closed after this long; the browser reconnects at once. */
  LIVE_STREAM_SECONDS: z.coerce.number().positive().default(300),
  /** Texts to travellers: `twilio`, `captured` (development and tests) or `none`. */
  SMS_PROVIDER: z.enum(['twilio', 'captured', 'none']).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: z.string().trim().min(1).optional(),
  TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
  /**
   * Apple Pay on the web (issue 41): the domain-association file Stripe gives when the site's domain is
   * registered (Dashboard → Settings → Payment method domains), served at
   * /.well-known/apple-developer-merchantid-domain-association. Unset: that address answers 404.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z.string().trim().min(1).optional(),
};

/** What the adapters' settings are read from: these variables, the environment and the database's address. */
type ServicesEnv = z.output<z.ZodObject<typeof outsideServicesEnv>> & {
  NODE_ENV: 'development' | 'production' | 'test';
  DATABASE_URL?: string | undefined;
};

export type PhotoStorageConfig =
  | { kind: 'filesystem'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's own chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      prefix: string;
    };

export function photosConfig(e: ServicesEnv, dataDir: string): PhotoStorageConfig {
  const kind = e.PHOTO_STORAGE ?? (e.S3_BUCKET ? 's3' : 'filesystem');
  if (kind === 'filesystem') return { kind, dir: join(dataDir, 'photos') };
  // outsideServicesProblems refused these before: this narrows the types.
  if (!e.S3_BUCKET || !e.S3_REGION)
    throw new Error('Invalid environment: PHOTO_STORAGE=s3 needs S3_BUCKET and S3_REGION');
  return {
    kind,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX,
  };
}

export type FlightStatusConfig =
  | { provider: 'none' }
  | { provider: 'local' }
  | {
      provider: 'aerodatabox';
      apiKey: string;
      baseUrl: string;
      host: string;
      airportIata: string | undefined;
    };

export type SmsConfig =
  | { provider: 'none' }
  | { provider: 'captured'; dir: string }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string };

export function flightStatusConfig(e: ServicesEnv): FlightStatusConfig {
  const provider = e.FLIGHT_STATUS_PROVIDER ?? (e.FLIGHT_STATUS_API_KEY ? 'aerodatabox' : 'local');
  if (provider === 'none') return { provider };
  if (provider === 'local') return { provider };
  if (!e.FLIGHT_STATUS_API_KEY)
    throw new Error('Invalid environment: FLIGHT_STATUS_PROVIDER=aerodatabox needs FLIGHT_STATUS_API_KEY');
  return {
    provider,
    apiKey: e.FLIGHT_STATUS_API_KEY,
    baseUrl: e.FLIGHT_STATUS_API_BASE,
    host: e.FLIGHT_STATUS_API_HOST,
    airportIata: e.FLIGHT_STATUS_AIRPORT?.toUpperCase(),
  };
}

export function smsConfig(e: ServicesEnv, dataDir: string): SmsConfig {
  const provider =
    e.SMS_PROVIDER ?? (e.TWILIO_ACCOUNT_SID ? 'twilio' : e.NODE_ENV === 'production' ? 'none' : 'captured');
  if (provider === 'none') return { provider };
  if (provider === 'captured') return { provider, dir: join(dataDir, 'sms') };
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
    throw new Error(
      'Invalid environment: Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  return {
    provider,
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    baseUrl: e.TWILIO_API_BASE,
  };
}

/** The Apple Pay domain-association file's text (checked readable by outsideServicesProblems), or null. */
export function applePayDomainAssociation(e: ServicesEnv): string | null {
  return e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE
    ? readFileSync(e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE, 'utf8')
    : null;
}

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every problem of these services' settings at once (config-check.ts adds them to the others). */
export function outsideServicesProblems(e: ServicesEnv): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const production = e.NODE_ENV === 'production';
  const photos = e.PHOTO_STORAGE ?? (e.S3_BUCKET ? 's3' : 'filesystem');
  if (photos === 'filesystem' && production && e.DATABASE_URL && e.PHOTO_STORAGE !== 'filesystem') {
    // Several instances on one PostgreSQL would each keep their own photos unless DATA_DIR is shared:
    // production says which it means (S3, or PHOTO_STORAGE=filesystem on a shared or single disk).
    problems.push(
      settingProblem(
        'S3_BUCKET',
        'S3_BUCKET is not set',
        'with DATABASE_URL in production, set S3_BUCKET and S3_REGION for custody photos (or PHOTO_STORAGE=filesystem when every instance shares DATA_DIR)',
        'instances sharing a database would each keep their own photos on their own disk',
      ),
    );
  }
  if (photos === 's3') {
    const needs = 'PHOTO_STORAGE=s3 needs S3_BUCKET and S3_REGION';
    if (!e.S3_BUCKET)
      problems.push(
        settingProblem(
          'S3_BUCKET',
          'S3_BUCKET is not set',
          `set the bucket's name (${needs})`,
          'photos are kept there',
        ),
      );
    if (!e.S3_REGION)
      problems.push(
        settingProblem(
          'S3_REGION',
          'S3_REGION is not set',
          `set the bucket's region, e.g. ap-southeast-2 (${needs})`,
          'requests to the bucket are signed for its region',
        ),
      );
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      problems.push(
        settingProblem(
          missing,
          `${missing} is not set`,
          "set both keys, or neither to use the AWS SDK's own credentials (an instance role)",
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
        ),
      );
    }
  }
  const flights = e.FLIGHT_STATUS_PROVIDER ?? (e.FLIGHT_STATUS_API_KEY ? 'aerodatabox' : 'local');
  // Like the local payments: flights typed in by staff must never decide a real traveller's pick-up.
  if (flights === 'local' && production)
    problems.push(
      e.FLIGHT_STATUS_PROVIDER === 'local'
        ? settingProblem(
            'FLIGHT_STATUS_PROVIDER',
            'FLIGHT_STATUS_PROVIDER=local cannot run in production',
            'set FLIGHT_STATUS_API_KEY for AeroDataBox, or FLIGHT_STATUS_PROVIDER=none to run without flight status',
            'the local flight-status provider is for development and tests: its flights are typed in by staff',
          )
        : settingProblem(
            'FLIGHT_STATUS_API_KEY',
            'FLIGHT_STATUS_API_KEY is not set',
            "set AeroDataBox's RapidAPI key (and FLIGHT_STATUS_AIRPORT), or FLIGHT_STATUS_PROVIDER=none to run without flight status",
            'the local flight-status provider is for development and tests',
          ),
    );
  if (flights === 'aerodatabox' && !e.FLIGHT_STATUS_API_KEY)
    problems.push(
      settingProblem(
        'FLIGHT_STATUS_API_KEY',
        'FLIGHT_STATUS_PROVIDER=aerodatabox needs FLIGHT_STATUS_API_KEY',
        "set AeroDataBox's RapidAPI key",
        'every flight is looked up with it',
      ),
    );
  const sms = e.SMS_PROVIDER ?? (e.TWILIO_ACCOUNT_SID ? 'twilio' : production ? 'none' : 'captured');
  if (sms === 'captured' && production)
    problems.push(
      settingProblem(
        'SMS_PROVIDER',
        'SMS_PROVIDER=captured cannot run in production',
        'set SMS_PROVIDER=twilio (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM) or none',
        'texts would be written to disk, unsent',
      ),
    );
  const twilio = [
    ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID, 'the Account SID from the Twilio console (AC…)'],
    ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN, 'the Auth Token from the Twilio console'],
    ['TWILIO_FROM', e.TWILIO_FROM, 'the sender: a Twilio number or a registered alphanumeric sender id'],
  ] as const;
  if (e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE && !readable(e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE))
    problems.push(
      settingProblem(
        'APPLE_PAY_DOMAIN_ASSOCIATION_FILE',
        `APPLE_PAY_DOMAIN_ASSOCIATION_FILE cannot be read (${e.APPLE_PAY_DOMAIN_ASSOCIATION_FILE})`,
        "set the path of the domain-association file Stripe gives for this site's domain, or unset it",
        'Apple Pay checks the file before it shows its button',
      ),
    );
  if (sms === 'twilio')
    problems.push(
      ...missingSettings(
        twilio,
        'Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
      ),
    );
  return problems;
}
