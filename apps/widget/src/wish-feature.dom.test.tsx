import { fireEvent, screen, within } from '@testing-library/dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProjectSettings, type PublicView } from '@planvy/shared';
import type { PublicApartment } from '@planvy/shared/public-view';
import type { PublicRelease } from '@planvy/shared/release-wishes';
import { WISH_DICTIONARIES } from './components/wish-i18n';
import { wishesKey } from './favourites';
import { createWidget } from './widget';
import { WidgetContext } from './widget-context';
import { Demand, setup, WishBar, WishButton, wishList } from './wish-feature';

const click = (el: Element) => void act(() => void fireEvent.click(el));

const flat = (id: number) => ({ id, bostad: String(1100 + id), status: 'sale' }) as PublicApartment;
const flats = [flat(1), flat(2), flat(3), flat(4)];
const release: PublicRelease = {
  id: 7,
  name: 'Släpp 1',
  max_wishes: 2,
  wishes_close_at: '2026-12-01T16:00:00.000Z',
  apartment_ids: [1, 2, 3],
  demand: [
    { apartment_id: 1, first_choice: 3, best_queue: 12 },
    { apartment_id: 2, first_choice: 1, best_queue: null },
  ],
};
const view = (): PublicView => ({
  project: { id: 5, name: 'P', type: 'sale' },
  settings: defaultProjectSettings(),
  styles: [],
  plans: [],
  apartments: flats,
  buildings: [],
  sun_study: [],
  release,
});

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
  localStorage.clear();
});

function mount(lang: 'sv' | 'en' = 'sv', notices: string[] = [], sent: number[][] = []) {
  void act(() => setup(5, release, (text) => void notices.push(text)));
  root = document.body.appendChild(document.createElement('div'));
  void act(() =>
    render(
      <WidgetContext.Provider value={createWidget(view(), lang)}>
        <ul>
          {flats.map((a) => (
            <li key={a.id}>
              <WishButton apartment={a} named />
              <Demand id={a.id} />
            </li>
          ))}
        </ul>
        <WishBar apartments={new Map(flats.map((a) => [a.id, a]))} onSend={(ids) => sent.push(ids)} />
      </WidgetContext.Provider>,
      root!,
    ),
  );
}

describe('the wish list', () => {
  it('adds homes of the release beside the heart, at most max_wishes, kept on the device in ranked order', () => {
    const notices: string[] = [];
    mount('sv', notices);
    // Only the release's homes get the star.
    expect(screen.queryByRole('button', { name: 'Lägg till Bostad 1104 i önskelistan' })).toBeNull();
    const star = (b: string) => screen.getByRole('button', { name: `Lägg till Bostad ${b} i önskelistan` });
    click(star('1102'));
    click(star('1101'));
    expect(star('1102').getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(wishesKey(5, 7))!)).toEqual([2, 1]);
    click(star('1103'));
    expect(notices).toEqual(['Önskelistan är full: högst 2 bostäder. Ta bort en först.']);
    expect(star('1103').getAttribute('aria-pressed')).toBe('false');
    click(star('1102'));
    expect(wishList()).toEqual([1]);
    // Demand: counts only, plural as the language has it, a queue place only where there is one.
    expect(screen.getByText('3 har den som förstahandsval · bästa köplats 12')).toBeTruthy();
    expect(screen.getByText('1 har den som förstahandsval')).toBeTruthy();
  });

  it('ranks in a dialog with named up, down and remove buttons, and sends the list in order', () => {
    localStorage.setItem(wishesKey(5, 7), JSON.stringify([1, 3]));
    const sent: number[][] = [];
    mount('en', [], sent);
    expect(screen.getByText('3 people have it as first choice · best queue place 12')).toBeTruthy();
    expect(screen.getByText('1 person has it as first choice')).toBeTruthy();
    click(screen.getByRole('button', { name: 'My wish list (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'My wish list: Släpp 1' });
    const order = () =>
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent);
    expect(order()).toEqual(['Unit 1101', 'Unit 1103']);
    expect(within(dialog).getByRole('button', { name: 'Move Unit 1101 up' }).hasAttribute('disabled')).toBe(
      true,
    );
    click(within(dialog).getByRole('button', { name: 'Move Unit 1103 up' }));
    expect(order()).toEqual(['Unit 1103', 'Unit 1101']);
    expect(JSON.parse(localStorage.getItem(wishesKey(5, 7))!)).toEqual([3, 1]);
    expect(within(dialog).getByText('2 of 2 wishes')).toBeTruthy();
    click(within(dialog).getByRole('button', { name: 'Remove Unit 1101' }));
    expect(order()).toEqual(['Unit 1103']);
    click(within(dialog).getByRole('button', { name: 'Send my wishes' }));
    expect(sent).toEqual([[3]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has every text in both languages with the same placeholders', () => {
    const holes = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const [key, text] of Object.entries(WISH_DICTIONARIES.sv))
      expect(holes(WISH_DICTIONARIES.en[key as keyof typeof WISH_DICTIONARIES.sv]), key).toEqual(holes(text));
  });
});
