import type { Config } from '../config/config';
import { createCapturedSms, createTwilioSms, type SmsProvider } from './sms';

/** The configured text-message provider, or null where none is (production without Twilio). */
export function createSmsProvider(config: Config): SmsProvider | null {
  const sms = config.sms;
  if (sms.provider === 'none') return null;
  if (sms.provider === 'twilio') return createTwilioSms(sms);
  if (config.env === 'production') throw new Error('The captured SMS outbox cannot run in production');
  return createCapturedSms(sms.dir);
}
