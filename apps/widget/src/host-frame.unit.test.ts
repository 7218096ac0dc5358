import { describe, expect, it } from 'vitest';
import type { Band } from './embed-messages';
import { followBand, onBand } from './host-frame';

/** A frame placed by embed.js on https://broker.example: its parent window and its messages. */
function framed() {
  const parent = {};
  let handler: ((event: MessageEvent) => void) | undefined;
  const win = {
    parent,
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => {
      handler = fn;
    },
  } as unknown as Window;
  followBand('https://broker.example', win);
  const send = (data: unknown, origin = 'https://broker.example', source: unknown = parent) =>
    handler?.({ data, origin, source } as MessageEvent);
  return { send, parent };
}

describe('followBand', () => {
  it('hands on the band the host page sends, now and to later listeners', () => {
    const { send } = framed();
    const seen: Band[] = [];
    const stop = onBand((b) => seen.push(b));
    send({ type: 'planvy:band', top: 1200, height: 800 });
    send({ type: 'planvy:band', top: 1250, height: 800 });
    expect(seen).toEqual([
      { top: 1200, height: 800 },
      { top: 1250, height: 800 },
    ]);
    stop();
    send({ type: 'planvy:band', top: 0, height: 300 });
    expect(seen).toHaveLength(2);
    // A card opened later starts in the band on screen now.
    const late: Band[] = [];
    onBand((b) => late.push(b))();
    expect(late).toEqual([{ top: 0, height: 300 }]);
  });

  it('ignores another origin, another window and anything that is not a band', () => {
    const { send } = framed();
    send({ type: 'planvy:band', top: 10, height: 500 });
    const seen: Band[] = [];
    const stop = onBand((b) => seen.push(b));
    seen.length = 0;
    send({ type: 'planvy:band', top: 0, height: 1 }, 'https://evil.example');
    send({ type: 'planvy:band', top: 0, height: 1 }, 'https://broker.example', {});
    send({ type: 'planvy:band', top: -5, height: 1 });
    send({ type: 'planvy:height', height: 900 });
    send('planvy:band');
    expect(seen).toEqual([]);
    stop();
  });
});
