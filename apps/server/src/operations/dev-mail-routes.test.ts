/**
 * The development mailbox (issue 37, item 5): pages a browser can read (the mail newest first, one message
 * with its HTML sandboxed, its text and attachments, the captured texts), the JSON every other caller
 * already reads, and Admins only either way.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/sessions';
import { createMailer, type CapturedMail } from '../mail/mailer';
import { createCapturedSms } from '../sms/sms';
import { createUser, login } from '../test/factories';
import { createTestServer, JSONAPI, type TestServer } from '../test/server';
import { wantsHtml } from './dev-mail-routes';

// What Chromium sends when it opens a page.
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const QR = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.3 test');

let server: TestServer;
let admin: string;
let customer: string;
let sales: string;
let confirmation: CapturedMail;

const get = (url: string, options: { accept?: string; token?: string; cookie?: string } = {}) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(options.accept ? { accept: options.accept } : {}),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    },
    cookies: options.cookie ? { [SESSION_COOKIE]: options.cookie } : {},
  });

beforeAll(async () => {
  server = await createTestServer();
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'SkyPark <bookings@parking.test>',
    mailDir: server.config.mailDir,
  });
  await mailer.send({ to: 'first@example.com', subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' });
  await sleep(5); // ids begin with the millisecond: the next message is newer
  await mailer.send({
    to: 'grace@example.com',
    subject: 'Booking confirmed: <K7M2QX9P> & more',
    text: 'Booking code: K7M2QX9P\n<b>not bold</b>',
    html: '<html><head><title>x</title></head><body><p>K7M2QX9P</p><img src="cid:qr@parking" alt="QR"><a href="https://parking.test/manage">Manage</a><script>alert(1)</script></body></html>',
    attachments: [
      { filename: 'invoice K7M2QX9P.pdf', contentType: 'application/pdf', content: PDF },
      { filename: 'qr.png', contentType: 'image/png', content: QR, cid: 'qr@parking' },
    ],
  });
  const sms = server.config.sms;
  if (sms.provider !== 'captured') throw new Error('texts are captured outside production');
  await createCapturedSms(sms.dir).send({
    to: '+61400123456',
    body: 'Your flight <QF1> is late: pick-up moved',
  });
  await createUser(server.handle.db, { email: 'dev-mail-admin@example.com', roles: ['Admins'] });
  await createUser(server.handle.db, { email: 'dev-mail-sales@example.com', roles: ['Sales'] });
  await createUser(server.handle.db, { email: 'dev-mail-customer@example.com' });
  admin = await login(server.app, 'dev-mail-admin@example.com');
  sales = await login(server.app, 'dev-mail-sales@example.com');
  customer = await login(server.app, 'dev-mail-customer@example.com');
  const list = (await get('/backend/dev/mail/', { token: admin })).json<CapturedMail[]>();
  const found = list.find((mail) => mail.to === 'grace@example.com');
  if (!found) throw new Error('no confirmation captured');
  confirmation = found;
});
afterAll(() => server.close());

describe('content negotiation', () => {
  it('answers a page only to callers that rank HTML above JSON', () => {
    expect(wantsHtml(BROWSER)).toBe(true);
    expect(wantsHtml('text/html')).toBe(true);
    expect(wantsHtml(undefined)).toBe(false);
    expect(wantsHtml('*/*')).toBe(false);
    expect(wantsHtml('application/json')).toBe(false);
    expect(wantsHtml(JSONAPI)).toBe(false);
    expect(wantsHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(wantsHtml('text/html;q=0, */*')).toBe(false);
  });
});

describe('JSON, as before', () => {
  it('answers the list oldest first to callers that ask for JSON or for nothing in particular', async () => {
    for (const accept of [undefined, '*/*', 'application/json', JSONAPI]) {
      const answer = await get('/backend/dev/mail/', { accept, token: admin });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('json');
      const mails = answer.json<CapturedMail[]>();
      expect(mails.map((mail) => mail.to)).toEqual(['first@example.com', 'grace@example.com']);
      expect(mails[1]?.attachments[1]).toMatchObject({ cid: 'qr@parking', contentType: 'image/png' });
    }
    const texts = await get('/backend/dev/sms/', { accept: 'application/json', token: admin });
    expect(texts.json<Array<{ to: string }>>()).toMatchObject([{ to: '+61400123456' }]);
  });

  it('answers one message as JSON at its own address', async () => {
    const answer = await get(`/backend/dev/mail/${confirmation.id}/`, { accept: JSONAPI, token: admin });
    expect(answer.json<CapturedMail>()).toMatchObject({
      id: confirmation.id,
      subject: confirmation.subject,
      from: 'SkyPark <bookings@parking.test>',
    });
  });
});

describe('pages', () => {
  it('lists the mail newest first, escaped, with sender, recipient, time and attachment count', async () => {
    const answer = await get('/backend/dev/mail/', { accept: BROWSER, cookie: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(String(answer.headers.vary)).toMatch(/accept/i);
    const page = answer.body;
    expect(page).toContain('<h1>Mail</h1>');
    expect(page).toContain('<link rel="stylesheet" href="/backend/dev/mailbox.css">');
    expect(page).toContain('Booking confirmed: &lt;K7M2QX9P&gt; &amp; more');
    expect(page).not.toContain('<K7M2QX9P>');
    expect(page.indexOf('grace@example.com')).toBeLessThan(page.indexOf('first@example.com'));
    expect(page).toContain(`<a href="/backend/dev/mail/${confirmation.id}/">`);
    expect(page).toContain('SkyPark &lt;bookings@parking.test&gt;');
    expect(page).toMatch(/<td data-label="Attachments" class="count">2<\/td>/);
    expect(page).toMatch(/<time datetime="[^"]+">/);
    expect(page).toContain('<a href="/backend/dev/sms/">Texts</a>');
    // No script and no inline style: the site's CSP applies to the pages as to the rest of the site.
    expect(page).not.toMatch(/<script|<style|style=/);
  });

  it('shows a message: headers, its HTML in a sandboxed frame, its text and its attachments', async () => {
    const page = (await get(`/backend/dev/mail/${confirmation.id}/`, { accept: BROWSER, token: admin })).body;
    expect(page).toContain('<h1>Booking confirmed: &lt;K7M2QX9P&gt; &amp; more</h1>');
    expect(page).toContain('<dt>To</dt><dd>grace@example.com</dd>');
    expect(page).toMatch(
      new RegExp(`<iframe src="/backend/dev/mail/${confirmation.id}/html" title="[^"]+" sandbox="[^"]*"`),
    );
    expect(page).not.toMatch(/sandbox="[^"]*allow-(scripts|same-origin)/);
    expect(page).toContain('<pre>Booking code: K7M2QX9P\n&lt;b&gt;not bold&lt;/b&gt;</pre>');
    expect(page).toContain(
      `href="/backend/dev/mail/${confirmation.id}/attachments/0" download="invoice K7M2QX9P.pdf"`,
    );
    expect(page).toContain(`<img class="preview" src="/backend/dev/mail/${confirmation.id}/attachments/1"`);
    expect(page).toContain('<code>cid:qr@parking</code>');
  });

  it("serves the message's HTML in a sandbox of its own, cid: images resolved and links opening a tab", async () => {
    const answer = await get(`/backend/dev/mail/${confirmation.id}/html`, { accept: BROWSER, token: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(answer.body).toContain(`<img src="data:image/png;base64,${QR.toString('base64')}" alt="QR">`);
    expect(answer.body).toContain('<head><base target="_blank"><title>');
  });

  it('opens an attachment with its type, and names the file', async () => {
    const answer = await get(`/backend/dev/mail/${confirmation.id}/attachments/0`, { cookie: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline; filename="invoice-K7M2QX9P.pdf"');
    expect(answer.rawPayload.equals(PDF)).toBe(true);
    const image = await get(`/backend/dev/mail/${confirmation.id}/attachments/1`, {
      accept: BROWSER,
      token: admin,
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(QR)).toBe(true);
  });

  it('lists the captured texts, escaped, with a way back to the mail', async () => {
    const answer = await get('/backend/dev/sms/', { accept: BROWSER, token: admin });
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<h1>Texts</h1>');
    expect(answer.body).toContain('<th scope="row">+61400123456</th>');
    expect(answer.body).toContain('Your flight &lt;QF1&gt; is late: pick-up moved');
    expect(answer.body).toContain('<a href="/backend/dev/sms/" aria-current="page">Texts</a>');
    expect(answer.body).toContain('<a href="/backend/dev/mail/">Mail</a>');
  });

  it('serves its stylesheet', async () => {
    const answer = await get('/backend/dev/mailbox.css', { accept: 'text/css,*/*;q=0.1', cookie: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(answer.body).toContain('@media (max-width: 40rem)');
  });

  it('says when a message is not there', async () => {
    const answer = await get('/backend/dev/mail/000-made-up/', { accept: BROWSER, token: admin });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<h1>Not found</h1>');
    const json = await get('/backend/dev/mail/000-made-up/html', { accept: JSONAPI, token: admin });
    expect(json.statusCode).toBe(404);
    expect(Object.keys(json.json<object>())).toEqual(['errors']);
  });
});

describe('refusals', () => {
  const addresses = () => [
    '/backend/dev/mail/',
    `/backend/dev/mail/${confirmation.id}/`,
    `/backend/dev/mail/${confirmation.id}/html`,
    `/backend/dev/mail/${confirmation.id}/attachments/0`,
    '/backend/dev/sms/',
    '/backend/dev/mailbox.css',
  ];

  it('refuses anonymous visitors (401), customers and Sales (403), by cookie or token, page or JSON', async () => {
    for (const url of addresses()) {
      const anonymous = await get(url, { accept: BROWSER });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body).toContain('<h1>Log in as an Admin</h1>');
      expect(anonymous.body).toContain('<a href="/login">Log in</a>');
      expect(anonymous.body).not.toContain('K7M2QX9P');
      const api = await get(url, { accept: JSONAPI });
      expect(api.statusCode, url).toBe(401);
      expect(Object.keys(api.json<object>())).toEqual(['errors']);
      for (const token of [customer, sales]) {
        const page = await get(url, { accept: BROWSER, cookie: token });
        expect(page.statusCode, url).toBe(403);
        expect(page.body).toContain('<h1>For Admins only</h1>');
        expect(page.body).not.toContain('K7M2QX9P');
        const json = await get(url, { token });
        expect(json.statusCode, url).toBe(403);
        expect(Object.keys(json.json<object>())).toEqual(['errors']);
      }
    }
  });
});
