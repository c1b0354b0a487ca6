/**
 * The captured mailbox outside production: GET /backend/dev/mail/ lists every captured message
 * (oldest first, attachments in base64), and /backend/dev/mail/{id}/attachments/{n} opens one
 * attachment as its own file (the invoice PDF, the QR code), as a mail client would. Reset and welcome
 * links are in there: reading them is taking over accounts, so both are for Admins only.
 */
import type { FastifyInstance } from 'fastify';
import { isAdmin, type RequestContext, type Services } from '../context';
import { route } from '../http/route';
import { errors } from '../jsonapi/errors';
import { listCapturedMail } from '../mail/mailer';
import { listCapturedSms } from '../sms/sms';

function requireAdmin(ctx: RequestContext) {
  if (!ctx.user) throw errors.unauthorized();
  if (!isAdmin(ctx.user)) throw errors.forbidden();
}

export function registerDevMailRoutes(app: FastifyInstance, services: Services, mailDir: string) {
  app.get(
    '/backend/dev/mail/',
    route(services, async (ctx) => {
      requireAdmin(ctx);
      return listCapturedMail(mailDir);
    }),
  );

  type OnAttachment = { Params: { id: string; index: string } };
  app.get<OnAttachment>(
    '/backend/dev/mail/:id/attachments/:index',
    route<OnAttachment>(services, async (ctx, request, reply) => {
      requireAdmin(ctx);
      const { id, index } = request.params;
      const attachment = listCapturedMail(mailDir).find((mail) => mail.id === id)?.attachments[Number(index)];
      if (!attachment) throw errors.notFound();
      const safe = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '-');
      return reply
        .header('content-type', attachment.contentType)
        .header('content-disposition', `inline; filename="${safe}"`)
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(Buffer.from(attachment.contentBase64, 'base64'));
    }),
  );
}

/** The captured SMS outbox outside production (issue 24): GET /backend/dev/sms/, oldest first, Admins only. */
export function registerDevSmsRoutes(app: FastifyInstance, services: Services, smsDir: string) {
  app.get(
    '/backend/dev/sms/',
    route(services, async (ctx) => {
      requireAdmin(ctx);
      return listCapturedSms(smsDir);
    }),
  );
}
