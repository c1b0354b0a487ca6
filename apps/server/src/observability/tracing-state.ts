/**
 * Whether traces are wanted (an OTLP endpoint is configured) and whether tracing.ts started them. Kept on
 * globalThis: the tracing entry and the server are separate bundles (dist/tracing.js, dist/main.js), each with
 * its own copy of this module.
 */
const STARTED = Symbol.for('parking.tracing.started');

/** OpenTelemetry's own variables name the collector; either one switches traces on. */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

export function markTracingStarted(): void {
  Reflect.set(globalThis, STARTED, true);
}

/** Traces were asked for but the server was started without the tracing entry (they would silently be missing). */
export const tracingMissing = (): boolean => tracingWanted() && Reflect.get(globalThis, STARTED) !== true;
