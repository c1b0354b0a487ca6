/**
 * The back office's partners (issue 42, Admins only), as JSON:API resources of the generic layer, so that every
 * change is audited by it (jsonapi/audit.ts): `partners`, their `partner-api-keys` (made here: the key is in the
 * create's answer only), `partner-allotments` and `partner-stop-sells`. A partner is never deleted (its bookings
 * name it): pausing it stops its keys.
 */
import { z } from 'zod';
import type {
  PartnerAllotmentAttributes,
  PartnerApiKeyAttributes,
  PartnerAttributes,
  PartnerStopSellAttributes,
} from '@parking/domain/api-contract/partners';
import { fractionText, iso } from '@parking/domain/api-values';
import { messages } from '@parking/domain/messages';
import {
  PARTNER_STATUSES,
  partnerAllotmentSchema,
  partnerKeySchema,
  partnerSchema,
  partnerStopSellFields,
  partnerStopSellSchema,
} from '@parking/domain/partners';
import { partnerAllotments, partnerApiKeys, partners, partnerStopSells } from '../db/schema/index';
import { readAttributes, type WriteDocument } from '../jsonapi/document';
import { errors } from '../jsonapi/errors';
import { mergedValue } from '../jsonapi/merged';
import type { FilterSpec, ResourceDefinition } from '../jsonapi/resource';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../context';
import { isDatabaseId } from '@parking/domain/api-values';
import { eq } from 'drizzle-orm';
import { newPartnerKey } from './partner-keys';

type PartnerRow = typeof partners.$inferSelect;
type PartnerKeyRow = typeof partnerApiKeys.$inferSelect;
type AllotmentRow = typeof partnerAllotments.$inferSelect;
type StopSellRow = typeof partnerStopSells.$inferSelect;

const ADMINS_ONLY = {
  list: 'admin',
  read: 'admin',
  create: 'admin',
  update: 'admin',
  delete: 'admin',
} as const;
export const byPartner = (column: AnyPgColumn): FilterSpec => ({
  kind: 'column',
  column,
  value: 'int',
  ops: ['eq', 'in'],
});

export const partnersResource: ResourceDefinition<PartnerRow> = {
  type: 'partners',
  table: partners,
  idColumn: partners.id,
  notFound: 'Partner not found',
  attributes: (row) =>
    ({
      name: row.name,
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
      commissionRate: fractionText(row.commissionRate),
      status: row.status,
      created: iso(row.created),
    }) satisfies PartnerAttributes,
  filters: {
    status: {
      kind: 'column',
      column: partners.status,
      value: 'string',
      ops: ['eq', 'in'],
      choices: PARTNER_STATUSES,
    },
  },
  sorts: { name: partners.name, created: partners.created, id: partners.id },
  defaultSort: 'name',
  access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin' },
  write: { schema: partnerSchema, updateSchema: partnerSchema.partial() },
  uniqueErrors: { partners_name_idx: { field: 'name', detail: 'A partner with this name already exists.' } },
};

/** The partner a new key, allotment, stop-sell or payment is for: it must be there. */
export async function partnerOf(ctx: RequestContext, doc: WriteDocument): Promise<number> {
  const pointer = '/data/relationships/partner';
  const sent = doc.relationships.partner;
  if (sent === undefined || sent === null) throw errors.invalid(messages.required, pointer, 'required');
  if (Array.isArray(sent) || !isDatabaseId(sent)) throw errors.doesNotExist(String(sent), pointer);
  const [row] = await ctx.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.id, Number(sent)));
  if (!row) throw errors.doesNotExist(sent, pointer);
  return row.id;
}

/** A key is revoked by a PATCH of `revoked: true`; nothing else of it changes, and a revocation is for good. */
const revokeSchema = z.object({ revoked: z.boolean({ error: 'Must be true or false.' }) }).partial();

export const partnerApiKeysResource: ResourceDefinition<PartnerKeyRow> = {
  type: 'partner-api-keys',
  table: partnerApiKeys,
  idColumn: partnerApiKeys.id,
  notFound: 'API key not found',
  attributes: (row) =>
    ({
      label: row.label,
      prefix: row.prefix,
      created: iso(row.created),
      revoked: row.revokedAt !== null,
      revokedAt: row.revokedAt && iso(row.revokedAt),
      lastUsedAt: row.lastUsedAt && iso(row.lastUsedAt),
    }) satisfies PartnerApiKeyAttributes,
  relationships: { partner: { kind: 'one', type: 'partners', key: 'partnerId' } },
  filters: { partner: byPartner(partnerApiKeys.partnerId) },
  sorts: { created: partnerApiKeys.created, id: partnerApiKeys.id },
  defaultSort: '-created',
  access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin' },
  // The key itself is answered once, in the 201; only its sha256 and visible prefix are stored.
  async createCommand(ctx, doc, save) {
    const { label } = readAttributes(partnerKeySchema, doc);
    const partnerId = await partnerOf(ctx, doc);
    const key = newPartnerKey();
    const id = await save(async (tx) => {
      const [row] = await tx.db
        .insert(partnerApiKeys)
        .values({ partnerId, label, prefix: key.prefix, keyHash: key.hash, created: tx.now })
        .returning({ id: partnerApiKeys.id });
      if (!row) throw new Error('partner key not saved');
      return row.id;
    });
    return { id, attributes: { key: key.key } };
  },
  write: {
    schema: partnerKeySchema,
    updateSchema: revokeSchema,
    prepare(ctx, values, existing) {
      const revoked = existing?.revokedAt != null;
      if (values.revoked === false && revoked)
        throw errors.invalid('A revoked key cannot be used again: make a new one.', 'revoked');
      return values.revoked === true && !revoked ? { revokedAt: ctx.now } : {};
    },
  },
};

export const partnerAllotmentsResource: ResourceDefinition<AllotmentRow> = {
  type: 'partner-allotments',
  table: partnerAllotments,
  idColumn: partnerAllotments.id,
  notFound: 'Allotment not found',
  attributes: (row) =>
    ({ places: row.places, releaseHours: row.releaseHours }) satisfies PartnerAllotmentAttributes,
  relationships: {
    partner: { kind: 'one', type: 'partners', key: 'partnerId' },
    lot: { kind: 'one', type: 'lots', key: 'lotId' },
  },
  filters: { partner: byPartner(partnerAllotments.partnerId) },
  sorts: { id: partnerAllotments.id },
  defaultSort: 'id',
  access: ADMINS_ONLY,
  write: {
    schema: partnerAllotmentSchema,
    relationships: {
      partner: { key: 'partnerId', type: 'partners', required: true },
      lot: { key: 'lotId', type: 'lots', required: true },
    },
  },
  uniqueErrors: {
    partner_allotments_partner_lot_idx: {
      field: '/data/relationships/lot',
      detail: 'This partner already has an allotment in this lot.',
    },
  },
};

export const partnerStopSellsResource: ResourceDefinition<StopSellRow> = {
  type: 'partner-stop-sells',
  table: partnerStopSells,
  idColumn: partnerStopSells.id,
  notFound: 'Stop-sell not found',
  attributes: (row) =>
    ({
      startDate: row.startDate,
      endDate: row.endDate,
      reason: row.reason,
      created: iso(row.created),
    }) satisfies PartnerStopSellAttributes,
  relationships: {
    partner: { kind: 'one', type: 'partners', key: 'partnerId' },
    lot: { kind: 'one', type: 'lots', key: 'lotId' },
  },
  filters: { partner: byPartner(partnerStopSells.partnerId) },
  sorts: { startDate: partnerStopSells.startDate, id: partnerStopSells.id },
  defaultSort: 'startDate',
  access: ADMINS_ONLY,
  write: {
    schema: partnerStopSellSchema,
    updateSchema: partnerStopSellFields.partial(),
    relationships: {
      partner: { key: 'partnerId', type: 'partners', required: true },
      lot: { key: 'lotId', type: 'lots', required: true },
    },
    prepare(_ctx, values, existing) {
      const start = mergedValue(values, existing, 'startDate');
      const end = mergedValue(values, existing, 'endDate');
      if (typeof start === 'string' && typeof end === 'string' && end < start)
        throw errors.invalid(messages.dateAfterStart, 'endDate');
      return values;
    },
  },
};
