import { describe, expect, it } from 'vitest';
import { parseEvents } from './live-events';

describe('parseEvents', () => {
  it('splits a stream into its events and keeps an unfinished one for the next chunk', () => {
    const first = parseEvents('retry: 1000\n\nevent: card\ndata: {"id":"1"}\n\n: keep-alive\n\nevent: bo');
    expect(first.events).toEqual([{ event: 'card', data: '{"id":"1"}' }]);
    const second = parseEvents(`${first.rest}ard\ndata: []\n\n`);
    expect(second.events).toEqual([{ event: 'board', data: '[]' }]);
    expect(second.rest).toBe('');
  });

  it('joins the data lines of one event', () => {
    expect(parseEvents('data: a\ndata: b\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
