/**
 * The captured mailbox outside production. Reset and welcome links are in there: reading them is taking
 * over accounts, so every route is for Admins only (a cookie in a browser, or Authorization: Token).
 *
 * To a browser (Accept ranking text/html above JSON) the addresses answer pages (dev-mail-pages.ts);
 * to everyone else (no Accept, *\/*, application/json, JSON:API: the API tests, the end-to-end support, curl)
 * the JSON they always answered:
 * - GET /backend/dev/mail/: every captured message (JSON oldest first, attachments in base64; the page
 *   newest first);
 * - GET /backend/dev/mail/{id}/: one message;
 * - GET /backend/dev/mail/{id}/html: its HTML, sandboxed by its own CSP, cid: images resolved;
 * - GET /backend/dev/mail/{id}/attachments/{n}: one attachment as its own file (the invoice PDF, the QR code);
 * - GET /backend/dev/sms/: the captured texts (JSON oldest first);
 * - GET /backend/dev/mailbox.css: the pages' stylesheet.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { isAdmin, type RequestContext, type Services } from '../context';
import { route } from '../http/route';
import { errors } from '../jsonapi/errors';
import { listCapturedMail, type CapturedMail } from '../mail/mailer';
import { listCapturedSms } from '../sms/sms';
import {
  MAIL_PATH,
  SMS_PATH,
  STYLESHEET_PATH,
  attachmentPath,
  emailDocument,
  mailListPage,
  mailMessagePage,
  problemPage,
  smsListPage,
  type PageContext,
} from './dev-mail-pages';
import { MAILBOX_CSS } from './dev-mail-style';

const JSON_TYPES = ['application/json', 'application/vnd.api+json'];

/**
 * How much an Accept header wants `type` (RFC 9110 §12.5.1): the q of the most specific range naming it,
 * 0 when none does.
 */
function quality(accept: string, type: string): number {
  const family = `${type.split('/')[0] ?? ''}/*`;
  let specificity = -1;
  let q = 0;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const rank = range === type ? 2 : range === family ? 1 : range === '*/*' ? 0 : -1;
    if (rank <= specificity) continue;
    specificity = rank;
    const given = parameters.find((parameter) => parameter.startsWith('q='));
    q = given === undefined ? 1 : Number(given.slice(2)) || 0;
  }
  return q;
}

/**
 * A page only for a caller that ranks HTML above JSON (every browser's navigation does). A tie, as with no
 * Accept or `*\/*`, keeps the JSON every existing caller reads.
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  return html > 0 && JSON_TYPES.every((type) => quality(accept, type) < html);
}

const pageContext = (services: Services, current: PageContext['current']): PageContext => ({
  current,
  texts: services.config.sms.provider === 'captured',
  timeZone: services.config.timeZone,
});

const sendPage = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').send(html);

type PageHandler<G extends RouteGenericInterface> = (
  ctx: RequestContext,
  request: FastifyRequest<G>,
  reply: FastifyReply,
  html: boolean,
) => Promise<unknown>;

/**
 * An Admins-only route answering pages or JSON as the caller asks. A browser that may not read it gets a page
 * saying how to log in; an API caller the usual JSON:API error.
 */
function adminRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  services: Services,
  section: PageContext['current'],
  handler: PageHandler<G>,
) {
  return route<G>(services, async (ctx, request, reply) => {
    const html = wantsHtml(request.headers.accept);
    // The answer depends on Accept, and holds account links: no cache may keep it or hand it to another.
    reply.header('vary', 'Accept').header('cache-control', 'no-store');
    if (!ctx.user || !isAdmin(ctx.user)) {
      const status = ctx.user ? 403 : 401;
      if (html) return sendPage(reply.code(status), problemPage(pageContext(services, section), status));
      throw status === 401 ? errors.unauthorized() : errors.forbidden();
    }
    return handler(ctx, request, reply, html);
  });
}

function findMail(mailDir: string, id: string): CapturedMail | undefined {
  return listCapturedMail(mailDir).find((mail) => mail.id === id);
}

/** A message that is not there: a page to a browser, the JSON:API error to everyone else. */
function notFound(services: Services, reply: FastifyReply, html: boolean) {
  if (html) return sendPage(reply.code(404), problemPage(pageContext(services, 'mail'), 404));
  throw errors.notFound();
}

/**
 * The email's HTML runs in a sandbox of its own (an opaque origin: no script, no cookies, no forms), even
 * opened outside its frame. Images are its attachments, as data: URLs (a sandboxed document's requests
 * carry no session cookie, so the attachment route would refuse them) and styles its own inline ones.
 */
const EMAIL_CSP = [
  'sandbox allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'unsafe-inline'",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export function registerDevMailRoutes(app: FastifyInstance, services: Services, mailDir: string) {
  const from = services.config.mailFrom;

  app.get(
    STYLESHEET_PATH,
    adminRoute(services, null, async (_ctx, _request, reply) =>
      reply.type('text/css; charset=utf-8').send(MAILBOX_CSS),
    ),
  );

  app.get(
    MAIL_PATH,
    adminRoute(services, 'mail', async (_ctx, _request, reply, html) => {
      const mails = listCapturedMail(mailDir);
      return html ? sendPage(reply, mailListPage(pageContext(services, 'mail'), mails, from)) : mails;
    }),
  );

  type OnMessage = { Params: { id: string } };
  app.get<OnMessage>(
    `${MAIL_PATH}:id/`,
    adminRoute<OnMessage>(services, 'mail', async (_ctx, request, reply, html) => {
      const mail = findMail(mailDir, request.params.id);
      if (!mail) return notFound(services, reply, html);
      return html ? sendPage(reply, mailMessagePage(pageContext(services, 'mail'), mail, from)) : mail;
    }),
  );

  app.get<OnMessage>(
    `${MAIL_PATH}:id/html`,
    adminRoute<OnMessage>(services, 'mail', async (_ctx, request, reply, html) => {
      const mail = findMail(mailDir, request.params.id);
      if (!mail) return notFound(services, reply, html);
      const document = emailDocument(mail, (index) => {
        const file = mail.attachments[index];
        return file?.contentType.startsWith('image/')
          ? `data:${file.contentType};base64,${file.contentBase64}`
          : attachmentPath(mail.id, index);
      });
      return sendPage(reply.header('content-security-policy', EMAIL_CSP), document);
    }),
  );

  type OnAttachment = { Params: { id: string; index: string } };
  app.get<OnAttachment>(
    `${MAIL_PATH}:id/attachments/:index`,
    adminRoute<OnAttachment>(services, 'mail', async (_ctx, request, reply, html) => {
      const { id, index } = request.params;
      const attachment = findMail(mailDir, id)?.attachments[Number(index)];
      if (!attachment) return notFound(services, reply, html);
      const safe = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '-');
      // Inline, as a mail client opens it; the page's Download link asks the browser to save it instead.
      return reply
        .header('content-type', attachment.contentType)
        .header('content-disposition', `inline; filename="${safe}"`)
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(Buffer.from(attachment.contentBase64, 'base64'));
    }),
  );
}

/** The captured SMS outbox outside production (issue 24): GET /backend/dev/sms/, Admins only. */
export function registerDevSmsRoutes(app: FastifyInstance, services: Services, smsDir: string) {
  app.get(
    SMS_PATH,
    adminRoute(services, 'sms', async (_ctx, _request, reply, html) => {
      const texts = listCapturedSms(smsDir);
      return html ? sendPage(reply, smsListPage(pageContext(services, 'sms'), texts)) : texts;
    }),
  );
}
