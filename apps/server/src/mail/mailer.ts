/**
 * Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise every message is captured
 * as a JSON file under data/mail/ so that development and tests can read what was sent.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an inline image the HTML shows as <img src="cid:...">. */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** An attachment as captured: its bytes in base64 so that the JSON file holds the whole message. */
export interface CapturedAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  size: number;
  contentBase64: string;
}

export interface CapturedMail extends Omit<MailMessage, 'attachments'> {
  id: string;
  date: string;
  /** The sender (MAIL_FROM), for the mailbox page; messages captured before it was kept have none. */
  from?: string;
  attachments: CapturedAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  /** Connecting, the greeting and each exchange with the SMTP server (default 15 s). */
  timeoutMs?: number;
  from: string;
  mailDir: string;
}): Mailer {
  if (options.smtpUrl) {
    // A mail server that accepts connections and never answers must not hold a job for long (nodemailer's
    // defaults wait up to ten minutes): the job fails and is retried later.
    const timeoutMs = options.timeoutMs ?? 15_000;
    // nodemailer reads its options from the URL's query; an operator's own value there wins.
    const url = new URL(options.smtpUrl);
    for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
      if (!url.searchParams.has(option)) url.searchParams.set(option, String(timeoutMs));
    const transport = nodemailer.createTransport(url.href);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // jsonTransport builds the message as a real send would (addresses, encodings) without a server.
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      // nodemailer rewrites the attachments it is given (content to base64 text): hand it copies.
      await transport.sendMail({
        from: options.from,
        ...message,
        attachments: message.attachments?.map((file) => ({ ...file })),
      });
      const date = new Date();
      const id = `${date.getTime().toString().padStart(15, '0')}-${randomUUID()}`;
      const { attachments = [], ...rest } = message;
      const captured: CapturedMail = {
        id,
        date: date.toISOString(),
        from: options.from,
        ...rest,
        attachments: attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          ...(file.cid ? { cid: file.cid } : {}),
          size: file.content.length,
          contentBase64: file.content.toString('base64'),
        })),
      };
      mkdirSync(options.mailDir, { recursive: true });
      writeFileSync(join(options.mailDir, `${id}.json`), JSON.stringify(captured, null, 2));
    },
  };
}

/** Captured messages, oldest first. */
export function listCapturedMail(mailDir: string): CapturedMail[] {
  let names: string[];
  try {
    names = readdirSync(mailDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const mail = JSON.parse(readFileSync(join(mailDir, name), 'utf8')) as CapturedMail;
    // Messages captured before attachments were kept have none.
    return { ...mail, attachments: mail.attachments ?? [] };
  });
}
