import { expect, request as requests, type APIRequestContext } from '@playwright/test';

export interface CapturedAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  size: number;
  contentBase64: string;
}

export interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  attachments: CapturedAttachment[];
}

let adminToken: Promise<string> | undefined;

/**
 * The mailbox holds reset links, so only Admins may read it: the demo admin's token, once per worker,
 * from a context of its own so that no test's cookies change.
 */
async function mailboxToken(): Promise<string> {
  adminToken ??= (async () => {
    const own = await requests.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8010}` });
    const response = await own.post('/backend/api/v1/sessions/', {
      headers: { 'content-type': 'application/vnd.api+json' },
      data: {
        data: { type: 'sessions', attributes: { email: 'admin@example.com', password: 'demo-pass-1' } },
      },
    });
    expect(response.status(), 'the demo admin logs in to read the mailbox').toBe(201);
    const token = ((await response.json()) as { data: { attributes: { token: string } } }).data.attributes
      .token;
    await own.dispose();
    return token;
  })();
  return adminToken;
}

/** Every email the server captured for `to` (GET /backend/dev/mail/ as an Admin, oldest first). */
export async function mailTo(request: APIRequestContext, to: string): Promise<CapturedMail[]> {
  // Authorization only, no cookie: the request context may be a visitor's, whose session must not change.
  const response = await request.get('/backend/dev/mail/', {
    headers: { authorization: `Token ${await mailboxToken()}` },
  });
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as CapturedMail[];
  return all.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** One attachment of a captured email, opened as its own file (as an Admin, like the list). */
export async function mailAttachment(request: APIRequestContext, mail: CapturedMail, index: number) {
  return request.get(`/backend/dev/mail/${mail.id}/attachments/${index}`, {
    headers: { authorization: `Token ${await mailboxToken()}` },
  });
}

/**
 * Waits for the `count`-th email to `to` and returns the site path of its link to `pathname`
 * (e.g. /confirm-email?uid=..&token=..). The email names the server's public URL, which may be
 * another host name for the same server; the path is what the browser should open.
 */
export async function linkFromMail(
  request: APIRequestContext,
  to: string,
  pathname: string,
  count = 1,
): Promise<string> {
  let mails: CapturedMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailTo(request, to);
        return mails.length;
      },
      { message: `email ${count} to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  const mail = mails[count - 1];
  const match = mail?.text.match(new RegExp(`https?://\\S+${pathname}\\?\\S+`));
  expect(match, `a ${pathname} link in "${mail?.subject}"`).toBeTruthy();
  const url = new URL(match?.[0] ?? '');
  return `${url.pathname}${url.search}`;
}
