/**
 * The traveller's messages when their arriving flight changes (issue 24): late, so the pick-up moved at no
 * charge and the car will be ready when they land; or cancelled, so they should tell us their new flight.
 */
import { formatDelay } from '@parking/domain/flight-delay-format';
import { compose, when as flightWhen } from '../custody/custody-emails';
import type { MailMessage } from '../mail/mailer';

export interface FlightMail {
  to: string;
  siteName: string;
  sitePhone: string;
  firstName: string;
  bookingCode: string;
  flightNumber: string;
  lotName: string;
  /** The pick-up as booked and as moved. */
  bookedPickUp: Date;
  pickUp: Date;
  delayMinutes: number;
  /** The move stopped short of the delay: at the free cap, or the lot had no room for the day it adds. */
  problem: 'capped' | 'lot_full' | null;
  manageUrl: string;
  timeZone: string;
}

function shortfall(mail: FlightMail): string {
  if (mail.problem === 'capped')
    return ` Your flight is later than the time we move a pick-up for free; please call us on ${mail.sitePhone} about the rest.`;
  if (mail.problem === 'lot_full')
    return ` The car park is full on the day your flight now lands, so we could not move your pick-up; please call us on ${mail.sitePhone}.`;
  return '';
}

export function flightDelayedMessage(mail: FlightMail): MailMessage {
  if (mail.delayMinutes === 0)
    return compose(
      mail,
      `Your flight ${mail.flightNumber} is on time: pick-up as booked (booking ${mail.bookingCode})`,
      `Your flight is on time${mail.firstName ? `, ${mail.firstName}` : ''}`,
      `Your flight ${mail.flightNumber} is on time again, so your pick-up and the shuttle bus are back to the time you booked.`,
      [
        ['Booking code', mail.bookingCode],
        ['Pick-up and bus', flightWhen(mail.pickUp, mail.timeZone)],
        ['Car park', mail.lotName],
      ],
      [],
      'See your booking',
    );
  const moved = mail.pickUp.getTime() !== mail.bookedPickUp.getTime();
  return compose(
    mail,
    `Your flight ${mail.flightNumber} is late: your car will be ready when you land (booking ${mail.bookingCode})`,
    `Your car will be ready when you land${mail.firstName ? `, ${mail.firstName}` : ''}`,
    `Your flight ${mail.flightNumber} is running ${formatDelay(mail.delayMinutes).slice(1)} late. ${
      moved
        ? 'We have moved your pick-up and the shuttle bus to meet it, at no charge: your car will be ready when you land.'
        : 'Your pick-up stays as booked.'
    }${shortfall(mail)}`,
    [
      ['Booking code', mail.bookingCode],
      ['Flight', mail.flightNumber],
      ['Delay', formatDelay(mail.delayMinutes)],
      ['Pick-up as booked', flightWhen(mail.bookedPickUp, mail.timeZone)],
      ['New pick-up and bus', flightWhen(mail.pickUp, mail.timeZone)],
      ['Car park', mail.lotName],
      ['Extra charge', 'None'],
    ],
    [],
    'See your booking',
  );
}

export function flightCancelledMessage(mail: FlightMail): MailMessage {
  return compose(
    mail,
    `Your flight ${mail.flightNumber} has been cancelled (booking ${mail.bookingCode})`,
    `Your flight home has been cancelled${mail.firstName ? `, ${mail.firstName}` : ''}`,
    `We have heard that your flight ${mail.flightNumber} was cancelled. Your car is safe with us and nothing has been charged. When you know your new flight, change your booking online or call us on ${mail.sitePhone}, and we will have your car ready.`,
    [
      ['Booking code', mail.bookingCode],
      ['Flight', mail.flightNumber],
      ['Pick-up as booked', flightWhen(mail.bookedPickUp, mail.timeZone)],
      ['Car park', mail.lotName],
    ],
    [],
    'See your booking',
  );
}

/** The text message: short, the new time and the booking code. */
export function flightSmsBody(mail: FlightMail, state: 'delayed' | 'cancelled'): string {
  if (mail.delayMinutes === 0 && state === 'delayed')
    return `${mail.siteName}: flight ${mail.flightNumber} is on time; pick-up as booked, ${flightWhen(mail.pickUp, mail.timeZone)} (booking ${mail.bookingCode}).`;
  if (state === 'cancelled')
    return `${mail.siteName}: flight ${mail.flightNumber} is cancelled. Your car is safe and nothing is charged; tell us your new flight (booking ${mail.bookingCode}, ${mail.sitePhone}).`;
  return `${mail.siteName}: flight ${mail.flightNumber} is ${formatDelay(mail.delayMinutes).slice(1)} late. Your car will be ready when you land: pick-up now ${flightWhen(mail.pickUp, mail.timeZone)}, no charge (booking ${mail.bookingCode}).${shortfall(mail)}`;
}
