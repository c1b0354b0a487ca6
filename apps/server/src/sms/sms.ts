/**
 * Text messages to travellers (issue 24: a delayed or cancelled arriving flight), behind one interface like
 * the mail: `twilio` (Twilio's Messages API, when TWILIO_* are set) or `captured` (development and tests:
 * each message written as a JSON file under DATA_DIR/sms/ and listed at /backend/dev/sms/ for Admins, like
 * the captured mailbox). Where neither is configured (production without Twilio) nothing is texted.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SmsMessage {
  /** The traveller's phone number as booked; the adapter puts it in E.164 (+61...). */
  to: string;
  body: string;
}

export interface CapturedSms extends SmsMessage {
  id: string;
  date: string;
}

export interface SmsProvider {
  readonly name: 'twilio' | 'captured';
  send(message: SmsMessage): Promise<void>;
}

/**
 * An Australian number as E.164: "0412 345 678" → "+61412345678"; "+64 21 555 0101" stays as written;
 * null when it is not a phone number a text can go to.
 */
export function toE164(phone: string, countryCode = '61'): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  if (/^00\d{8,15}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^0\d{9}$/.test(compact)) return `+${countryCode}${compact.slice(1)}`;
  return null;
}

export function createCapturedSms(dir: string, clock: () => Date = () => new Date()): SmsProvider {
  return {
    name: 'captured',
    async send(message) {
      const date = clock();
      const id = `${date.getTime().toString().padStart(15, '0')}-${randomUUID()}`;
      const captured: CapturedSms = { id, date: date.toISOString(), ...message };
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${id}.json`), JSON.stringify(captured, null, 2));
      return Promise.resolve();
    },
  };
}

/** Captured texts, oldest first. */
export function listCapturedSms(dir: string): CapturedSms[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CapturedSms);
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number (+61...) or an alphanumeric sender id. */
  from: string;
  /** https://api.twilio.com, or another address answering the same API (tests). */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
export function createTwilioSms(options: TwilioOptions): SmsProvider {
  const post = options.fetch ?? fetch;
  return {
    name: 'twilio',
    async send(message) {
      const to = toE164(message.to);
      if (!to) return;
      const url = new URL(
        `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        options.baseUrl,
      );
      const response = await post(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: options.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
    },
  };
}
