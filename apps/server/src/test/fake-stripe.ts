/**
 * A local HTTP server answering the few Stripe API calls the stripe adapter makes, in Stripe's
 * shapes, so that the real stripe-node SDK can be exercised offline. A stand-in for Stripe, not
 * for anything of ours.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

type Json = Record<string, unknown>;

/** Stripe's form encoding ("metadata[booking_id]=12") into nested objects. */
function parseForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    });
  }
  return result;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
  });

/** A secret key the fake refuses with Stripe's 401, as Stripe does a revoked or mistyped one. */
export const REVOKED_STRIPE_KEY = 'sk_test_revoked';

export interface FakeStripe {
  port: number;
  intents: Map<string, Json>;
  subscriptions: Map<string, Json>;
  refunds: Map<string, Json>;
  requests: Array<{ method: string; path: string; body: Json; idempotencyKey: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  const requests: FakeStripe['requests'] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = parseForm(await read(request));
      const path = (request.url ?? '').split('?')[0] ?? '';
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: request.method ?? '', path, body, idempotencyKey });
      const send = (status: number, json: Json) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(4).toString('hex')}`,
        });
        response.end(JSON.stringify(json));
      };
      // A key Stripe does not know is refused before anything else, as Stripe does (401).
      if (request.headers.authorization === `Bearer ${REVOKED_STRIPE_KEY}`)
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****oked' },
        });
      // npm run check:production's read-only call.
      if (request.method === 'GET' && path === '/v1/balance')
        return send(200, {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'aud', source_types: { card: 0 } }],
          pending: [{ amount: 0, currency: 'aud', source_types: { card: 0 } }],
        });
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        const remembered = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (remembered) return send(200, remembered);
        const id = `pi_${randomBytes(8).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(body.amount),
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: body.metadata ?? {},
          last_payment_error: null,
        };
        intents.set(id, intent);
        if (idempotencyKey) idempotent.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const remembered = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (remembered) return send(200, remembered);
        const id = `re_${randomBytes(8).toString('hex')}`;
        const refund = {
          id,
          object: 'refund',
          amount: Number(body.amount),
          currency: 'aud',
          payment_intent: body.payment_intent,
          reason: body.reason,
          status: 'succeeded',
        };
        refunds.set(id, refund);
        if (idempotencyKey) idempotent.set(idempotencyKey, refund);
        return send(200, refund);
      }
      const cancelMatch = /^\/v1\/payment_intents\/(pi_[a-f0-9]+)\/cancel$/.exec(path);
      if (request.method === 'POST' && cancelMatch?.[1]) {
        const intent = intents.get(cancelMatch[1]);
        if (!intent)
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such payment_intent',
            },
          });
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${String(intent.status)}.`,
            },
          });
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      const intentMatch = /^\/v1\/payment_intents\/(pi_[a-f0-9]+)$/.exec(path);
      if (request.method === 'GET' && intentMatch?.[1]) {
        const intent = intents.get(intentMatch[1]);
        return intent
          ? send(200, intent)
          : send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            });
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: body.mode,
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_test',
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${String(body.customer)}`,
        });
      }
      const subMatch = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
      if (request.method === 'GET' && subMatch?.[1]) {
        const sub = subscriptions.get(subMatch[1]);
        return sub
          ? send(200, sub)
          : send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such subscription',
              },
            });
      }
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${path})`,
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    intents,
    subscriptions,
    refunds,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
