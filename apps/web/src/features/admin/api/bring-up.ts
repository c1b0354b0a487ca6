/**
 * The bring-up board's calls (issue 41): the day's cards, moving one along, and the board kept live from its event
 * stream (the whole board when it opens, then each changed card).
 */
import { queryOptions } from '@tanstack/react-query';
import type { BringUpCardAttributes } from '@parking/domain/api-contract/bring-up';
import type { BringUpMoveInput } from '@parking/domain/bring-up';
import { apiRequest } from '@/lib/api/client';
import { writeDocument, type SingleDocument } from '@/lib/api/jsonapi';

export type BringUpCard = BringUpCardAttributes & { id: string };
interface CardResource {
  id: string;
  attributes: BringUpCardAttributes;
}

const asCard = (resource: CardResource): BringUpCard => ({ id: resource.id, ...resource.attributes });

export const boardKey = (date: string) => ['bring-up-board', date] as const;

export const boardQuery = (date: string) =>
  queryOptions({
    queryKey: boardKey(date),
    queryFn: async ({ signal }): Promise<BringUpCard[]> =>
      (await apiRequest<{ data: CardResource[] }>('bring-up-board', { signal, query: { date } })).data.map(
        asCard,
      ),
  });

export async function moveCard(bookingId: string, move: BringUpMoveInput): Promise<BringUpCard> {
  const answer = await apiRequest<SingleDocument<BringUpCardAttributes>>(
    `bookings/${bookingId}/bring-up/moves`,
    {
      method: 'POST',
      body: writeDocument('bring-up-moves', { ...move }),
    },
  );
  return asCard(answer.data);
}

/** The board as its stream changes it: a whole board replaces it, a card takes its own place in the order. */
export function applyBoardEvent(
  board: readonly BringUpCard[] | undefined,
  event: { event: string; data: string },
): BringUpCard[] | undefined {
  if (event.event === 'board') return (JSON.parse(event.data) as CardResource[]).map(asCard);
  if (event.event !== 'card') return board ? [...board] : board;
  const card = asCard(JSON.parse(event.data) as CardResource);
  const others = (board ?? []).filter((item) => item.id !== card.id);
  return [...others, card].sort(
    (a, b) =>
      Date.parse(a.neededAt) - Date.parse(b.neededAt) ||
      (a.bookingCode < b.bookingCode ? -1 : a.bookingCode > b.bookingCode ? 1 : 0),
  );
}
