import type { DotColour } from '@/components/status-dot';

const words = (value: string) => {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Spec §4: complete green, pending yellow, any other status red. */
export function bookingStatusDot(status: string): { colour: DotColour; label: string } {
  const colour: DotColour = status === 'complete' ? 'green' : status === 'pending' ? 'yellow' : 'red';
  return { colour, label: words(status) };
}

/** Spec §4: unpaid grey, paid green, refunded red. */
export function paymentStatusDot(paymentStatus: string): { colour: DotColour; label: string } {
  const colour: DotColour = paymentStatus === 'paid' ? 'green' : paymentStatus === 'refunded' ? 'red' : 'grey';
  return { colour, label: words(paymentStatus) };
}
