/** The captured mailbox keeps attachments, and the dev route opens one as its own file. */
import { describe, expect, it } from 'vitest';
import { createUser, login } from '../test/factories';
import { createTestServer } from '../test/server';
import { createMailer, listCapturedMail } from './mailer';

describe('captured mail', () => {
  it('stores each message with its attachments, and serves them back', async () => {
    const server = await createTestServer();
    const mailDir = server.config.mailDir;
    const mailer = createMailer({ smtpUrl: undefined, from: 'Test <test@example.com>', mailDir });
    const pdf = Buffer.from('%PDF-1.3 test');
    await mailer.send({
      to: 'grace@example.com',
      subject: 'Booking confirmed: K7M2QX9P',
      text: 'Booking code: K7M2QX9P',
      html: '<p>K7M2QX9P <img src="cid:qr@test"></p>',
      attachments: [
        { filename: 'invoice-K7M2QX9P.pdf', contentType: 'application/pdf', content: pdf },
        {
          filename: 'qr.png',
          contentType: 'image/png',
          content: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
          cid: 'qr@test',
        },
      ],
    });
    const [mail] = listCapturedMail(mailDir);
    expect(mail).toMatchObject({ to: 'grace@example.com', subject: 'Booking confirmed: K7M2QX9P' });
    expect(mail?.attachments).toEqual([
      {
        filename: 'invoice-K7M2QX9P.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        contentBase64: pdf.toString('base64'),
      },
      { filename: 'qr.png', contentType: 'image/png', cid: 'qr@test', size: 4, contentBase64: 'iVBORw==' },
    ]);

    const { app } = server;
    await createUser(server.handle.db, { email: 'mail-admin@example.com', roles: ['Admins'] });
    const headers = { authorization: `Token ${await login(app, 'mail-admin@example.com')}` };
    // Reset links are in there: the attachment is refused to anyone but Admins, like the list.
    expect((await app.inject({ method: 'GET', url: '/backend/dev/mail/' })).statusCode).toBe(401);
    const listed = await app.inject({ method: 'GET', url: '/backend/dev/mail/', headers });
    expect(listed.json<Array<{ id: string }>>()[0]?.id).toBe(mail?.id);
    expect(
      (await app.inject({ method: 'GET', url: `/backend/dev/mail/${mail?.id ?? ''}/attachments/0` }))
        .statusCode,
    ).toBe(401);
    const file = await app.inject({
      method: 'GET',
      url: `/backend/dev/mail/${mail?.id ?? ''}/attachments/0`,
      headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: `/backend/dev/mail/${mail?.id ?? ''}/attachments/5`, headers }))
        .statusCode,
    ).toBe(404);
    await server.close();
  });
});
