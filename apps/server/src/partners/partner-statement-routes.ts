/**
 * A partner's monthly statement (issue 42, item 5), Admins only, like the partners themselves:
 *
 * - GET partners/{id}/statements/{month}/: the page's figures (`partner-statements`);
 * - GET partners/{id}/statements/{month}/pdf/: the same as a PDF (documents/table-report.ts);
 * - GET partners/{id}/statements/{month}/csv/: its lines and total as a CSV file (documents/csv.ts).
 *
 * The PDF and the CSV are opened in a new tab (back-office §7 "Plain GETs opened in tabs"), so they are authorised
 * by the session cookie as well as the Token header, as the reports' are (reports/report-documents-routes.ts). The
 * month is YYYY-MM in the business's time zone; a partner that is not there is 404 "Partner not found".
 */
import { partnerPaymentMessages, isStatementMonth } from '@parking/domain/partner-payments';
import type { RequestContext } from '../context';
import { currentBusiness } from '../documents/business-contact';
import { sendPdf } from '../documents/invoices-routes';
import { tableReportPdfStream } from '../documents/table-report';
import { action, type Action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { sendCsv } from '../reports/exports-routes';
import {
  statementAttributes,
  statementCsv,
  statementFilename,
  statementReport,
} from './partner-statement-documents';
import { loadPartnerStatement, statementPartner, type StatementData } from './partner-statement-data';

const BASE = 'partners/:id/statements/:month/';

/** The partner's statement for the path's month; a month that is not YYYY-MM is a 400 on `month`. */
async function statementOf(
  ctx: RequestContext,
  id: number,
  month: string | undefined,
): Promise<StatementData> {
  const partner = await statementPartner(ctx.db, id);
  if (!month || !isStatementMonth(month)) throw errors.parameter(partnerPaymentMessages.month, 'month');
  return loadPartnerStatement(ctx.db, partner, month, ctx.services.config.timeZone);
}

export const partnerStatementActions: Action[] = [
  action({
    method: 'GET',
    path: BASE,
    access: 'admin',
    readOnly: true,
    async handle(ctx, { id, params }) {
      const data = await statementOf(ctx, id, params.month);
      return {
        data: {
          type: 'partner-statements',
          id: `${id}_${data.month}`,
          attributes: statementAttributes(data),
        },
      };
    },
  }),
  action({
    method: 'GET',
    path: `${BASE}pdf/`,
    access: 'admin',
    readOnly: true,
    async handle(ctx, { id, params }, reply) {
      const data = await statementOf(ctx, id, params.month);
      const report = statementReport(data, ctx.services.config.timeZone, ctx.now);
      const options = {
        compress: ctx.services.config.env !== 'test',
        business: await currentBusiness(ctx.db, ctx.services.config),
      };
      return sendPdf(reply, tableReportPdfStream(report, options), statementFilename(data, 'pdf'));
    },
  }),
  action({
    method: 'GET',
    path: `${BASE}csv/`,
    access: 'admin',
    readOnly: true,
    async handle(ctx, { id, params }, reply) {
      const data = await statementOf(ctx, id, params.month);
      return sendCsv(reply, statementCsv(data, ctx.services.config.timeZone), statementFilename(data, 'csv'));
    },
  }),
];
