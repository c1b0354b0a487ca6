import { describe, expect, it } from 'vitest';
import {
  blockoutFormSchema,
  blockoutPayload,
  busTripFormSchema,
  exceptionalDayFormSchema,
  extraFormSchema,
  firstProblem,
  flightBusTrip,
  flightFormSchema,
  flightPayload,
  longStayRatesSchema,
  lotFormSchema,
  perLotRows,
  rateDayFormSchema,
  regionFormSchema,
  variationPriceSchema,
} from './settings-forms';

/** The first message per field: what the form shows beside it. */
const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
};

const lot = {
  name: 'Valet',
  slug: 'valet',
  productCodename: 'unlimited_valet_parking',
  lotType: 'indoor',
  spaces: '20',
  fillRateThreshold: '',
  subscriptionParkingDiscount: '100',
  slotCapacity: '',
};

describe('lot form (back-office §5)', () => {
  it('requires name, slug, product codename and type; spaces above 0', () => {
    expect(
      messagesOf(
        lotFormSchema.safeParse({
          name: '',
          slug: '',
          productCodename: ' ',
          lotType: '',
          spaces: '0',
          fillRateThreshold: '',
          subscriptionParkingDiscount: '100',
          slotCapacity: '0',
        }),
      ),
    ).toEqual({
      name: 'This field is required.',
      slug: 'This field is required.',
      productCodename: 'This field is required.',
      lotType: 'This field is required.',
      spaces: 'Must be a number greater than 0',
      slotCapacity: 'Must be a number greater than 0',
    });
  });

  it('takes an optional fill rate threshold between 0 and 1, and the subscription share as a percent', () => {
    expect(lotFormSchema.parse(lot)).toEqual({
      ...lot,
      spaces: 20,
      fillRateThreshold: null,
      subscriptionParkingDiscount: '1',
      slotCapacity: null,
    });
    // Cars per 15-minute slot (issue 24): blank is unlimited, else a whole number above 0.
    expect(lotFormSchema.parse({ ...lot, slotCapacity: '12' })).toMatchObject({ slotCapacity: 12 });
    expect(messagesOf(lotFormSchema.safeParse({ ...lot, slotCapacity: '2.5' }))).toEqual({
      slotCapacity: 'Must be a number greater than 0',
    });
    expect(
      lotFormSchema.parse({ ...lot, fillRateThreshold: '0.9', subscriptionParkingDiscount: '50' }),
    ).toMatchObject({ fillRateThreshold: '0.9', subscriptionParkingDiscount: '0.5' });
    expect(messagesOf(lotFormSchema.safeParse({ ...lot, fillRateThreshold: '1.1' }))).toEqual({
      fillRateThreshold: 'Must be a number between 0 and 1',
    });
    expect(messagesOf(lotFormSchema.safeParse({ ...lot, fillRateThreshold: 'full' }))).toEqual({
      fillRateThreshold: 'Must be a number between 0 and 1',
    });
    expect(messagesOf(lotFormSchema.safeParse({ ...lot, slug: 'Valet Lot' }))).toEqual({
      slug: 'Use lower-case letters, digits and hyphens.',
    });
  });

  it('regions: a name and rows above 0', () => {
    expect(messagesOf(regionFormSchema.safeParse({ name: '', rows: '' }))).toEqual({
      name: 'This field is required.',
      rows: 'Must be a number greater than 0',
    });
    expect(regionFormSchema.parse({ name: 'Level 4', rows: '6' })).toEqual({ name: 'Level 4', rows: 6 });
  });
});

describe('flight form', () => {
  const flight = {
    airline: '3',
    service: 'weekday',
    departure: true,
    flightNumber: 'QF1',
    flightLabel: '',
    time: '06:00',
    busTrip: '8',
  };

  it('requires airline, timetable, flight number and time', () => {
    expect(
      messagesOf(
        flightFormSchema.safeParse({ ...flight, airline: '', service: '', flightNumber: '', time: '' }),
      ),
    ).toEqual({
      airline: 'This field is required.',
      service: 'This field is required.',
      flightNumber: 'This field is required.',
      time: 'This field is required.',
    });
  });

  it('sends the bus trip only with a departure', () => {
    const values = flightFormSchema.parse(flight);
    expect(flightPayload(values)).toEqual({
      attributes: {
        flightNumber: 'QF1',
        flightLabel: '',
        time: '06:00:00',
        departure: true,
        service: 'weekday',
      },
      airline: '3',
      busTrip: '8',
    });
    expect(flightPayload(flightFormSchema.parse({ ...flight, departure: false })).busTrip).toBeNull();
    expect(flightPayload(flightFormSchema.parse({ ...flight, busTrip: '' })).busTrip).toBeNull();
  });

  it('clears the bus trip when the flight stops being a departure or changes timetable (back-office §4)', () => {
    const before = { service: 'weekday', departure: true, busTrip: '8' };
    expect(flightBusTrip(before, { ...before, departure: false })).toBe('');
    expect(flightBusTrip(before, { ...before, service: 'weekend' })).toBe('');
    expect(flightBusTrip(before, { ...before, busTrip: '9' })).toBe('9');
    expect(flightBusTrip(before, before)).toBe('8');
  });

  it('bus trips: timetable and time required, stored HH:mm:ss', () => {
    expect(messagesOf(busTripFormSchema.safeParse({ service: '', departureTime: '' }))).toEqual({
      service: 'This field is required.',
      departureTime: 'This field is required.',
    });
    expect(busTripFormSchema.parse({ service: 'weekend', departureTime: '05:30' })).toEqual({
      service: 'weekend',
      departureTime: '05:30:00',
    });
  });
});

describe('extras and their prices', () => {
  it('requires name and base price; visible and available unless switched off', () => {
    expect(
      messagesOf(
        extraFormSchema.safeParse({
          name: '',
          description: '',
          extraType: 'detailing',
          basePrice: '',
          available: true,
          public: true,
        }),
      ),
    ).toEqual({
      name: 'This field is required.',
      basePrice: 'This field is required.',
    });
    expect(
      extraFormSchema.parse({
        name: 'Wash',
        description: '',
        extraType: 'detailing',
        basePrice: '30',
        available: true,
        public: false,
      }),
    ).toMatchObject({ basePrice: '30.00', public: false });
  });

  it('a variation price is a required amount', () => {
    expect(firstProblem(variationPriceSchema, '')).toBe('This field is required.');
    expect(firstProblem(variationPriceSchema, '12.345')).toBe('Enter a valid amount.');
    expect(firstProblem(variationPriceSchema, '45')).toBeUndefined();
    expect(variationPriceSchema.parse('45')).toBe('45.00');
  });
});

describe('rates and exceptional days', () => {
  it('a rate day needs days above 0 and a rate for each lot', () => {
    expect(
      messagesOf(rateDayFormSchema.safeParse({ days: '0', rates: [{ id: '', lot: '1', rate: '' }] })),
    ).toEqual({
      days: 'Must be a number greater than 0',
      'rates.0.rate': 'This field is required.',
    });
    expect(rateDayFormSchema.parse({ days: '15', rates: [{ id: '4', lot: '1', rate: '190' }] })).toEqual({
      days: 15,
      rates: [{ id: '4', lot: '1', rate: '190.00' }],
    });
    expect(
      messagesOf(longStayRatesSchema.safeParse({ rates: [{ id: '1', lot: '1', rate: 'ten' }] })),
    ).toEqual({ 'rates.0.rate': 'Enter a valid amount.' });
  });

  it('an exceptional day needs a name, a real date and a surcharge per lot', () => {
    expect(
      messagesOf(
        exceptionalDayFormSchema.safeParse({
          name: '',
          date: '',
          surcharges: [{ id: '', lot: '1', surcharge: '' }],
          unavailableExtras: [],
        }),
      ),
    ).toEqual({
      name: 'This field is required.',
      date: 'This field is required.',
      'surcharges.0.surcharge': 'This field is required.',
    });
  });

  it('lays out one row per lot, sorted by lot name, with the stored amount or the fallback', () => {
    const lots = [
      { id: '2', name: 'Outdoor' },
      { id: '1', name: 'Indoor' },
      { id: '3', name: 'Covered' },
    ];
    expect(perLotRows(lots, [{ id: '9', lot: '2', amount: '15.00' }], '0.00')).toEqual([
      { id: '', lot: '3', amount: '0.00' },
      { id: '', lot: '1', amount: '0.00' },
      { id: '9', lot: '2', amount: '15.00' },
    ]);
  });
});

describe('blockout form', () => {
  const blockout = {
    name: 'Works',
    message: '',
    startDatetime: '2026-12-01T08:00',
    endDatetime: '2026-12-01T17:00',
    blockType: 'extra',
    extras: ['4', '5'],
  };

  it('requires name, start, end and type, the end after the start', () => {
    expect(
      messagesOf(blockoutFormSchema.safeParse({ ...blockout, name: '', startDatetime: '', blockType: '' })),
    ).toEqual({
      name: 'This field is required.',
      startDatetime: 'This field is required.',
      blockType: 'This field is required.',
    });
    expect(
      messagesOf(blockoutFormSchema.safeParse({ ...blockout, endDatetime: '2026-12-01T08:00' })),
    ).toEqual({ endDatetime: 'Date must be after the start date' });
  });

  it('gives instants in the business zone, and extras only to an extra blockout', () => {
    const payload = blockoutPayload(blockoutFormSchema.parse(blockout), 'Australia/Hobart');
    // Hobart is UTC+11 in December (daylight saving).
    expect(payload.attributes).toEqual({
      name: 'Works',
      message: '',
      startDatetime: '2026-11-30T21:00:00.000Z',
      endDatetime: '2026-12-01T06:00:00.000Z',
      blockType: 'extra',
    });
    expect(payload.extras).toEqual(['4', '5']);
    expect(
      blockoutPayload(blockoutFormSchema.parse({ ...blockout, blockType: 'online_form' }), 'Australia/Hobart')
        .extras,
    ).toEqual([]);
  });
});
