import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  partnerStatement,
  sumFigures,
  type StatementEvent,
  type StatementLineKind,
} from './partner-statement';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute));
const event = (
  kind: StatementLineKind,
  grossCents: number,
  minute: number,
  code = 'ABCD1234',
): StatementEvent => ({
  kind,
  at: at(minute),
  bookingCode: code,
  traveller: 'Ada Lovelace',
  lot: 'Outdoor',
  start: at(10_000),
  end: at(12_000),
  grossCents,
});
const receipt = (amountCents: number) => ({ amountCents, receivedOn: '2026-12-05', reference: 'EFT 1' });

describe('commissionCents', () => {
  it('is gross × rate to the nearest cent: 15% of $52.00 is $7.80, 12.5% of $0.04 rounds half up to 1 cent', () => {
    expect(commissionCents(5200, '0.15')).toBe(780);
    expect(commissionCents(4, '0.125')).toBe(1);
    expect(commissionCents(3, '0.125')).toBe(0);
    expect(commissionCents(5200, '0')).toBe(0);
    expect(commissionCents(5200, '1')).toBe(5200);
    expect(commissionCents(0, '0.15')).toBe(0);
  });

  it("rounds a credit's half cent away from zero: the exact opposite of the same charge's", () => {
    expect(commissionCents(-4, '0.125')).toBe(-1);
    expect(commissionCents(-5200, '0.15')).toBe(-780);
    expect(Object.is(commissionCents(-3, '0.125'), 0)).toBe(true);
  });

  it('refuses fractions of a cent and rates outside 0 to 1', () => {
    expect(() => commissionCents(1.5, '0.1')).toThrow(RangeError);
    expect(() => commissionCents(100, '1.5')).toThrow(RangeError);
  });

  const rate = fc
    .integer({ min: 0, max: 10_000 })
    .map((parts) => (parts === 10_000 ? '1' : `0.${String(parts).padStart(4, '0')}`));

  it('is within half a cent of gross × rate, between 0 and the gross, and odd in the gross', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), rate, (gross, r) => {
        const commission = commissionCents(gross, r);
        expect(Number.isInteger(commission)).toBe(true);
        expect(Math.abs(commission - gross * Number(r))).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.abs(commission)).toBeLessThanOrEqual(Math.abs(gross));
        expect(commission * Math.sign(gross)).toBeGreaterThanOrEqual(0);
        expect(commissionCents(-gross, r)).toBe(-commission || 0);
      }),
    );
  });
});

describe('partnerStatement', () => {
  it('two bookings, a change and a cancellation at 15%, with $100 received', () => {
    const statement = partnerStatement(
      [
        event('booking', 5200, 1, 'AAAA0001'),
        event('booking', 7000, 2, 'BBBB0002'),
        event('change', 1800, 3, 'AAAA0001'),
        event('cancellation', -7000, 4, 'BBBB0002'),
      ],
      '0.15',
      [receipt(6000)],
    );
    expect(statement.lines.map((line) => [line.grossCents, line.commissionCents, line.netCents])).toEqual([
      [5200, 780, 4420],
      [7000, 1050, 5950],
      [1800, 270, 1530],
      [-7000, -1050, -5950],
    ]);
    // The cancellation's credit settles its own booking; the $60 received settles A's $59.50, 50 cents over.
    expect(statement.totals).toEqual({
      grossCents: 7000,
      commissionCents: 1050,
      netCents: 5950,
      paidCents: 5950,
      stillOwedCents: 0,
    });
    expect(statement.lines.map((line) => [line.paidCents, line.stillOwedCents])).toEqual([
      [4420, 0],
      [5950, 0],
      [1530, 0],
      [-5950, 0],
    ]);
    expect(statement.overpaidCents).toBe(50);
    expect(statement.receivedCents).toBe(6000);
    expect(statement.sections.map((section) => [section.kind, section.lines.length])).toEqual([
      ['booking', 2],
      ['change', 1],
      ['cancellation', 1],
    ]);
  });

  it("a cancellation settles its own booking's charges, not an earlier booking's", () => {
    const statement = partnerStatement(
      [
        event('booking', 5200, 1, 'AAAA0001'),
        event('booking', 5200, 2, 'BBBB0002'),
        event('cancellation', -5200, 3, 'BBBB0002'),
      ],
      '0.15',
      [],
    );
    expect(statement.lines.map((line) => [line.bookingCode, line.paidCents, line.stillOwedCents])).toEqual([
      ['AAAA0001', 0, 4420],
      ['BBBB0002', 4420, 0],
      ['BBBB0002', -4420, 0],
    ]);
  });

  it("a credit beyond its own booking's charges settles the others' in time order", () => {
    const statement = partnerStatement(
      [event('booking', 10_000, 1, 'A'), event('booking', 10_000, 2, 'B'), event('change', -3000, 3, 'C')],
      '0',
      [],
    );
    expect(statement.lines.map((line) => [line.paidCents, line.stillOwedCents])).toEqual([
      [3000, 7000],
      [0, 10_000],
      [-3000, 0],
    ]);
  });

  it('settles the charges in time order and leaves the rest owed', () => {
    const statement = partnerStatement(
      [event('booking', 10_000, 5, 'LATER'), event('booking', 10_000, 1, 'FIRST')],
      '0.1',
      [receipt(12_000)],
    );
    expect(statement.lines.map((line) => [line.bookingCode, line.paidCents, line.stillOwedCents])).toEqual([
      ['FIRST', 9000, 0],
      ['LATER', 3000, 6000],
    ]);
    expect(statement.totals.stillOwedCents).toBe(6000);
    expect(statement.overpaidCents).toBe(0);
  });

  it('a month of credits only owes the partner: still owed is negative, nothing is paid', () => {
    const statement = partnerStatement([event('cancellation', -5200, 1)], '0.15', []);
    expect(statement.totals).toMatchObject({ netCents: -4420, paidCents: 0, stillOwedCents: -4420 });
  });

  it('an empty month is all zeros', () => {
    const statement = partnerStatement([], '0.15', []);
    expect(statement.totals).toEqual(sumFigures([]));
    expect(statement.sections.every((section) => section.lines.length === 0)).toBe(true);
  });

  it('refuses a payment that is not a positive whole number of cents', () => {
    expect(() => partnerStatement([], '0.15', [receipt(0)])).toThrow(RangeError);
    expect(() => partnerStatement([], '0.15', [receipt(-5)])).toThrow(RangeError);
  });

  const kinds: StatementLineKind[] = ['booking', 'change', 'cancellation'];
  const events = fc.array(
    fc.record({
      kind: fc.constantFrom(...kinds),
      gross: fc.integer({ min: -500_000, max: 500_000 }),
      minute: fc.integer({ min: 0, max: 40_000 }),
      code: fc.constantFrom('A', 'B', 'C', 'D'),
    }),
    { maxLength: 25 },
  );
  const receipts = fc.array(fc.integer({ min: 1, max: 400_000 }), { maxLength: 4 });
  const rates = fc.constantFrom('0', '0.1', '0.125', '0.15', '0.3333', '1');
  const build = (
    list: Array<{ kind: StatementLineKind; gross: number; minute: number; code: string }>,
    rate: string,
    amounts: number[],
  ) =>
    partnerStatement(
      list.map((item) => event(item.kind, item.gross, item.minute, item.code)),
      rate,
      amounts.map(receipt),
    );

  it('gross = commission + net, net = paid + still owed, for every line, every section and the totals', () => {
    fc.assert(
      fc.property(events, rates, receipts, (list, rate, amounts) => {
        const statement = build(list, rate, amounts);
        const figures = [
          ...statement.lines,
          ...statement.sections.map((section) => section.totals),
          statement.totals,
        ];
        for (const line of figures) {
          expect(line.grossCents).toBe(line.commissionCents + line.netCents);
          expect(line.netCents).toBe(line.paidCents + line.stillOwedCents);
        }
      }),
    );
  });

  it('the totals are the sums of the lines, and of the sections', () => {
    fc.assert(
      fc.property(events, rates, receipts, (list, rate, amounts) => {
        const statement = build(list, rate, amounts);
        expect(statement.totals).toEqual(sumFigures(statement.lines));
        expect(statement.totals).toEqual(sumFigures(statement.sections.map((section) => section.totals)));
        expect(statement.lines).toHaveLength(list.length);
      }),
    );
  });

  it('what is received is paid against the lines or left over, never lost; a line is paid within its net', () => {
    fc.assert(
      fc.property(events, rates, receipts, (list, rate, amounts) => {
        const statement = build(list, rate, amounts);
        const received = amounts.reduce((sum, cents) => sum + cents, 0);
        expect(statement.receivedCents).toBe(received);
        expect(statement.totals.paidCents + statement.overpaidCents).toBe(received);
        expect(statement.overpaidCents).toBeGreaterThanOrEqual(0);
        // Something is left over only when nothing more is owed.
        if (statement.overpaidCents > 0) expect(statement.totals.stillOwedCents).toBeLessThanOrEqual(0);
        for (const line of statement.lines) {
          const [low, high] = line.netCents >= 0 ? [0, line.netCents] : [line.netCents, 0];
          expect(line.paidCents).toBeGreaterThanOrEqual(low);
          expect(line.paidCents).toBeLessThanOrEqual(high);
        }
      }),
    );
  });

  it('the lines are in time order and each section holds its own kind', () => {
    fc.assert(
      fc.property(events, rates, (list, rate) => {
        const statement = build(list, rate, []);
        const times = statement.lines.map((line) => line.at.getTime());
        expect(times).toEqual([...times].sort((a, b) => a - b));
        for (const section of statement.sections)
          expect(section.lines.every((line) => line.kind === section.kind)).toBe(true);
      }),
    );
  });

  it('paying exactly what is still owed leaves nothing owed and nothing over', () => {
    fc.assert(
      fc.property(events, rates, (list, rate) => {
        const owed = build(list, rate, []).totals.stillOwedCents;
        const settled = build(list, rate, owed > 0 ? [owed] : []);
        expect(settled.totals.stillOwedCents).toBe(Math.min(0, owed));
        expect(settled.overpaidCents).toBe(0);
      }),
    );
  });
});
