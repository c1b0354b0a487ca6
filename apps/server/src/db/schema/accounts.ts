import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** argon2id PHC string; null for a user who has not set a password yet (staff-created). */
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['Customers']::text[]`),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamptz('last_login'),
    created: createdAt(),
    /** The authenticator app's secret, encrypted (accounts/two-factor/secret-box.ts); null while authenticator sign-in is off. */
    totpSecret: text('totp_secret'),
    /** A secret shown at set-up and not yet confirmed by a code from the app (encrypted too). */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The time step of the last code accepted: a code is never taken twice within its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'users_roles_valid',
      sql`${t.roles} <@ ARRAY['Admins','Sales','Employees','Customers']::text[] AND cardinality(${t.roles}) > 0`,
    ),
  ],
);

/** Personal details live on the customer; a registered customer has a user, a walk-in one does not. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text('email').notNull(),
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    business: text('business').notNull().default(''),
    privateNotes: text('private_notes').notNull().default(''),
    /** Staff customers appear in the parked-by list. */
    staff: boolean('staff').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_user_id_key').on(t.userId),
    index('customers_email_idx').on(t.email),
    // A guest's booking finds their earlier customer record by email, whatever its case (migration 0014).
    index('customers_email_lower_idx').on(sql`lower(${t.email})`, t.id),
    index('customers_last_name_idx').on(t.lastName, t.firstName),
  ],
);

/** Login sessions: the token is shown once to the client and stored only as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    created: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** How the session was signed in (@parking/domain/two-factor SIGN_IN_METHODS). */
    authMethod: text('auth_method').notNull().default('password'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    check(
      'sessions_auth_method_valid',
      sql`${t.authMethod} IN ('password', 'password+totp', 'password+recovery', 'password+passkey', 'passkey')`,
    ),
  ],
);

/** Ten one-use recovery codes per user with authenticator sign-in, stored as their SHA-256 only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    created: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Passkeys (WebAuthn credentials): the public key only; the private key never leaves the authenticator. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    name: text('name').notNull().default(''),
    created: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('webauthn_credentials_credential_id_key').on(t.credentialId),
    index('webauthn_credentials_user_idx').on(t.userId),
  ],
);

/**
 * A login between its steps, and WebAuthn ceremonies' challenges: single-use, five minutes, the token stored as
 * its SHA-256. `second_factor`: the password was right, a second step is awaited; `passkey_login`: a passkey
 * sign-in's challenge; `passkey_registration`: a signed-in user adding a passkey.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge sent to the browser, base64url; null when none was asked for. */
    webauthnChallenge: text('webauthn_challenge'),
    /** Wrong second steps against this login: a few, then it is void and the password is asked again. */
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash),
    index('login_challenges_expires_idx').on(t.expiresAt),
    check(
      'login_challenges_purpose_valid',
      sql`${t.purpose} IN ('second_factor', 'passkey_login', 'passkey_registration')`,
    ),
  ],
);

/** Admins' settings that are not a resource of their own (issue 38: "Staff must use two-factor sign-in"). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Single-use, expiring tokens mailed to users (email confirmation, password reset). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_valid', sql`${t.purpose} IN ('email_confirmation', 'password_reset')`),
  ],
);

/**
 * Abuse counters (failed logins, registrations, reset requests, promo checks) in fixed windows.
 * Kept in the database so that every server instance behind a load balancer sees the same counts.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStart: timestamptz('window_start').notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowStart)],
);

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    message: text('message').notNull(),
    created: createdAt(),
  },
  (t) => [index('contact_submissions_created_idx').on(t.created)],
);
