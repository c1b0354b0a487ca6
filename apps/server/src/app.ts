/** Builds the Fastify app: used by start-up (main.ts) and by the tests. */
import { registerApplePayDomainFile } from './payments/apple-pay-domain';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import staticFiles from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createRateLimiter } from './accounts/rate-limiter';
import type { Config } from './config/config';
import type { Database } from './db/client';
import type { Services } from './context';
import { errorHandler, JSONAPI, sendError } from './http/errors';
import { loggerOptions } from './http/request-log';
import { COMPRESS_THRESHOLD } from './http/send-written';
import { createPrerenderer, preferredEncoding } from './http/prerender';
import { wroteData } from './http/route';
import { registerJsonApiBodies } from './http/json-api-body';
import { registerSecurityHeaders } from './http/security-headers';
import { ApiError, errors } from './jsonapi/errors';
import { registerResourceRoutes } from './http/resource-routes';
import { configureFaults } from './faults';
import { registerObservability } from './observability/register';
import { registerDevMailRoutes, registerDevSmsRoutes } from './operations/dev-mail-routes';
import { createFlightStatusProvider } from './flights/status-provider/create-provider';
import type { FlightStatusProvider } from './flights/status-provider/provider';
import { createSmsProvider } from './sms/create-sms';
import { createWalletServices } from './wallet/wallet-services';
import type { WalletServices } from './wallet/wallet-provider';
import { registerAppleWebService } from './wallet/apple-web-service-routes';
import type { SmsProvider } from './sms/sms';
import { createMailer, type Mailer } from './mail/mailer';
import { buildRegistry } from './registry';
import { apiActions } from './api-actions';
import { DEFAULT_JOB_POLICY, type JobPolicy, type RawSql } from './db/job-queue';
import { createSideEffectRunner } from './jobs/side-effect-runner';
import { listenForPartnerPushes } from './partners/partner-push';
import { closePartnerCallServices, partnerCallServices } from './partners/partner-key-cache';
import { createPaymentProvider } from './payments/provider/create-provider';
import type { PaymentProvider } from './payments/provider/provider';
import { createPhotoStorage } from './photos/create-storage';
import type { PhotoStorage } from './photos/storage';
import { registerContentRoutes } from './content/content-routes';
import { BringUpHub } from './custody/bring-up-hub';
import { CUSTODY_PHOTO_UPLOAD_PATH, PHOTO_UPLOAD_MEDIA_TYPES } from './custody/custody-routes';
import {
  CONTENT_IMAGE_MEDIA_TYPES as CONTENT_IMAGE_OTHER_TYPES,
  CONTENT_IMAGE_UPLOAD_PATH,
} from './content/content-admin-routes';
import { MAX_CONTENT_IMAGE_BYTES } from '@parking/domain/content-admin';
import { MAX_PHOTO_BYTES } from '@parking/domain/custody-photos';
import { registerActions, type Action } from './http/action';
import { registerPartnerApi } from './partners/partner-api-routes';
import { registerPaymentWebhook } from './payments/payments-routes';
import type { ChangeFeed } from './db/change-feed';
import { ExtrasCache } from './pricing/extras-cache';
import { QuoteCache } from './pricing/quote-cache';

const API_PREFIX = '/backend/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** The quotes' data held in memory, when the app was given a change feed. */
    quoteCache: QuoteCache | undefined;
    /** The extras calendar and lists held in memory (wizard step 5), when the app was given a change feed. */
    extrasCache: ExtrasCache | undefined;
    /** Every declared action the app serves (the hostile-input suite fuzzes each one). */
    declaredActions: readonly Action[];
    /** The app's services (start-up's jobs share its mailer, SMS and flight-status providers). */
    services: Services;
  }
}

export { buildRegistry } from './registry';

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  payments?: PaymentProvider;
  photos?: PhotoStorage;
  clock?: () => Date;
  logger?: boolean;
  /** Text messages (null: none configured); the configured one when not given. */
  sms?: SmsProvider | null;
  /** The arriving flights' status (null: switched off); the configured one when not given. */
  flightStatus?: FlightStatusProvider | null;
  /** Apple and Google Wallet (wallet/wallet-services.ts); the configured adapters when not given. */
  wallet?: WalletServices;
  /** Committed changes to the quote tables (db/change-feed.ts): with it, quotes are served from memory. */
  changes?: ChangeFeed;
  /** Where the request log goes (stdout by default); tests read it. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is added (the authorisation matrix test checks it covers them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The driver, for the job queue's maintenance (DatabaseHandle.rawSql); without it, none runs here. */
  rawSql?: RawSql;
  jobPolicy?: JobPolicy;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? (() => new Date());
  configureFaults(config.faultPause);
  const rateLimiter = createRateLimiter(database, clock);
  const base: Omit<Services, 'jobs'> = {
    config,
    database,
    clock,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        timeoutMs: config.smtpTimeoutMs,
        from: config.mailFrom,
        mailDir: config.mailDir,
      }),
    rateLimiter,
    ...partnerCallServices(database, rateLimiter, options.changes),
    payments: options.payments ?? createPaymentProvider(config, database, clock),
    photos: options.photos ?? createPhotoStorage(config.photos),
    quoteCache: options.changes ? new QuoteCache(database, config.timeZone, options.changes) : undefined,
    extrasCache: options.changes ? new ExtrasCache(database, config.timeZone, options.changes) : undefined,
    sms: options.sms === undefined ? createSmsProvider(config) : options.sms,
    flightStatus:
      options.flightStatus === undefined
        ? createFlightStatusProvider(config, database)
        : options.flightStatus,
    wallet: options.wallet ?? createWalletServices(config.wallet, database),
  };
  const jobs = createSideEffectRunner(base, {
    rawSql: options.rawSql,
    policy: options.jobPolicy ?? { ...DEFAULT_JOB_POLICY, retryDelaySeconds: config.jobRetryDelaySeconds },
  });
  const services: Services = {
    ...base,
    jobs,
    // The bring-up's live streams (issue 41) need the change feed: without it they answer 503.
    bringUpHub: options.changes ? new BringUpHub(database, config, options.changes) : undefined,
  };
  // Availability pushed to partners' webhooks within seconds of a change, from any instance (issue 42).
  const stopPartnerPushes = options.changes ? listenForPartnerPushes(options.changes, services) : undefined;

  const app = Fastify({
    // JSON, its URLs redacted; in development one short line per request (http/request-log.ts).
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Errors before routing (a malformed percent-escape in the path, a bad header) are JSON:API too.
    frameworkErrors: (error, _request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void sendError(
        reply,
        new ApiError(status, [
          { status: String(status), code: 'bad_request', detail: 'The request is malformed.' },
        ]),
      );
    },
  });

  // JSON:API documents are JSON, their text kept beside them (http/json-api-body.ts).
  registerJsonApiBodies(app);
  // Plain text is never an API body: refuse it with 415 everywhere rather than parse it.
  app.removeContentTypeParser('text/plain');
  // A custody photo and a content image are the bodies that are files: their bytes, read only on their
  // upload paths (each checks its own size cap, with the spec's message).
  app.addContentTypeParser(
    [...PHOTO_UPLOAD_MEDIA_TYPES],
    { parseAs: 'buffer', bodyLimit: Math.max(MAX_PHOTO_BYTES, MAX_CONTENT_IMAGE_BYTES) },
    (request, body, done) => {
      if (CUSTODY_PHOTO_UPLOAD_PATH.test(request.url) || CONTENT_IMAGE_UPLOAD_PATH.test(request.url))
        done(null, body);
      else done(errors.unsupportedMediaType(String(request.headers['content-type'] ?? '').slice(0, 100)));
    },
  );
  // Other pictures an editor may pick (GIF, SVG, HEIC...) reach the content image upload, which answers
  // what it takes in words rather than a bare 415.
  app.addContentTypeParser(
    CONTENT_IMAGE_OTHER_TYPES.filter(
      (type) => !(PHOTO_UPLOAD_MEDIA_TYPES as readonly string[]).includes(type),
    ),
    { parseAs: 'buffer', bodyLimit: MAX_CONTENT_IMAGE_BYTES },
    (request, body, done) => {
      if (CONTENT_IMAGE_UPLOAD_PATH.test(request.url)) done(null, body);
      else done(errors.unsupportedMediaType(String(request.headers['content-type'] ?? '').slice(0, 100)));
    },
  );
  app.setErrorHandler(errorHandler);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));

  await app.register(cookie);
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD });
  const stripe = config.payments.provider === 'stripe';
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI's emotion injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Stripe.js, its card frames and its API, only when the Stripe adapter is configured.
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        // 'wasm-unsafe-eval' compiles WebAssembly (the back office's QR reader, bundled with the app) and
        // nothing else: script text still cannot be evaluated.
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : []), "'wasm-unsafe-eval'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Where the site is meant to be served over HTTPS (production, or an https: PUBLIC_URL); sent only on
    // responses that go back over HTTPS.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // JSON:API: a request whose media type carries parameters other than `profile` (such as an `ext`
  // we do not support) is answered 415, before anything reads it.
  app.addHook('onRequest', async (request, reply) => {
    const type = request.headers['content-type'];
    // The usual body (a booking quote's) names the media type alone: nothing to look at.
    if (typeof type !== 'string' || type === JSONAPI || !request.url.startsWith('/backend/')) return;
    const [essence = '', ...parameters] = type.split(';').map((part) => part.trim().toLowerCase());
    if (essence !== JSONAPI) return;
    const unsupported = parameters.find((parameter) => parameter && !parameter.startsWith('profile='));
    if (unsupported) return sendError(reply, errors.unsupportedMediaType(type.slice(0, 100)));
  });

  const registry = buildRegistry();
  app.decorate('quoteCache', services.quoteCache);
  app.decorate('extrasCache', services.extrasCache);
  app.decorate('services', services);
  // Open event streams end first: the server's close waits for every connection.
  app.addHook('preClose', async () => services.bringUpHub?.close());
  app.addHook('onClose', async () => {
    services.quoteCache?.close();
    services.extrasCache?.close();
    closePartnerCallServices(services);
    await stopPartnerPushes?.();
    await services.jobs.stop();
  });

  // Liveness for a load balancer, and the benchmark's ceiling: the full request pipeline, no database.
  app.get('/backend/live/', async () => ({ status: 'ok' }));

  // GET /backend/health/, GET /backend/metrics and the request series (observability/register.ts).
  const resourceTypes = registry.all().map((definition) => definition.type);
  services.metrics = registerObservability(app, services, { resourceTypes });

  if (config.devMailbox) {
    registerDevMailRoutes(app, services, config.mailDir);
    if (config.sms.provider === 'captured') registerDevSmsRoutes(app, services, config.sms.dir);
  }

  const actions = apiActions(services, registry);
  registerActions(app, services, API_PREFIX, actions);
  app.decorate('declaredActions', actions);
  registerPaymentWebhook(app, services, API_PREFIX);
  registerApplePayDomainFile(app, config.applePayDomainAssociation);
  registerAppleWebService(app, services);
  registerContentRoutes(app, services);
  registerResourceRoutes(app, services, registry, API_PREFIX);
  registerPartnerApi(app, services);

  const indexFile = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(staticFiles, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (maximum compression, once): sent as they are.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed file names never change content: cache for a year. Everything else revalidates.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL is sent brotli, gzip or plain by what the browser accepts.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const indexHtml = () => readFileSync(indexFile, 'utf8');
  const prerender = hasWeb
    ? await createPrerenderer(app, {
        entryFile: join(config.webDist, '../dist-ssr/entry-server.js'),
        template: indexHtml,
        timeZone: config.timeZone,
        log: app.log,
        changes: options.changes,
      })
    : null;
  if (prerender) {
    // A write made here (a blockout, a content edit, a booking) shows on the next home page at once; a
    // refused or unknown request (a junk POST's 400 or 404) leaves the page held (http/route.ts).
    app.addHook('onResponse', async (request) => {
      if (wroteData(request)) prerender.invalidate();
    });
    app.addHook('onClose', async () => prerender.close());
  }

  /** The browser's app (index.html), which decides what a path shows (including its own 404 page). */
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const prerendered = request.method === 'GET' ? await prerender?.document(request, request.url) : null;
    if (!prerendered) return reply.send(indexHtml());
    // The same page for every visitor without a session, held compressed (http/prerender.ts); a wizard step drawn
    // from one traveller's answers is theirs alone, and no cache keeps it.
    reply.header('vary', 'accept-encoding, cookie');
    if (prerendered.personal) reply.header('cache-control', 'private, no-store');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(prerendered.html);
    return reply.header('content-encoding', encoding).send(prerendered.encoded[encoding]);
  };
  // The home page is a route of its own: pre-rendered, it is the one page whose HTML is large, sent
  // compressed (once, by http/prerender.ts; the plain app by @fastify/compress, which never sees the
  // not-found handler below).
  if (hasWeb) app.get('/', (request, reply) => sendApp(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/backend/') || path.startsWith('/wp-json/') || path.startsWith('/partner/'))
      return sendError(reply, errors.notFound());
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      hasWeb &&
      !/\.[a-z0-9]{2,5}$/i.test(path)
    ) {
      return sendApp(request, reply);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
