/**
 * The API contract, one module per subject in this folder: the attributes of each JSON:API resource
 * exactly as the server answers them, and of the declared actions' answers (quotes, sessions, manage my
 * booking, payments...). The server's serializers (apps/server/src/resources/<type>.ts, `attributes()`)
 * and actions (apps/server/src/routes/) `satisfies` these types, so that a change to what the API
 * answers fails the typecheck until the contract (and so the web) follows; the web reads its documents
 * with these types instead of declaring its own.
 *
 * Value formats (architecture-rules.md): datetimes are ISO strings; money is a string with two places
 * ("12.50"); fractions are trimmed strings ("0.15", "1"); times of day are 'HH:mm:ss'. Fields only some
 * callers see are optional, with who sees them beside them.
 */

/** Any JSON value (booking-log info, audit changes, product metadata). */
export type ApiJson = string | number | boolean | null | ApiJson[] | { [key: string]: ApiJson };
