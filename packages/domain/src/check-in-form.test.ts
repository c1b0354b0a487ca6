import { describe, expect, it } from 'vitest';
import { checkInFormSchema, checkInPayload } from './check-in-form';

const TZ = 'Australia/Hobart';

describe('check-in', () => {
  const checkIn = {
    lot: '2',
    lotRegion: '5',
    lotRegionRow: '3',
    fuelLevel: '1/2',
    damage: 'Scratch on the rear bumper',
    parkedBy: '9',
    dateParked: '2026-12-04',
    timeParked: '04:55',
  };

  it('saves the region, row, fuel, damage, valet and the time parked in the business zone', () => {
    const payload = checkInPayload(checkInFormSchema.parse(checkIn), TZ, false);
    expect(payload.attributes).toEqual({
      lotRegionRow: 3,
      fuelLevel: '1/2',
      damage: 'Scratch on the rear bumper',
      timeParked: new Date('2026-12-04T04:55:00+11:00').toISOString(),
    });
    expect(payload.relationships).toEqual({
      lotRegion: { type: 'lot-regions', id: '5' },
      parkedBy: { type: 'customers', id: '9' },
    });
    expect(checkInPayload(checkInFormSchema.parse(checkIn), TZ, true).relationships.lot).toEqual({
      type: 'lots',
      id: '2',
    });
  });

  it('needs a row for a region, and a day and a time together', () => {
    const result = checkInFormSchema.safeParse({ ...checkIn, lotRegionRow: '', timeParked: '' });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['lotRegionRow', 'timeParked']));
    expect(checkInFormSchema.safeParse({ lot: '2' }).success).toBe(true);
  });
});
