/** The account emails: plain text first, with a simple HTML version of the same words. */
import { escapeHtml as escape } from '@parking/domain/html';
import type { MailMessage } from './mailer';

const SITE = 'SkyPark Airport Parking';

export interface Action {
  label: string;
  url: string;
}

function actionHtml(action: Action): string {
  return `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b3a66;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d;overflow-wrap:anywhere;word-break:break-all">If the button does not work, copy this address into your browser:<br>${escape(action.url)}</p>`;
}

function secondaryHtml(link: Action): string {
  return `<p style="margin:16px 0 0;font-size:14px"><a href="${escape(link.url)}" style="color:#0b3a66">${escape(link.label)}</a></p>`;
}

function layout(
  heading: string,
  paragraphs: string[],
  action: Action | undefined,
  secondary: Action | undefined,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1c2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:24px">
<tr><td><p style="margin:0 0 24px;font-weight:bold;color:#0b3a66">${SITE}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1>${body}${action ? `\n${actionHtml(action)}` : ''}${secondary ? `\n${secondaryHtml(secondary)}` : ''}
</td></tr></table></td></tr></table></body></html>`;
}

/** A message of paragraphs with one button, and optionally a second, quieter link below it. */
export function message(
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  action?: Action,
  secondary?: Action,
): MailMessage {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(secondary ? [`${secondary.label}: ${secondary.url}`, ''] : []),
    SITE,
  ].join('\n');
  return { to, subject, text, html: layout(heading, paragraphs, action, secondary) };
}

export function confirmEmailMessage(to: string, name: string, url: string): MailMessage {
  return message(
    to,
    'Confirm your email address',
    `Welcome${name ? `, ${name}` : ''}`,
    [
      'Thank you for registering with us. Please confirm your email address so that you can see and manage your bookings.',
      'This link expires in 3 days.',
    ],
    { label: 'Confirm my email address', url },
  );
}

export function passwordResetMessage(to: string, url: string): MailMessage {
  return message(
    to,
    'Reset your password',
    'Reset your password',
    [
      'We received a request to reset the password for your account. Choose a new password with the link below.',
      'This link expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function welcomeSetPasswordMessage(to: string, name: string, url: string): MailMessage {
  return message(
    to,
    'Your account is ready',
    `Welcome${name ? `, ${name}` : ''}`,
    [
      'An account has been created for you. Choose a password to log in and manage your bookings.',
      'This link expires in 3 days.',
    ],
    { label: 'Choose my password', url },
  );
}

/** To a login's old address once an Admin has moved the login to another (accounts/user-logins.ts). */
export function loginEmailChangedMessage(
  to: string,
  name: string,
  newEmail: string,
  phone: string,
): MailMessage {
  return message(to, 'Your login email address was changed', `Hello${name ? `, ${name}` : ''}`, [
    `The email address you log in with was changed from ${to} to ${newEmail}. From now on, log in and reset your password with the new address.`,
    `If you did not ask for this change, please call us straight away on ${phone}.`,
  ]);
}
