import { describe, expect, it } from 'vitest';
import { bookingChannel, CHANNEL_KINDS, isChannelKind, WEBSITE_BOOKING_TYPES } from './booking-channel';
import { BOOKING_TYPES } from './constants';

describe('a booking’s channel', () => {
  it('is the partner, by its name, whenever the booking names one, whatever its type', () => {
    for (const bookingType of [...BOOKING_TYPES, '', null])
      expect(bookingChannel({ bookingType, partnerName: 'Fly & Park' })).toEqual({
        kind: 'partner',
        label: 'Fly & Park',
      });
  });

  it('is the website for the website’s booking types', () => {
    expect(bookingChannel({ bookingType: 'New - Website', partnerName: null })).toEqual({
      kind: 'website',
      label: 'Website',
    });
    expect(bookingChannel({ bookingType: 'Regular - Website', partnerName: null }).label).toBe('Website');
  });

  it('is staff for every other type, and for none', () => {
    const staffTypes = BOOKING_TYPES.filter(
      (type) => !(WEBSITE_BOOKING_TYPES as readonly string[]).includes(type),
    );
    expect(staffTypes).toContain('New');
    for (const bookingType of [...staffTypes, '', null, 'Imported'])
      expect(bookingChannel({ bookingType, partnerName: null })).toEqual({ kind: 'staff', label: 'Staff' });
  });

  it('names a partner with an empty name as a partner still', () => {
    expect(bookingChannel({ bookingType: 'New', partnerName: '' })).toEqual({
      kind: 'partner',
      label: 'Partner',
    });
  });

  it('knows the filter’s kinds', () => {
    for (const kind of CHANNEL_KINDS) expect(isChannelKind(kind)).toBe(true);
    expect(isChannelKind('Website')).toBe(false);
    expect(isChannelKind('')).toBe(false);
  });
});
