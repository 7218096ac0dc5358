import { describe, expect, it } from 'vitest';
import { STYLE_PREVIEW_MESSAGE, type StyleTriple } from '@planvy/shared/styles';
import { listenForPreviewStyles } from './style-preview';

/** A framed window: its parent is the admin app, its origin the server's. */
function framed() {
  const parent = {};
  let handler: ((event: MessageEvent) => void) | undefined;
  const win = {
    parent,
    location: { origin: 'https://planvy.example' },
    addEventListener: (_type: string, fn: (event: MessageEvent) => void) => {
      handler = fn;
    },
  } as unknown as Window;
  const received: StyleTriple[][] = [];
  listenForPreviewStyles((styles) => received.push(styles), win);
  const post = (data: unknown, source: unknown = parent, origin = 'https://planvy.example') =>
    handler!({ data, source, origin } as MessageEvent);
  return { post, received };
}

describe('listenForPreviewStyles', () => {
  it('applies a draft sent by the framing page of the same origin', () => {
    const { post, received } = framed();
    post({ type: STYLE_PREVIEW_MESSAGE, styles: [['sold', 'svg', '#000000']] });
    expect(received).toEqual([[['sold', 'svg', '#000000']]]);
  });

  it('ignores other origins, other senders and other messages, and drops malformed entries', () => {
    const { post, received } = framed();
    const styles = [['sold', 'svg', '#000000']];
    post({ type: STYLE_PREVIEW_MESSAGE, styles }, {}, 'https://planvy.example');
    post({ type: STYLE_PREVIEW_MESSAGE, styles }, undefined, 'https://evil.example');
    post({ type: 'planvy:height', styles });
    post({ type: STYLE_PREVIEW_MESSAGE, styles: 'sold-svg:#000' });
    post(null);
    expect(received).toEqual([]);
    post({
      type: STYLE_PREVIEW_MESSAGE,
      styles: [['sold', 'svg'], ['a', 'b', 3], 'x', ['font', 'size', '20px']],
    });
    expect(received).toEqual([[['font', 'size', '20px']]]);
  });
});
