/**
 * Catalogue calls beyond plain CRUD (public-site §7): the extras list with
 * `filter[checkAvailability]`, and the online-form blockout current now (with the stay limits in its
 * meta). Static paths, so they
 * win over the generic `/{type}/` and `/{type}/{id}/` routes whatever the order.
 */
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { readDatetime, requiredDatetime } from '@parking/domain/fields';
import { blockoutPeriods } from '../db/schema/index';
import { action, type Action } from '../http/action';
import { isStaff } from '../context';
import { authorize, listResources, readResource, type Document } from '../jsonapi/engine';
import { errors } from '../jsonapi/errors';
import { single, type RawQuery } from '../jsonapi/query';
import type { Registry } from '../jsonapi/registry';
import { loadStayExtrasAvailability, type StayExtrasAvailability } from '../pricing/extras-availability';
import type { HeldExtras } from '../pricing/extras-cache';
import { WrittenAnswer } from '../pricing/written-answer';

const CHECK_AVAILABILITY = 'filter[checkAvailability]';

/** Made once: a schema is costly to build, and step 5 asks many times a second. */
const DATETIME = requiredDatetime();

function instant(text: string): Date {
  // A '+' offset left unencoded in a query string arrives as a space.
  const given = text.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  // The usual datetime without zod (the same Date: the domain's readDatetime), anything else by the schema.
  const quick = readDatetime(given);
  if (quick) return quick;
  const parsed = DATETIME.safeParse(given);
  if (!parsed.success)
    throw errors.parameter(
      `"${text}" is not a valid datetime (ISO 8601 with a time zone offset).`,
      CHECK_AVAILABILITY,
    );
  return parsed.data;
}

/** '<start>,<end>': two ISO 8601 datetimes, the end after the start. */
function parseStay(raw: string): { start: Date; end: Date } {
  const [startText, endText, ...rest] = raw.split(',');
  if (startText === undefined || endText === undefined || rest.length) {
    throw errors.parameter('Give the start and end datetimes separated by a comma.', CHECK_AVAILABILITY);
  }
  const start = instant(startText);
  const end = instant(endText);
  if (end <= start) throw errors.parameter('The end must be after the start.', CHECK_AVAILABILITY);
  return { start, end };
}

/** The held list's key: every parameter but the stay, in a fixed order. */
function listKey(query: RawQuery): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([name]) => name !== CHECK_AVAILABILITY)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/**
 * `available` then answers for the stay, not only the extra's own switch; the list's meta says why
 * (`unavailableNotices`: each notice's message and the ids of the extras it makes unavailable).
 */
function markUnavailable(document: Document, { unavailable, notices }: StayExtrasAvailability): void {
  if (!Array.isArray(document.data)) return;
  for (const extra of document.data) {
    if (unavailable.has(Number(extra.id))) extra.attributes.available = false;
  }
  const listed = document.data.map((extra) => ({
    id: Number(extra.id),
    name: String(extra.attributes.name ?? ''),
  }));
  document.meta = {
    ...document.meta,
    unavailableNotices: notices(listed).map((notice) => ({
      message: notice.message,
      extras: notice.extraIds.map(String),
    })),
  };
}

/**
 * A traveller's answer from the held data: the list written once per query, then `available` set from the held
 * calendar; the answer is written once for each list and set of extras the stay makes unavailable.
 */
async function heldAnswer(
  held: HeldExtras,
  stay: { start: Date; end: Date } | undefined,
  query: RawQuery,
  list: () => Promise<Document>,
): Promise<WrittenAnswer> {
  const key = listKey(query);
  const availability = stay ? held.availability(stay) : undefined;
  const answerKey = `${key}|${
    availability
      ? JSON.stringify([
          [...availability.unavailable].sort((a, b) => a - b),
          availability.notices(held.extras),
        ])
      : ''
  }`;
  const answer = held.lists.get(answerKey);
  if (answer !== undefined) return answer;
  let written = held.lists.get(key);
  if (written === undefined) {
    written = new WrittenAnswer(JSON.stringify(await list()));
    held.lists.set(key, written);
  }
  const document = JSON.parse(written.text) as Document;
  if (availability) markUnavailable(document, availability);
  const text = new WrittenAnswer(JSON.stringify(document));
  held.lists.set(answerKey, text);
  return text;
}

/** Open to anyone the action allows; the resource's own access rule is applied in the handler. */
export function catalogueActions(registry: Registry): Action[] {
  return [
    action({
      method: 'GET',
      path: 'extras/',
      access: 'anyone',
      async handle(ctx, { query, request }) {
        const def = registry.get('extras');
        authorize(def, 'list', ctx, 'GET');
        const raw = single(query, CHECK_AVAILABILITY);
        // A traveller's list (the non-staff scope) depends only on the query and the data held: it is
        // written once per query, then `available` is set for this stay from the held calendar.
        const held = isStaff(ctx.user) ? undefined : await ctx.services.extrasCache?.lookup(ctx.now);
        if (held) {
          // The same request again (the same stay, the same list) is the answer already written for it: kept by
          // its query string from the '?' (the path is this route's; a list's keys are JSON and start with '['),
          // a slice of the URL, not a longer copy of it (a long key is the most of a lookup's time).
          const queryStart = request.url.indexOf('?');
          const requestKey = queryStart < 0 ? '?' : request.url.slice(queryStart);
          const answered = held.lists.get(requestKey);
          if (answered !== undefined) return answered;
          const stay = raw === undefined ? undefined : parseStay(raw);
          const answer = await heldAnswer(held, stay, query, () =>
            listResources(def, ctx, registry, query, { extraParams: [CHECK_AVAILABILITY] }),
          );
          held.lists.set(requestKey, answer);
          return answer;
        }
        const stay = raw === undefined ? undefined : parseStay(raw);
        const document = await listResources(def, ctx, registry, query, {
          extraParams: [CHECK_AVAILABILITY],
        });
        if (stay) {
          const timeZone = ctx.services.config.timeZone;
          markUnavailable(document, await loadStayExtrasAvailability(ctx.db, stay.start, stay.end, timeZone));
        }
        return document;
      },
    }),
    action({
      method: 'GET',
      path: 'blockout-periods/current_form_blockout/',
      access: 'anyone',
      async handle(ctx, { query }) {
        const def = registry.get('blockout-periods');
        authorize(def, 'read', ctx, 'GET');
        // Overlapping form blockouts: the one that started last speaks.
        const [current] = await ctx.db
          .select({ id: blockoutPeriods.id })
          .from(blockoutPeriods)
          .where(
            and(
              eq(blockoutPeriods.blockType, 'online_form'),
              lte(blockoutPeriods.startDatetime, ctx.now),
              gt(blockoutPeriods.endDatetime, ctx.now),
            ),
          )
          .orderBy(desc(blockoutPeriods.startDatetime), desc(blockoutPeriods.id))
          .limit(1);
        // The online form's other limits ride along: the quote forms read this before they show, and
        // tell a too-long stay or a too-distant departure beside the field before anything is sent.
        const { maxStayDays, horizonDays } = ctx.services.config.stayLimits;
        const meta = { stayLimits: { maxStayDays, bookingHorizonDays: horizonDays } };
        if (!current) return { data: null, meta };
        return { ...(await readResource(def, ctx, registry, current.id, query)), meta };
      },
    }),
  ];
}
