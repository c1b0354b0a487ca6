/** A unique constraint's refusal, read from the driver's error (directly, or as the `cause` Drizzle wraps it in). */

/** The driver's error inside Drizzle's "Failed query: ..." (or the error itself). */
export const driverError = (error: unknown): unknown =>
  error instanceof Error && error.cause instanceof Error ? error.cause : error;

/** The name of the unique constraint `error` violated, or undefined when it is another error. */
export function violatedUnique(error: unknown): string | undefined {
  const pg = driverError(error) as { code?: unknown; constraint?: unknown } | null;
  return pg?.code === '23505' && typeof pg.constraint === 'string' ? pg.constraint : undefined;
}
