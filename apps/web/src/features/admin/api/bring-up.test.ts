import { describe, expect, it } from 'vitest';
import type { BringUpCardAttributes } from '@parking/domain/api-contract/bring-up';
import { applyBoardEvent, type BringUpCard } from './bring-up';

const card = (id: string, neededAt: string, state: BringUpCardAttributes['state'] = 'expected') =>
  ({ id, bookingCode: `B${id}`, neededAt, state }) as BringUpCard;
const event = (name: string, payload: unknown) => ({ event: name, data: JSON.stringify(payload) });
const resource = ({ id, ...attributes }: BringUpCard) => ({ id, attributes });

describe('applyBoardEvent', () => {
  it('replaces the board with a whole board, and puts a changed card in its place in the order', () => {
    const board = applyBoardEvent(undefined, event('board', [resource(card('1', '2026-12-03T07:00:00Z'))]));
    expect(board?.map((c) => c.id)).toEqual(['1']);
    const later = applyBoardEvent(board, event('card', resource(card('2', '2026-12-03T06:00:00Z'))));
    expect(later?.map((c) => c.id)).toEqual(['2', '1']);
    // A card that moves (a late flight) takes its new place; its state is the new one.
    const moved = applyBoardEvent(
      later,
      event('card', resource(card('2', '2026-12-03T08:00:00Z', 'landed'))),
    );
    expect(moved?.map((c) => [c.id, c.state])).toEqual([
      ['1', 'expected'],
      ['2', 'landed'],
    ]);
  });
});
