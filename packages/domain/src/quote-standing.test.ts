import { describe, expect, it } from 'vitest';
import { quoteUnavailable } from './quote-standing';

const partDay = { message: 'Line marking tonight.', closes: [] };
const christmas = { message: 'We are closed on Christmas Day.', closes: ['endDate'] };

describe('quoteUnavailable', () => {
  it('is null for a stay that can be booked, a blockout taking part of a day included', () => {
    expect(quoteUnavailable({ fillThresholdExceeded: false, parkingBlockouts: [] })).toBeNull();
    expect(quoteUnavailable({ fillThresholdExceeded: false, parkingBlockouts: [partDay] })).toBeNull();
  });

  it('tells a closed day with the message of the blockout that closes it, before a full car park', () => {
    expect(
      quoteUnavailable({ fillThresholdExceeded: false, parkingBlockouts: [partDay, christmas] }),
    ).toEqual({ reason: 'closed', message: 'We are closed on Christmas Day.' });
    expect(quoteUnavailable({ fillThresholdExceeded: true, parkingBlockouts: [christmas] })).toEqual({
      reason: 'closed',
      message: 'We are closed on Christmas Day.',
    });
  });

  it('tells a car park over its threshold as full', () => {
    expect(quoteUnavailable({ fillThresholdExceeded: true, parkingBlockouts: [partDay] })).toEqual({
      reason: 'full',
    });
  });
});
