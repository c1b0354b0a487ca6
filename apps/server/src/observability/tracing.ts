/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: every request (http and
 * Fastify's route and hooks), every SQL statement on PostgreSQL (pg), and every outside call (Stripe over https;
 * AeroDataBox and Twilio through fetch, i.e. undici). Off otherwise, at no cost: nothing below is loaded.
 *
 * It must run before the modules it watches are loaded, so it is an entry of its own, given to Node first:
 *   node --import ./apps/server/dist/tracing.js apps/server/dist/main.js
 *   (or NODE_OPTIONS=--import=./apps/server/dist/tracing.js, leaving the command as it is)
 * Every OTEL_* variable of the SDK applies (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER...).
 */
import { markTracingStarted, tracingWanted } from './tracing-state';

if (tracingWanted()) await startTracing();

async function startTracing(): Promise<void> {
  // Imported here, not at the top: an import at the top would load the SDK whether traces are wanted or not.
  const [{ register }, sdkNode, otlp, http, pg, undici, fastifyOtel] = await Promise.all([
    import('node:module'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  // The server is ESM: a module it imports is seen only through this loader hook (require hooks see CommonJS
  // only). Just the modules patched by name go through it; Fastify and fetch announce themselves on
  // diagnostics channels.
  register('import-in-the-middle/hook.mjs', import.meta.url, {
    data: { include: ['pg', 'http', 'https', 'node:http', 'node:https'] },
  });
  const sdk = new sdkNode.NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'skypark-parking',
    traceExporter: new otlp.OTLPTraceExporter(),
    instrumentations: [
      new http.HttpInstrumentation(),
      // The request and its handler; a span per hook (cookies, compression...) would only add noise.
      new fastifyOtel.FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
      new pg.PgInstrumentation(),
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  markTracingStarted();
}
