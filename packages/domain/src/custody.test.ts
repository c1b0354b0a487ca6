import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAR_AREAS,
  checkInInputSchema,
  custodyEntryRefusal,
  custodyMessages,
  damageText,
  handBackInputSchema,
  kilometersDriven,
  rowInRegion,
  summariseCustody,
  type CustodyEntry,
} from './custody';
import { fitWithin, sniffPhotoType } from './custody-photos';

const bytes = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 0, minute));
const entry = (
  kind: CustodyEntry['kind'],
  minute: number,
  extra: Partial<CustodyEntry> = {},
): CustodyEntry => ({
  kind,
  at: at(minute),
  lotRegionId: kind === 'handed_back' ? null : 1,
  lotRegionRow: kind === 'handed_back' ? null : 1,
  fuelLevel: '',
  damage: [],
  kilometers: null,
  keyTag: '',
  notes: '',
  ...extra,
});

describe('rowInRegion', () => {
  it('takes rows 1 to the region’s rows and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (rows, row) => {
        expect(rowInRegion(row, rows)).toBe(row >= 1 && row <= rows);
      }),
    );
    expect(rowInRegion(1.5, 3)).toBe(false);
  });
});

describe('kilometersDriven', () => {
  it('is out minus in when out is not less, else unknown', () => {
    fc.assert(
      fc.property(fc.nat(9_999_999), fc.nat(9_999_999), (kmIn, kmOut) => {
        const driven = kilometersDriven(kmIn, kmOut);
        if (kmOut >= kmIn) expect(driven).toBe(kmOut - kmIn);
        else expect(driven).toBeNull();
      }),
    );
    expect(kilometersDriven(null, 10)).toBeNull();
    expect(kilometersDriven(10, null)).toBeNull();
  });
});

describe('summariseCustody', () => {
  it('awaits a check-in, then is parked where the latest move put it, then handed back with the distance', () => {
    expect(summariseCustody([]).status).toBe('awaiting');
    const parked = summariseCustody([
      entry('checked_in', 0, { kilometers: 45_000 }),
      entry('moved', 10, { lotRegionId: 2, lotRegionRow: 4 }),
    ]);
    expect(parked).toMatchObject({ status: 'parked', lotRegionId: 2, lotRegionRow: 4, kilometersIn: 45_000 });
    const back = summariseCustody([
      entry('checked_in', 0, { kilometers: 45_000 }),
      entry('handed_back', 20, { kilometers: 45_012 }),
    ]);
    expect(back).toMatchObject({ status: 'handed_back', kilometersOut: 45_012, kilometersDriven: 12 });
  });

  it('takes a repeated check-in as the correction of the first', () => {
    const summary = summariseCustody([
      entry('checked_in', 0, { kilometers: 100, lotRegionRow: 1 }),
      entry('checked_in', 5, { kilometers: 120, lotRegionRow: 3 }),
    ]);
    expect(summary).toMatchObject({ kilometersIn: 120, lotRegionRow: 3, status: 'parked' });
  });
});

describe('custodyEntryRefusal', () => {
  const now = at(60);
  it('needs a check-in before a move or a hand-back, and nothing after a hand-back', () => {
    const none = summariseCustody([]);
    expect(custodyEntryRefusal(none, { kind: 'moved', at: at(1) }, now)?.message).toBe(
      custodyMessages.notCheckedIn,
    );
    expect(custodyEntryRefusal(none, { kind: 'handed_back', at: at(1) }, now)?.message).toBe(
      custodyMessages.notCheckedIn,
    );
    expect(custodyEntryRefusal(none, { kind: 'checked_in', at: at(1) }, now)).toBeNull();
    const done = summariseCustody([entry('checked_in', 0), entry('handed_back', 5)]);
    for (const kind of ['checked_in', 'moved', 'handed_back'] as const)
      expect(custodyEntryRefusal(done, { kind, at: at(6) }, now)?.message).toBe(
        custodyMessages.alreadyHandedBack,
      );
  });

  it('refuses kilometres out below kilometres in, for any readings', () => {
    fc.assert(
      fc.property(fc.nat(9_999_999), fc.nat(9_999_999), (kmIn, kmOut) => {
        const summary = summariseCustody([entry('checked_in', 0, { kilometers: kmIn })]);
        const refusal = custodyEntryRefusal(
          summary,
          { kind: 'handed_back', at: at(5), kilometers: kmOut },
          now,
        );
        if (kmOut < kmIn)
          expect(refusal).toEqual({ field: 'kilometers', message: custodyMessages.kilometersBelowIn(kmIn) });
        else expect(refusal).toBeNull();
      }),
    );
  });

  it('refuses a time before the check-in, or more than ten minutes ahead of now', () => {
    const summary = summariseCustody([entry('checked_in', 30)]);
    expect(custodyEntryRefusal(summary, { kind: 'moved', at: at(29) }, now)).toEqual({
      field: 'at',
      message: custodyMessages.beforeCheckIn,
    });
    expect(custodyEntryRefusal(summary, { kind: 'moved', at: at(69) }, now)).toBeNull();
    expect(custodyEntryRefusal(summary, { kind: 'moved', at: at(71) }, now)?.message).toBe(
      custodyMessages.inFuture,
    );
    expect(custodyEntryRefusal(summariseCustody([]), { kind: 'checked_in', at: at(80) }, now)?.field).toBe(
      'timeParked',
    );
  });
});

describe('input schemas', () => {
  it('reads a check-in with damage marks, and refuses an area marked twice', () => {
    const parsed = checkInInputSchema.parse({
      lotRegionRow: '3',
      timeParked: '2026-11-24T09:00:00+11:00',
      fuelLevel: '1/2',
      damage: [{ area: 'front', note: ' scratch ' }],
      kilometers: '45000',
      keyTag: 'K12',
    });
    expect(parsed).toMatchObject({
      lotRegionRow: 3,
      kilometers: 45_000,
      damage: [{ area: 'front', note: 'scratch' }],
    });
    const twice = checkInInputSchema.safeParse({
      lotRegionRow: 1,
      timeParked: '2026-11-24T09:00:00+11:00',
      damage: [{ area: 'roof' }, { area: 'roof' }],
    });
    expect(twice.success).toBe(false);
    expect(
      checkInInputSchema.safeParse({ lotRegionRow: 0, timeParked: '2026-11-24T09:00:00Z' }).success,
    ).toBe(false);
  });

  it('takes kilometres from 0 to 9,999,999 only', () => {
    expect(handBackInputSchema.parse({ at: '2026-11-24T09:00:00Z', kilometers: 0 }).kilometers).toBe(0);
    expect(handBackInputSchema.parse({ at: '2026-11-24T09:00:00Z' }).kilometers).toBeNull();
    expect(
      handBackInputSchema.safeParse({ at: '2026-11-24T09:00:00Z', kilometers: 10_000_000 }).success,
    ).toBe(false);
    expect(handBackInputSchema.safeParse({ at: '2026-11-24T09:00:00Z', kilometers: -1 }).success).toBe(false);
  });
});

describe('damageText', () => {
  it('lists the marked areas in outline order with their notes', () => {
    expect(
      damageText([
        { area: 'roof', note: '' },
        { area: 'front', note: 'chip in windscreen' },
      ]),
    ).toBe('Front: chip in windscreen; Roof');
    expect(damageText([])).toBe('');
    expect(CAR_AREAS).toHaveLength(5);
  });
});

describe('photos', () => {
  it('reads the type from the bytes', () => {
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffPhotoType(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });

  it('fits a picture within an edge, keeping its shape and never enlarging it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (w, h) => {
        const fitted = fitWithin(w, h, 1600);
        expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(1600);
        expect(fitted.width).toBeLessThanOrEqual(w);
        expect(fitted.height).toBeLessThanOrEqual(h);
        if (Math.max(w, h) <= 1600) expect(fitted).toEqual({ width: w, height: h });
      }),
    );
  });
});
