/**
 * Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise every message is captured
 * as a JSON file under data/mail/ so that development and tests can read what was sent.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface CapturedMail extends MailMessage {
  id: string;
  date: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; mailDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
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
      await transport.sendMail({ from: options.from, ...message });
      const date = new Date();
      const id = `${date.getTime().toString().padStart(15, '0')}-${randomUUID()}`;
      const captured: CapturedMail = { id, date: date.toISOString(), ...message };
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
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(join(mailDir, name), 'utf8')) as CapturedMail);
}
