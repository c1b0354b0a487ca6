import { describe, expect, it } from 'vitest';
import { VEHICLE_MAKES } from './vehicle-makes';

describe('vehicle makes', () => {
  it('is a list of about a hundred distinct makes, alphabetical, ending with Other', () => {
    const makes = VEHICLE_MAKES.slice(0, -1);
    expect(VEHICLE_MAKES.at(-1)).toBe('Other');
    expect(makes.length).toBeGreaterThanOrEqual(90);
    expect(makes.length).toBeLessThanOrEqual(110);
    expect(new Set(makes.map((make) => make.toLowerCase())).size).toBe(makes.length);
    expect([...makes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(makes);
  });
});
