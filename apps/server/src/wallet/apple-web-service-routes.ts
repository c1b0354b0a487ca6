/**
 * Apple's pass web service (PassKit Web Service), at the pass's webServiceURL (APPLE_WEB_SERVICE_PATH):
 *
 *   POST   v1/devices/{device}/registrations/{passTypeId}/{serial}   register a device for a pass' updates
 *                                                                   ({pushToken}; 201 new, 200 known)
 *   DELETE v1/devices/{device}/registrations/{passTypeId}/{serial}   unregister it
 *   GET    v1/devices/{device}/registrations/{passTypeId}?passesUpdatedSince={tag}
 *                                                                   the device's passes changed since the tag
 *                                                                   ({serialNumbers, lastUpdated}; 204 none)
 *   GET    v1/passes/{passTypeId}/{serial}                           the latest pass, Last-Modified; 304 when
 *                                                                   not modified since If-Modified-Since
 *   POST   v1/log                                                    the device's error messages, logged
 *
 * The pass's own calls carry `Authorization: ApplePass {authenticationToken}`: a wrong or missing token is 401;
 * the listing is keyed by the device's library id, as Apple's protocol has it.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestContext, Services } from '../context';
import { bookings, walletDevices, walletPasses } from '../db/schema/index';
import { route } from '../http/route';
import { errors } from '../jsonapi/errors';
import { APPLE_WEB_SERVICE_PATH, currentApplePass } from './apple-pass';
import type { WalletPassRow } from './wallet-pass-data';

const SERIAL = /^[0-9a-f-]{36}$/;
const registrationSchema = z.object({ pushToken: z.string().trim().min(1).max(200) });
const logSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });

type Params = Record<string, string | undefined>;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The pass the request names, for its own token only: 401 without it, 404 for another pass type or serial. */
async function authorisedPass(ctx: RequestContext, request: FastifyRequest): Promise<WalletPassRow> {
  const apple = ctx.services.wallet.apple;
  const params = request.params as Params;
  if (!apple || params.passTypeId !== apple.passTypeIdentifier || !SERIAL.test(params.serial ?? ''))
    throw errors.notFound();
  const [pass] = await ctx.db
    .select()
    .from(walletPasses)
    .where(eq(walletPasses.serialNumber, params.serial ?? ''));
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('ApplePass ') ? header.slice('ApplePass '.length) : '';
  if (!pass || !token || !sameText(token, pass.authenticationToken)) throw errors.unauthorized();
  return pass;
}

const httpDate = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();

export function registerAppleWebService(app: FastifyInstance, services: Services): void {
  const base = `${APPLE_WEB_SERVICE_PATH}/v1`;
  const registration = `${base}/devices/:device/registrations/:passTypeId/:serial`;

  app.post(
    registration,
    route(services, async (ctx, request, reply) => {
      const pass = await authorisedPass(ctx, request);
      const parsed = registrationSchema.safeParse(request.body);
      if (!parsed.success) throw errors.invalid('This field is required.', '/pushToken');
      const device = (request.params as Params).device ?? '';
      if (device.length < 1 || device.length > 200) throw errors.notFound();
      const [known] = await ctx.db
        .select({ token: walletDevices.pushToken })
        .from(walletDevices)
        .where(
          and(
            eq(walletDevices.deviceLibraryIdentifier, device),
            eq(walletDevices.serialNumber, pass.serialNumber),
          ),
        );
      await ctx.db
        .insert(walletDevices)
        .values({
          deviceLibraryIdentifier: device,
          serialNumber: pass.serialNumber,
          pushToken: parsed.data.pushToken,
        })
        .onConflictDoUpdate({
          target: [walletDevices.deviceLibraryIdentifier, walletDevices.serialNumber],
          set: { pushToken: parsed.data.pushToken },
        });
      return reply.status(known ? 200 : 201).send();
    }),
  );

  app.delete(
    registration,
    route(services, async (ctx, request, reply) => {
      const pass = await authorisedPass(ctx, request);
      await ctx.db
        .delete(walletDevices)
        .where(
          and(
            eq(walletDevices.deviceLibraryIdentifier, (request.params as Params).device ?? ''),
            eq(walletDevices.serialNumber, pass.serialNumber),
          ),
        );
      return reply.status(200).send();
    }),
  );

  app.get(
    `${base}/devices/:device/registrations/:passTypeId`,
    route(
      services,
      async (ctx, request, reply) => {
        const params = request.params as Params;
        if (params.passTypeId !== ctx.services.wallet.apple?.passTypeIdentifier) throw errors.notFound();
        const sinceTag = (request.query as Params).passesUpdatedSince;
        const since = sinceTag && /^\d{1,15}$/.test(sinceTag) ? new Date(Number(sinceTag)) : null;
        const condition = and(
          eq(walletDevices.deviceLibraryIdentifier, params.device ?? ''),
          since ? gt(walletPasses.updated, since) : undefined,
        );
        const rows = await ctx.db
          .select({ serial: walletPasses.serialNumber, updated: walletPasses.updated })
          .from(walletDevices)
          .innerJoin(walletPasses, eq(walletPasses.serialNumber, walletDevices.serialNumber))
          .where(condition);
        if (rows.length === 0) return reply.status(204).send();
        const [latest] = await ctx.db
          .select({ at: max(walletPasses.updated) })
          .from(walletDevices)
          .innerJoin(walletPasses, eq(walletPasses.serialNumber, walletDevices.serialNumber))
          .where(eq(walletDevices.deviceLibraryIdentifier, params.device ?? ''));
        return reply
          .status(200)
          .type('application/json')
          .send({
            serialNumbers: rows.map((row) => row.serial),
            lastUpdated: String((latest?.at ?? new Date(0)).getTime()),
          });
      },
      { readOnly: true },
    ),
  );

  app.get(
    `${base}/passes/:passTypeId/:serial`,
    route(
      services,
      async (ctx, request, reply) => {
        const pass = await authorisedPass(ctx, request);
        const apple = ctx.services.wallet.apple;
        const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, pass.bookingId));
        if (!apple || !booking) throw errors.notFound();
        const modified = httpDate(pass.updated);
        const since = Date.parse(request.headers['if-modified-since'] ?? '');
        if (!Number.isNaN(since) && Date.parse(modified) <= since)
          return reply.status(304).header('last-modified', modified).send();
        const body = await currentApplePass(ctx.db, ctx.services.config, apple, pass, booking);
        return reply
          .status(200)
          .type('application/vnd.apple.pkpass')
          .header('last-modified', modified)
          .header('cache-control', 'no-cache')
          .send(body);
      },
      { readOnly: true },
    ),
  );

  app.post(
    `${base}/log`,
    route(
      services,
      async (_ctx, request, reply) => {
        const parsed = logSchema.safeParse(request.body);
        if (!parsed.success) throw errors.invalid('This field is required.', '/logs');
        for (const line of parsed.data.logs)
          request.log.warn({ appleWallet: line }, 'Apple Wallet device log');
        return reply.status(200).send();
      },
      { readOnly: true },
    ),
  );
}
