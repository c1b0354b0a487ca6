/**
 * A partner's monthly statement as the back office's page reads it (JSON:API `partner-statements`), as a PDF
 * (documents/table-report.ts: a section each for bookings, changes, cancellations and the payments received, the
 * totals last) and as a CSV (documents/csv.ts: every line, then the total; every cell neutralised against formula
 * injection there). The figures are the statement's (@parking/domain/partner-statement), formatted here only.
 */
import { fractionText, iso } from '@parking/domain/api-values';
import { businessLocalDatetime } from '@parking/domain/dates';
import type { PartnerStatementAttributes, StatementFiguresText } from '@parking/domain/api-contract/partners';
import { formatAud, formatMoney, type Cents } from '@parking/domain/money';
import { monthLabel } from '@parking/domain/partner-payments';
import {
  statementKindLabels,
  type StatementFigures,
  type StatementLine,
} from '@parking/domain/partner-statement';
import { fractionToPercent } from '@parking/domain/numbers';
import { csvDocument } from '../documents/csv';
import { invoiceDate } from '../documents/invoice-data';
import type { TableReport } from '../documents/table-report';
import type { StatementData } from './partner-statement-data';

/** A statement's five figures in the order every document shows them: gross, commission, net owed, paid, still owed. */
const FIGURES = ['grossCents', 'commissionCents', 'netCents', 'paidCents', 'stillOwedCents'] as const;

/** The five figures as cells: `formatAud` for the page and the PDF, `formatMoney` for the CSV's plain numbers. */
const figureCells = (figures: StatementFigures, format: (cents: Cents) => string) =>
  FIGURES.map((figure) => format(figures[figure]));

const figuresText = (figures: StatementFigures): StatementFiguresText => ({
  gross: formatMoney(figures.grossCents),
  commission: formatMoney(figures.commissionCents),
  net: formatMoney(figures.netCents),
  paid: formatMoney(figures.paidCents),
  stillOwed: formatMoney(figures.stillOwedCents),
});

/** The page's attributes: every line and figure, money as decimal strings. */
export function statementAttributes({
  partner,
  month,
  statement,
  payments,
}: StatementData): PartnerStatementAttributes {
  return {
    partnerName: partner.name,
    month,
    monthLabel: monthLabel(month),
    commissionRate: fractionText(partner.commissionRate),
    currency: 'AUD',
    lines: statement.lines.map((line) => ({
      kind: line.kind,
      at: iso(line.at),
      bookingCode: line.bookingCode,
      traveller: line.traveller,
      lot: line.lot,
      start: iso(line.start),
      end: iso(line.end),
      ...figuresText(line),
    })),
    sections: statement.sections.map((section) => ({
      kind: section.kind,
      count: section.lines.length,
      totals: figuresText(section.totals),
    })),
    totals: figuresText(statement.totals),
    received: formatMoney(statement.receivedCents),
    overpaid: formatMoney(statement.overpaidCents),
    payments: payments.map((payment) => ({
      id: String(payment.id),
      amount: formatMoney(payment.amountCents),
      receivedOn: payment.receivedOn,
      reference: payment.reference,
      created: iso(payment.created),
    })),
  };
}

/** "15%", "12.5%". */
const ratePercent = (rate: string) => `${fractionToPercent(fractionText(rate))}%`;
const linesText = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`;
/** "1/12/2026" from a YYYY-MM-DD date. */
const dayText = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${Number(day)}/${month}/${year}`;
};

const stayText = (line: StatementLine, timeZone: string) =>
  `${invoiceDate(line.start, timeZone)} to ${line.end ? invoiceDate(line.end, timeZone) : 'not set'}`;

/** The statement as a printable report. */
export function statementReport(data: StatementData, timeZone: string, now: Date): TableReport {
  const { partner, month, statement, payments } = data;
  const sections = statement.sections
    .filter((section) => section.lines.length > 0)
    .map((section) => ({
      heading: statementKindLabels[section.kind].section,
      rows: section.lines.map((line) => [
        invoiceDate(line.at, timeZone),
        line.bookingCode,
        line.traveller,
        line.lot,
        stayText(line, timeZone),
        ...figureCells(line, formatAud),
      ]),
      total: `${linesText(section.lines.length)}: gross ${formatAud(section.totals.grossCents)}, net owed ${formatAud(section.totals.netCents)}, still owed ${formatAud(section.totals.stillOwedCents)}`,
    }));
  if (payments.length)
    sections.push({
      heading: 'Payments Received',
      rows: payments.map((payment) => [
        dayText(payment.receivedOn),
        '',
        `Reference ${payment.reference}`,
        '',
        '',
        '',
        '',
        '',
        formatAud(payment.amountCents),
        '',
      ]),
      total: `${payments.length} ${payments.length === 1 ? 'payment' : 'payments'}, ${formatAud(statement.receivedCents)} received`,
    });
  const summary: Array<[string, string]> = [
    ['Gross', formatAud(statement.totals.grossCents)],
    [`Commission (${ratePercent(partner.commissionRate)})`, formatAud(statement.totals.commissionCents)],
    ['Net owed', formatAud(statement.totals.netCents)],
    ['Paid', formatAud(statement.totals.paidCents)],
    ['Still owed', formatAud(statement.totals.stillOwedCents)],
  ];
  if (statement.overpaidCents > 0)
    summary.push(['Received beyond what is owed', formatAud(statement.overpaidCents)]);
  return {
    title: 'Partner statement',
    subtitle: `${partner.name}: ${monthLabel(month)}, as at ${invoiceDate(now, timeZone)}`,
    layout: 'landscape',
    columns: [
      { header: 'Date', width: 0.08 },
      { header: 'Booking', width: 0.09 },
      { header: 'Traveller', width: 0.15 },
      { header: 'Lot', width: 0.07 },
      { header: 'Stay', width: 0.16 },
      { header: 'Gross', width: 0.09, align: 'right' },
      { header: 'Commission', width: 0.09, align: 'right' },
      { header: 'Net owed', width: 0.09, align: 'right' },
      { header: 'Paid', width: 0.09, align: 'right' },
      { header: 'Still owed', width: 0.09, align: 'right' },
    ],
    sections,
    summary,
    emptyMessage: `${partner.name} made, changed and cancelled no bookings in ${monthLabel(month)}.`,
  };
}

const CSV_HEADER = [
  'Date',
  'Kind',
  'Booking Code',
  'Traveller',
  'Lot',
  'Drop Off',
  'Pick Up',
  'Gross',
  'Commission',
  'Net Owed',
  'Paid',
  'Still Owed',
];

/** Every line in time order, then the total: amounts as plain numbers, so that a spreadsheet adds them up. */
export function statementCsv({ statement }: StatementData, timeZone: string): string {
  // As the bookings export writes them: YYYY-MM-DD HH:mm in the business's time zone, sorted as text.
  const local = (instant: Date | null) =>
    instant ? businessLocalDatetime(instant, timeZone).slice(0, 16).replace('T', ' ') : '';
  return csvDocument([
    CSV_HEADER,
    ...statement.lines.map((line) => [
      local(line.at),
      statementKindLabels[line.kind].line,
      line.bookingCode,
      line.traveller,
      line.lot,
      local(line.start),
      local(line.end),
      ...figureCells(line, formatMoney),
    ]),
    ['', 'Total', '', '', '', '', '', ...figureCells(statement.totals, formatMoney)],
  ]);
}

/** The file names: the partner's name made safe, and the month. */
export function statementFilename(data: StatementData, extension: 'pdf' | 'csv'): string {
  const name =
    data.partner.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'partner';
  return `statement-${name}-${data.month}.${extension}`;
}
