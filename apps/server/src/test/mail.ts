/** Reading the account emails a test server captured: the last one to an address, and its link. */
import type { MailMessage } from '../mail/mailer';
import type { TestServer } from './server';

export function mailTo(server: TestServer, to: string): MailMessage[] {
  return server.mail.filter((message) => message.to === to);
}

export function lastMailTo(server: TestServer, to: string): MailMessage {
  const message = mailTo(server, to).at(-1);
  if (!message)
    throw new Error(`No email to ${to}; sent: ${server.mail.map((m) => m.to).join(', ') || 'none'}`);
  return message;
}

/** The first link to the public site in a message's plain text. */
export function linkIn(message: MailMessage, base = 'https://parking.test'): URL {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/\\S+`).exec(message.text);
  if (!match) throw new Error(`No link in: ${message.text}`);
  return new URL(match[0]);
}

/** uid and token from an emailed link, as the confirm-email and set-password pages read them. */
export function tokenIn(message: MailMessage): { uid: string; token: string; url: URL } {
  const url = linkIn(message);
  const uid = url.searchParams.get('uid');
  const token = url.searchParams.get('token');
  if (!uid || !token) throw new Error(`Link without uid and token: ${url.href}`);
  return { uid, token, url };
}
