import {
  STAY_PHASE_LABELS,
  stayPhase,
  type StayPhase,
  type StayPhaseInput,
} from '@parking/domain/stay-phase';
import { PART_PAID_LABEL, paymentStatusLabel } from '@parking/domain/payment-labels';
import type { DotColour } from '@/components/status-dot';

const words = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Public-site §4: complete green, pending yellow, any other status red. */
export function bookingStatusDot(status: string): { colour: DotColour; label: string } {
  const colour: DotColour = status === 'complete' ? 'green' : status === 'pending' ? 'yellow' : 'red';
  return { colour, label: words(status) };
}

/**
 * Public-site §4: unpaid grey, paid green, refunded red; given what has been paid, an unpaid booking with money
 * paid towards it (paid, then changed to cost more) is "Part paid" in yellow, not "Unpaid".
 */
export function paymentStatusDot(
  paymentStatus: string,
  amountPaid?: string | null,
): { colour: DotColour; label: string } {
  const label = paymentStatusLabel(paymentStatus, amountPaid);
  const colour: DotColour =
    paymentStatus === 'paid'
      ? 'green'
      : paymentStatus === 'refunded'
        ? 'red'
        : label === PART_PAID_LABEL
          ? 'yellow'
          : 'grey';
  return { colour, label: label === paymentStatus ? words(paymentStatus) : label };
}

const PHASE_COLOURS: Record<StayPhase, DotColour> = { upcoming: 'green', parked: 'blue', past: 'grey' };

/**
 * A traveller's view of their booking (My Bookings): a confirmed booking by where the stay stands
 * (Upcoming, Parked now, Past); any other status as the spec shows it (Pending, Cancelled...).
 */
export function travellerStatusDot(
  booking: Omit<StayPhaseInput, 'startDatetime'> & { startDatetime: string | null },
  now: Date,
): { colour: DotColour; label: string } {
  const { startDatetime } = booking;
  const phase = startDatetime === null ? null : stayPhase({ ...booking, startDatetime }, now);
  return phase
    ? { colour: PHASE_COLOURS[phase], label: STAY_PHASE_LABELS[phase] }
    : bookingStatusDot(booking.status);
}
