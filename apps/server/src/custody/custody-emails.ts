/**
 * The custody emails (issue 23): "your car is parked" with the check-in record and its photos, and
 * "your car has been handed back" with the kilometres driven in our care. Fluid: one column, at most
 * 560 px wide, photos scaled to the width of the phone reading them.
 */
import { escapeHtml as escape } from '@parking/domain/html';
import { CAR_AREA_LABELS, type DamageMark } from '@parking/domain/custody';
import { businessLocalDatetime, formatDateShort, formatTime12 } from '@parking/domain/dates';
import type { MailAttachment, MailMessage } from '../mail/mailer';

export interface CustodyMail {
  to: string;
  siteName: string;
  firstName: string;
  bookingCode: string;
  rego: string;
  lotName: string;
  at: Date;
  fuelLevel: string;
  damage: readonly DamageMark[];
  kilometersIn: number | null;
  kilometersOut: number | null;
  kilometersDriven: number | null;
  /** JPEG bytes of the check-in photos (attached inline, shown in the message). */
  photos: readonly Buffer[];
  manageUrl: string;
  timeZone: string;
}

/** "dd/mm/yyyy h:mm am" in the business's time zone (public-site §9). */
export function when(instant: Date, timeZone: string): string {
  const [date = '', time = ''] = businessLocalDatetime(instant, timeZone).split('T');
  return `${formatDateShort(date)} ${formatTime12(time)}`;
}

const km = (value: number | null) =>
  value === null ? 'Not recorded' : `${value.toLocaleString('en-AU')} km`;

function damageSummary(damage: readonly DamageMark[]): string {
  if (damage.length === 0) return 'None recorded';
  return damage
    .map((mark) => `${CAR_AREA_LABELS[mark.area]}${mark.note ? ` (${mark.note})` : ''}`)
    .join(', ');
}

/** A one-column message: heading, paragraph, label/value rows, photos and one button (also the flight emails'). */
export function compose(
  mail: Pick<CustodyMail, 'to' | 'siteName' | 'manageUrl'>,
  subject: string,
  heading: string,
  paragraph: string,
  rows: Array<[string, string]>,
  attachments: MailAttachment[],
  actionLabel = 'See your car’s record',
): MailMessage {
  const action = { label: actionLabel, url: mail.manageUrl };
  const text = [
    heading,
    '',
    paragraph,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(attachments.length
      ? ['', `${attachments.length} photo${attachments.length === 1 ? '' : 's'} attached.`]
      : []),
    '',
    `${action.label}: ${action.url}`,
    '',
    mail.siteName,
  ].join('\n');
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52606d;vertical-align:top">${escape(label)}</td><td style="padding:4px 0;font-weight:bold">${escape(value)}</td></tr>`,
    )
    .join('');
  const images = attachments
    .map(
      (photo, index) =>
        `<img src="cid:${escape(photo.cid ?? '')}" alt="Photo ${index + 1} of your car" width="496" style="display:block;width:100%;max-width:100%;height:auto;border-radius:8px;margin:0 0 12px">`,
    )
    .join('');
  const html = `<!doctype html><html lang="en-AU"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1c2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:24px">
<tr><td><p style="margin:0 0 24px;font-weight:bold;color:#0b3a66">${escape(mail.siteName)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1><p style="margin:0 0 16px">${escape(paragraph)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${table}</table>${images}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#0b3a66;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: mail.to, subject, text, html, attachments };
}

export function carParkedMessage(mail: CustodyMail): MailMessage {
  const attachments = mail.photos.map((bytes, index) => ({
    filename: `car-photo-${index + 1}.jpg`,
    contentType: 'image/jpeg',
    content: bytes,
    cid: `custody-photo-${index + 1}@parking`,
  }));
  return compose(
    mail,
    `Your car is parked: booking ${mail.bookingCode}`,
    `Your car is parked${mail.firstName ? `, ${mail.firstName}` : ''}`,
    'We have checked your car in and parked it. This is what we recorded when we took it.',
    [
      ['Booking code', mail.bookingCode],
      ['Rego', mail.rego],
      ['Car park', mail.lotName],
      ['Checked in', when(mail.at, mail.timeZone)],
      ['Fuel level', mail.fuelLevel || 'Not recorded'],
      ['Damage', damageSummary(mail.damage)],
      ['Kilometres', km(mail.kilometersIn)],
    ],
    attachments,
  );
}

export function carHandedBackMessage(mail: CustodyMail): MailMessage {
  return compose(
    mail,
    `Your car has been handed back: booking ${mail.bookingCode}`,
    `Your car has been handed back${mail.firstName ? `, ${mail.firstName}` : ''}`,
    'Thank you for parking with us. This is the record of your car while we held it.',
    [
      ['Booking code', mail.bookingCode],
      ['Rego', mail.rego],
      ['Handed back', when(mail.at, mail.timeZone)],
      ['Kilometres in', km(mail.kilometersIn)],
      ['Kilometres out', km(mail.kilometersOut)],
      [
        'Driven in our care',
        mail.kilometersDriven === null
          ? 'Not recorded'
          : `${mail.kilometersDriven.toLocaleString('en-AU')} km`,
      ],
    ],
    [],
  );
}
