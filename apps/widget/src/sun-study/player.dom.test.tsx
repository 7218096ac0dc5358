import { fireEvent, screen } from '@testing-library/dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicSunStudy } from '@planvy/shared/public-view';
import { PLAY_STEP_MS, SunStudyPlayer } from './player';

/** Events inside act(), so Preact renders before the next line looks. */
const wrap =
  (f: (el: Element | Document, init?: object) => boolean) => (el: Element | Document, init?: object) =>
    void act(() => void f(el, init));
const fire = {
  keyDown: wrap(fireEvent.keyDown),
  click: wrap(fireEvent.click),
  input: wrap(fireEvent.input),
  pointerDown: wrap(fireEvent.pointerDown),
  pointerUp: wrap(fireEvent.pointerUp),
  load: wrap(fireEvent.load),
};

let root: HTMLElement | null = null;
function cleanup() {
  if (root) render(null, root);
  root?.remove();
  root = null;
}

const image = (id: number, label: string): PublicSunStudy => ({
  id,
  label,
  kind: 'image',
  url: `/projects/1/sunstudy/${id}/h/${id}.jpg`,
  type: 'image/jpeg',
  width: 1600,
  height: 1000,
  sources: [
    { url: `/s/${id}/320.webp`, width: 320, type: 'image/webp' },
    { url: `/s/${id}/320.jpg`, width: 320, type: 'image/jpeg' },
  ],
});
const video: PublicSunStudy = {
  id: 9,
  label: 'Sommar',
  kind: 'video',
  url: '/projects/1/sunstudy/9/h/sommar.mp4',
  type: 'video/mp4',
  width: null,
  height: null,
  sources: [],
};
const items = [image(1, '21 juni 09:00'), image(2, '21 juni 12:00'), image(3, '21 juni 15:00'), video];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open(list = items, lang: 'sv' | 'en' = 'sv') {
  const onClose = vi.fn();
  root = document.body.appendChild(document.createElement('div'));
  void act(() => render(<SunStudyPlayer items={list} lang={lang} onClose={onClose} />, root!));
  const dialog = screen.getByRole('dialog');
  const label = () => dialog.querySelector('.pv-sun-label')?.textContent;
  return { dialog, onClose, label };
}

/** Image URLs in the document: the one shown and any fetched ahead. */
const imageUrls = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('SunStudyPlayer', () => {
  it('is a labelled modal dialog that starts at the first image, with focus on play', () => {
    const { dialog, label } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Solstudie' })).toBeTruthy();
    expect(label()).toBe('21 juni 09:00');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Spela upp' }));
    expect(screen.getByRole('img', { name: 'Solstudie: 21 juni 09:00' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Tidpunkt' }).getAttribute('aria-valuetext')).toBe(
      '21 juni 09:00 (1 av 4)',
    );
  });

  it('fetches only the next image ahead, in the same widths', () => {
    const { dialog } = open();
    expect(imageUrls()).toEqual(['/s/1/320.jpg', '/s/2/320.jpg']);
    const ahead = dialog.querySelector('.pv-sun-preload');
    expect(ahead?.hasAttribute('hidden')).toBe(true);
    expect(ahead?.querySelector('source')?.getAttribute('srcset')).toBe('/s/2/320.webp 320w');
  });

  it('steps with the arrows, Home and End, the buttons and the slider, and stops at the ends', () => {
    const { dialog, label } = open();
    fire.keyDown(dialog, { key: 'ArrowRight' });
    expect(label()).toBe('21 juni 12:00');
    expect(imageUrls()).toEqual(['/s/2/320.jpg', '/s/3/320.jpg']);
    fire.keyDown(dialog, { key: 'ArrowLeft' });
    fire.keyDown(dialog, { key: 'ArrowLeft' });
    expect(label()).toBe('21 juni 09:00');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Föregående' }).disabled).toBe(true);
    fire.click(screen.getByRole('button', { name: 'Nästa' }));
    expect(label()).toBe('21 juni 12:00');
    fire.keyDown(dialog, { key: 'End' });
    expect(label()).toBe('Sommar');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Nästa' }).disabled).toBe(true);
    fire.keyDown(dialog, { key: 'Home' });
    fire.input(screen.getByRole('slider'), { target: { value: '2' } });
    expect(label()).toBe('21 juni 15:00');
  });

  it('plays inline videos with controls', () => {
    const { dialog } = open();
    fire.keyDown(dialog, { key: 'End' });
    const player = dialog.querySelector('video')!;
    expect(player.getAttribute('src')).toBe(video.url);
    expect(player.controls).toBe(true);
    expect(player.hasAttribute('playsinline')).toBe(true);
  });

  it('steps on a swipe left or right, but not on a vertical move', () => {
    const { dialog, label } = open();
    const stage = dialog.querySelector('figure')!;
    const swipe = (x1: number, x2: number, y2 = 100) => {
      fire.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: x1, clientY: 100 });
      fire.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: x2, clientY: y2 });
    };
    swipe(300, 100);
    expect(label()).toBe('21 juni 12:00');
    swipe(300, 280, 400);
    expect(label()).toBe('21 juni 12:00');
    swipe(100, 300);
    expect(label()).toBe('21 juni 09:00');
  });

  it('plays through the images once each is loaded, toggled by space, and starts over after the last', () => {
    vi.useFakeTimers();
    const list = items.slice(0, 2);
    const { dialog, label } = open(list);
    const load = () => fire.load(dialog.querySelector('.pv-sun-media img')!);
    fire.keyDown(screen.getByRole('slider'), { key: ' ' });
    expect(screen.getByRole('button', { name: 'Spela upp' }).getAttribute('aria-pressed')).toBe('true');
    void act(() => void vi.advanceTimersByTime(PLAY_STEP_MS * 3));
    expect(label()).toBe('21 juni 09:00');
    load();
    void act(() => void vi.advanceTimersByTime(PLAY_STEP_MS));
    expect(label()).toBe('21 juni 12:00');
    load();
    void act(() => void vi.advanceTimersByTime(PLAY_STEP_MS));
    expect(label()).toBe('21 juni 09:00');
    fire.keyDown(screen.getByRole('slider'), { key: ' ' });
    load();
    void act(() => void vi.advanceTimersByTime(PLAY_STEP_MS * 3));
    expect(label()).toBe('21 juni 09:00');
  });

  it('closes on Escape and on the close button', () => {
    const { onClose } = open(items, 'en');
    fire.keyDown(document, { key: 'Escape' });
    fire.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', () => {
    const { dialog } = open();
    const close = screen.getByRole('button', { name: 'Stäng' });
    const slider = screen.getByRole('slider');
    slider.focus();
    fire.keyDown(slider, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fire.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(slider);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
