/**
 * The captured mailbox outside production: GET /backend/dev/mail/ lists every captured message
 * (oldest first, attachments in base64), and /backend/dev/mail/{id}/attachments/{n} opens one
 * attachment as its own file (the invoice PDF, the QR code), as a mail client would.
 */
import type { FastifyInstance } from 'fastify';
import { listCapturedMail } from './mailer';

export function registerDevMailRoutes(app: FastifyInstance, mailDir: string) {
  app.get('/backend/dev/mail/', async () => listCapturedMail(mailDir));

  app.get('/backend/dev/mail/:id/attachments/:index', async (request, reply) => {
    const { id, index } = request.params as { id: string; index: string };
    const attachment = listCapturedMail(mailDir).find((mail) => mail.id === id)?.attachments[Number(index)];
    if (!attachment) return reply.status(404).send({ errors: [{ status: '404', code: 'not_found', detail: 'Not found.' }] });
    const safe = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '-');
    return reply
      .header('content-type', attachment.contentType)
      .header('content-disposition', `inline; filename="${safe}"`)
      .header('content-security-policy', "frame-ancestors 'self'")
      .send(Buffer.from(attachment.contentBase64, 'base64'));
  });
}
