import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn } from './abn';

describe('ABN', () => {
  it.each(['51 824 753 556', '51824753556', '53 004 085 616'])('accepts %s', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each(['51 824 753 557', '1234', '5182475355a', '', '12 345 678 901'])('refuses %j', (abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it('prints the ATO grouping', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('51 824 753 556')).toBe('51 824 753 556');
  });
});
