import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEscapeToClose } from './dialog-shell';

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
});

function Closable({ onClose }: { onClose: () => void }) {
  useEscapeToClose(onClose);
  return <p>open</p>;
}

describe('useEscapeToClose', () => {
  it('closes on an Escape pressed as soon as the dialog is rendered, before the next frame', () => {
    const onClose = vi.fn();
    root = document.createElement('div');
    document.body.append(root);
    render(<Closable onClose={onClose} />, root);
    // No act(), no waiting: the listener must be there from the render itself.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
