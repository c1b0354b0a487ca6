/**
 * The diary's pick-up row of a late flight (issue 24): at the new time, with "Delayed +2 h 10 min" and the
 * time booked; a cancelled flight says so; a departing row shows nothing of the arrival.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { IncludedIndex, type Resource } from '@/lib/api/jsonapi';
import { renderWithProviders } from '@/test/render';
import { FlightNote } from './diary-cells';
import { diaryRows } from './diary-rows';
import { FlightDelayDialog } from './flight-delay-dialog';

const TZ = 'Australia/Hobart';

const BASE: BookingAttributes = {
  bookingCode: 'FLT12345',
  status: 'complete',
  bookingType: 'New',
  title: 'Ms',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '0400 123 456',
  email: 'ada@example.com',
  business: '',
  rego: 'FLT1',
  make: 'Toyota',
  model: 'Corolla',
  colour: 'White',
  startDatetime: '2026-12-08T23:00:00.000Z',
  endDatetime: '2026-12-10T07:10:00.000Z',
  busDepartureTime: '09:00:00',
  passengersOut: 1,
  passengersIn: 1,
  flightNumberOut: 'QF1502',
  flightNumberIn: 'QF1511',
  lotRegionRow: null,
  parkingCost: '40.00',
  extrasCost: '0.00',
  extrasPrices: {},
  discountRate: '0',
  promoCode: '',
  amountDiscounted: '0.00',
  subscriptionDiscount: '0.00',
  totalCost: '40.00',
  amountPaid: '40.00',
  paymentMethod: 'stripe',
  paymentStatus: 'paid',
  paymentDatetime: null,
  stripeComplete: true,
  hadSubscription: false,
  publicNotes: '',
  created: '2026-11-20T00:00:00.000Z',
  timeParked: null,
  custodyStatus: 'awaiting',
  bookedEndDatetime: '2026-12-10T05:00:00.000Z',
  flightStatus: 'delayed',
  flightDelayMinutes: 130,
  flightMoveProblem: null,
  returnBusTime: '18:10:00',
};

const booking = (attributes: Partial<BookingAttributes>): Resource<BookingAttributes> => ({
  type: 'bookings',
  id: '7',
  attributes: { ...BASE, ...attributes },
  relationships: {},
});

describe('the diary and a late flight home', () => {
  it('puts the pick-up at the new time and says "Delayed +2 h 10 min", was the time booked', () => {
    const [row] = diaryRows([booking({})], new IncludedIndex(), '2026-12-10', TZ);
    expect(row).toMatchObject({ direction: 'arriving', time: '18:10' });
    if (!row) throw new Error('no row');
    renderWithProviders(<FlightNote row={row} />);
    expect(screen.getByText('Delayed +2 h 10 min')).toBeInTheDocument();
    expect(screen.getByText('now 6:10 pm, was 4:00 pm')).toBeInTheDocument();
  });

  it('says a cancelled flight, and why a move fell short', () => {
    const [cancelled] = diaryRows(
      [
        booking({
          flightStatus: 'cancelled',
          endDatetime: '2026-12-10T05:00:00.000Z',
          flightDelayMinutes: 0,
        }),
      ],
      new IncludedIndex(),
      '2026-12-10',
      TZ,
    );
    if (!cancelled) throw new Error('no row');
    const { unmount } = renderWithProviders(<FlightNote row={cancelled} />);
    expect(screen.getByText('Flight cancelled')).toBeInTheDocument();
    unmount();
    const [full] = diaryRows(
      [
        booking({
          endDatetime: '2026-12-10T05:00:00.000Z',
          flightMoveProblem: 'lot_full',
          flightDelayMinutes: 180,
        }),
      ],
      new IncludedIndex(),
      '2026-12-10',
      TZ,
    );
    if (!full) throw new Error('no row');
    renderWithProviders(<FlightNote row={full} />);
    expect(screen.getByText(/not moved: the car park is full/)).toBeInTheDocument();
  });

  it('gives the time booked in the dialog as the diary does, 4:00 pm, not 16:00 (issue 40)', async () => {
    const [row] = diaryRows([booking({})], new IncludedIndex(), '2026-12-10', TZ);
    if (!row) throw new Error('no row');
    renderWithProviders(<FlightDelayDialog row={row} onClose={() => undefined} />);
    expect(await screen.findByText(/pick-up booked for 4:00 pm$/)).toBeInTheDocument();
    expect(screen.queryByText(/16:00/)).not.toBeInTheDocument();
  });

  it('shows nothing of the arrival on the drop-off row', () => {
    const [row] = diaryRows([booking({})], new IncludedIndex(), '2026-12-09', TZ);
    expect(row).toMatchObject({ direction: 'departing', flight: null });
  });
});
