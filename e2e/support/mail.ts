import { expect, type APIRequestContext } from '@playwright/test';

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

/** Every email the server captured for `to` (GET /backend/dev/mail/, oldest first). */
export async function mailTo(request: APIRequestContext, to: string): Promise<CapturedMail[]> {
  const response = await request.get('/backend/dev/mail/');
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as CapturedMail[];
  return all.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
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
    .poll(async () => {
      mails = await mailTo(request, to);
      return mails.length;
    }, { message: `email ${count} to ${to}` })
    .toBeGreaterThanOrEqual(count);
  const mail = mails[count - 1];
  const match = mail?.text.match(new RegExp(`https?://\\S+${pathname}\\?\\S+`));
  expect(match, `a ${pathname} link in "${mail?.subject}"`).toBeTruthy();
  const url = new URL(match?.[0] ?? '');
  return `${url.pathname}${url.search}`;
}
