import { translatorOf, type Lang } from '../i18n';

/** The player's texts; they load with the player, not with the widget. */
const sv = {
  title: 'Solstudie',
  close: 'Stäng',
  previous: 'Föregående',
  next: 'Nästa',
  play: 'Spela upp',
  pause: 'Pausa',
  time: 'Tidpunkt',
  step: '{n} av {total}',
  stepNamed: '{label} ({n} av {total})',
  imageAlt: 'Solstudie: {label}',
  hint: 'Svep eller använd piltangenterna för att bläddra.',
  loadError: 'Bilden kunde inte visas.',
} as const;

export type PlayerKey = keyof typeof sv;

const en: Record<PlayerKey, string> = {
  title: 'Sun study',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  play: 'Play',
  pause: 'Pause',
  time: 'Time',
  step: '{n} of {total}',
  stepNamed: '{label} ({n} of {total})',
  imageAlt: 'Sun study: {label}',
  hint: 'Swipe or use the arrow keys to step through.',
  loadError: 'The image could not be shown.',
};

export const PLAYER_TEXTS: Record<Lang, Record<PlayerKey, string>> = { sv, en };

export type PlayerText = (key: PlayerKey, vars?: Record<string, string | number>) => string;

export const playerText = (lang: Lang): PlayerText => translatorOf(PLAYER_TEXTS, lang);
