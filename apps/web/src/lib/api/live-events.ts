/**
 * Live updates from the server (issue 41): an event stream read as it arrives, opened again a second after it ends
 * or drops (the server closes each one after a few minutes), until the component using it goes. A refusal (401,
 * 403, 404) ends it for good: the caller is told, and reads the page's data again if it wants.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiEventStream, type QueryValue } from './client';

export interface LiveEvent {
  event: string;
  data: string;
}

/** Splits a stream's text into events (`event:` and `data:` lines, a blank line after each). */
export function parseEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'refused';

/** Reads `path`'s event stream while mounted (and `enabled`); each event goes to `onEvent`. */
export function useLiveEvents(
  path: string,
  onEvent: (event: LiveEvent) => void,
  options: { headers?: Record<string, string>; query?: Record<string, QueryValue>; enabled?: boolean } = {},
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = JSON.stringify([path, options.headers ?? {}, options.query ?? {}]);
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const [streamPath, headers, query] = JSON.parse(key) as [
      string,
      Record<string, string>,
      Record<string, QueryValue>,
    ];
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const response = await apiEventStream(streamPath, { headers, query, signal: controller.signal });
        const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
        if (!reader) throw new ApiError(0, []);
        setState('live');
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + value);
          buffer = parsed.rest;
          for (const event of parsed.events) handler.current(event);
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
          setState('refused');
          return;
        }
      }
      if (controller.signal.aborted) return;
      setState('reconnecting');
      retry = setTimeout(() => void connect(), 1000);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [key, enabled]);
  return state;
}
