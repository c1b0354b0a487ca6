import { describe, expect, it } from 'vitest';
import { bookingCodeFromScan, bookingCodeOf, bookingSearchTerms, phoneVariants } from './booking-search';

describe('finding a booking from what staff type or scan', () => {
  it('reads a booking code in any case, with spaces, and nothing else as one', () => {
    expect(bookingCodeOf('6pcu84uu')).toBe('6PCU84UU');
    expect(bookingCodeOf(' 6PCU 84UU ')).toBe('6PCU84UU');
    // 0, 1, I, L and O are not in the code alphabet; a code has eight characters.
    expect(bookingCodeOf('6PCU84U0')).toBeNull();
    expect(bookingCodeOf('6PCU84U')).toBeNull();
    expect(bookingCodeOf('6PCU84UUU')).toBeNull();
  });

  it('reads the code the emailed QR holds, or a Manage my booking link carrying it', () => {
    expect(bookingCodeFromScan('H34NH4VR')).toBe('H34NH4VR');
    expect(bookingCodeFromScan('https://parking.example/manage-booking?code=H34NH4VR')).toBe('H34NH4VR');
    expect(bookingCodeFromScan('https://parking.example/manage-booking?x=1&code=h34nh4vr#top')).toBe(
      'H34NH4VR',
    );
    expect(bookingCodeFromScan('https://example.com/?code=%E0%A4%A')).toBeNull();
    expect(bookingCodeFromScan('WIFI:S:cafe;;')).toBeNull();
  });

  it('writes bare phone digits the ways bookings hold them', () => {
    expect(phoneVariants('0400123456')).toEqual(['0400123456', '0400 123 456', '04 0012 3456']);
    expect(phoneVariants('(03) 6234-5678')).toEqual(['0362345678', '0362 345 678', '03 6234 5678']);
    expect(phoneVariants('Smith')).toEqual([]);
  });

  it('searches text of three characters or more, and an exact rego or code at any length', () => {
    expect(bookingSearchTerms('  Jane   Citizen ')).toMatchObject({ text: 'Jane Citizen', searchText: true });
    expect(bookingSearchTerms('ab')).toMatchObject({ searchText: false, rego: 'AB', code: null });
    expect(bookingSearchTerms('k75 mk')).toMatchObject({ rego: 'K75MK', searchText: true });
    expect(bookingSearchTerms('jane@example.com').rego).toBeNull();
  });
});
