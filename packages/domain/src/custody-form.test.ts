import { describe, expect, it } from 'vitest';
import { custodyMessages } from './custody';
import { checkInDialogSchema, checkInDocument, handBackDialogSchema, handBackDocument } from './custody-form';

const base = {
  lot: '2',
  lotRegion: '7',
  lotRegionRow: '3',
  regionRows: 5,
  parkedBy: '11',
  dateParked: '2026-12-01',
  timeParked: '06:40',
  fuelLevel: '1/2',
  damage: [{ area: 'left', note: 'dent' }],
  kilometers: '45210',
  keyTag: 'K-2',
  notes: '',
};

describe('the check-in dialog', () => {
  it('saves the instant in the business time zone, the row and kilometres as numbers', () => {
    const document = checkInDocument(checkInDialogSchema.parse(base), 'Australia/Hobart');
    expect(document.attributes).toMatchObject({
      lotRegionRow: 3,
      timeParked: '2026-11-30T19:40:00.000Z',
      kilometers: 45_210,
      damage: [{ area: 'left', note: 'dent' }],
    });
    expect(document.relationships.parkedBy.data.id).toBe('11');
    expect(
      checkInDocument(checkInDialogSchema.parse({ ...base, kilometers: '' }), 'UTC').attributes.kilometers,
    ).toBeNull();
  });

  it('says beside the row when it is past the region, and requires region, row and staff', () => {
    const wrong = checkInDialogSchema.safeParse({ ...base, lotRegionRow: '6' });
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({ path: ['lotRegionRow'], message: custodyMessages.rowOutOfRange(5) }),
    ]);
    const empty = checkInDialogSchema.safeParse({ ...base, lotRegion: '', lotRegionRow: '', parkedBy: '' });
    expect(empty.error?.issues.map((issue) => issue.path[0])).toEqual([
      'lotRegion',
      'lotRegionRow',
      'parkedBy',
    ]);
    expect(checkInDialogSchema.safeParse({ ...base, kilometers: '-3' }).success).toBe(false);
  });
});

describe('the hand-back dialog', () => {
  const hand = {
    returnedBy: '11',
    date: '2026-12-03',
    time: '18:05',
    kilometers: '45250',
    kilometersIn: 45_210,
  };
  it('refuses kilometres out below kilometres in, beside the field', () => {
    const below = handBackDialogSchema.safeParse({ ...hand, kilometers: '45000' });
    expect(below.error?.issues[0]).toMatchObject({
      path: ['kilometers'],
      message: custodyMessages.kilometersBelowIn(45_210),
    });
    expect(handBackDialogSchema.safeParse({ ...hand, kilometersIn: null, kilometers: '1' }).success).toBe(
      true,
    );
    expect(handBackDocument(handBackDialogSchema.parse(hand), 'UTC').attributes).toEqual({
      at: '2026-12-03T18:05:00.000Z',
      kilometers: 45_250,
    });
  });
});
