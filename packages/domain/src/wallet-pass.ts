/**
 * The wallet pass that follows the car (issue 41): what an Apple Wallet pass and a Google Wallet object show,
 * derived by one pure function from the booking, its custody record and the bring-up board's card. The server
 * builds both passes from this answer (wallet/), so that the two wallets never disagree with each other or with
 * the desk.
 */
import { bringUpLabel, type BringUp } from './bring-up';
import { businessLocalDatetime } from './dates';

/** What the pass shows of the bring-up board's card (./bring-up.ts: its status machine and every step's record). */
export type WalletBringUp = Pick<BringUp, 'state' | 'bay' | 'bringingBy'>;

/** The custody record's state as the pass shows it (custody/custody-record.ts). */
export interface WalletCustody {
  status: 'awaiting' | 'parked' | 'handed_back';
  /** Where the car is parked now ("Row 4, Covered"), once checked in. */
  place: string | null;
  /** When it was last moved after its check-in; null when it has not been. */
  movedAt: Date | null;
  /** The custody record's page (the manage link's page), shown on the back of the pass. */
  recordUrl: string | null;
}

export interface WalletPassInput {
  bookingCode: string;
  /** The booking's status: a cancelled booking's pass is voided. */
  bookingStatus: string;
  lotName: string;
  dropOff: Date;
  pickUp: Date | null;
  /** The shuttle to the terminal after drop-off, 'HH:mm:ss', or null when none. */
  shuttleOut: string | null;
  /** The shuttle meeting the arriving flight, 'HH:mm:ss', or null when none. */
  shuttleBack: string | null;
  rego: string;
  custody: WalletCustody;
  bringUp: WalletBringUp | undefined;
  timeZone: string;
}

export type WalletPassState = 'booked' | 'parked' | 'bringing' | 'ready' | 'handed_back' | 'cancelled';

export interface WalletPassField {
  key: string;
  label: string;
  value: string;
}

export interface WalletPassContent {
  state: WalletPassState;
  /** A voided pass stays in the wallet greyed out and is no longer offered at the kerb. */
  voided: boolean;
  /** What the front says first: "Booked", "Being brought up by Jack", "Ready at bay 3". */
  headline: string;
  /** The QR code's message: the booking code, as the desk asks for it. */
  barcode: string;
  /** The front of the pass: status first, then the stay. */
  primary: WalletPassField[];
  secondary: WalletPassField[];
  auxiliary: WalletPassField[];
  /** The back: the custody record's link and where the car is. */
  back: WalletPassField[];
}

/** 'YYYY-MM-DDTHH:mm' as "Sat 5 Dec 2026, 6:30 am": the pass shows the business's local time, as the emails do. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function time12(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function walletDateTime(instant: Date, timeZone: string): string {
  const local = businessLocalDatetime(instant, timeZone);
  const [date = '', time = '00:00'] = local.split('T');
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()] ?? '';
  return `${weekday} ${d} ${MONTHS[mo - 1] ?? ''} ${y}, ${time12(time)}`;
}

function stateOf(input: WalletPassInput): WalletPassState {
  if (input.bookingStatus === 'cancelled') return 'cancelled';
  if (input.custody.status === 'handed_back' || input.bringUp?.state === 'handed_back') return 'handed_back';
  if (input.bringUp?.state === 'ready') return 'ready';
  if (input.bringUp?.state === 'bringing') return 'bringing';
  if (input.custody.status === 'parked') return 'parked';
  return 'booked';
}

function headlineOf(state: WalletPassState, input: WalletPassInput): string {
  switch (state) {
    case 'cancelled':
      return 'Cancelled';
    case 'handed_back':
      return 'Handed back';
    case 'ready':
    case 'bringing':
      // The desk's words for the card (./bring-up.ts): "Ready at bay 3", "Being brought up by Jack".
      return input.bringUp ? bringUpLabel(input.bringUp) : 'Being brought up';
    case 'parked':
      if (input.bringUp?.state === 'asked') return 'Parked: car asked for';
      return input.custody.movedAt ? 'Parked (moved)' : 'Checked in';
    case 'booked':
      return 'Booked';
  }
}

/** The pass's content: a pure function of the booking, its custody and its bring-up card. */
export function walletPassContent(input: WalletPassInput): WalletPassContent {
  const state = stateOf(input);
  const tz = input.timeZone;
  const secondary: WalletPassField[] = [
    { key: 'dropOff', label: 'Drop-off', value: walletDateTime(input.dropOff, tz) },
    {
      key: 'pickUp',
      label: 'Pick-up',
      value: input.pickUp ? walletDateTime(input.pickUp, tz) : 'Open return',
    },
  ];
  // Before drop-off the traveller needs the shuttle out; once the car is parked, the one back.
  const shuttle =
    input.custody.status === 'awaiting' ? input.shuttleOut : (input.shuttleBack ?? input.shuttleOut);
  const auxiliary: WalletPassField[] = [
    { key: 'carPark', label: 'Car park', value: input.lotName },
    { key: 'shuttle', label: 'Shuttle', value: shuttle ? time12(shuttle) : 'None booked' },
    { key: 'rego', label: 'Rego', value: input.rego || 'Not given' },
  ];
  const back: WalletPassField[] = [{ key: 'bookingCode', label: 'Booking code', value: input.bookingCode }];
  if (input.custody.status !== 'awaiting' && input.custody.place)
    back.push({ key: 'place', label: 'Where your car is parked', value: input.custody.place });
  if (input.custody.movedAt)
    back.push({ key: 'moved', label: 'Moved', value: walletDateTime(input.custody.movedAt, tz) });
  if (input.custody.status !== 'awaiting' && input.custody.recordUrl)
    back.push({ key: 'custody', label: 'Custody record', value: input.custody.recordUrl });
  return {
    state,
    voided: state === 'handed_back' || state === 'cancelled',
    headline: headlineOf(state, input),
    barcode: input.bookingCode,
    primary: [{ key: 'status', label: 'Your car', value: headlineOf(state, input) }],
    secondary,
    auxiliary,
    back,
  };
}
