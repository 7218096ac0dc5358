/**
 * The wish list's texts (ADR 041), Swedish and English, travelling with its chunk rather than the
 * first paint (as interest-i18n.ts). English is typed against Swedish.
 */
import { translatorOf, type Lang } from '../i18n';

const sv = {
  wishTitle: 'Min önskelista: {release}',
  wishIntro: 'Rangordna bostäderna: ditt förstahandsval överst. Högst {max} bostäder.',
  wishCount: '{n} av {max} önskemål',
  wishCloses: 'Önskefönstret stänger {time}.',
  wishEmpty: 'Listan är tom. Lägg till bostäder med stjärnan ”Lägg till i önskelistan”.',
  wishUp: 'Flytta {name} upp',
  wishDown: 'Flytta {name} ned',
  wishRemove: 'Ta bort {name}',
  wishSend: 'Skicka mina önskemål',
  wishNote: 'Önskemålen sparas bara i den här webbläsaren tills du skickar dem och bekräftar din e-post.',
  wish: 'Lägg till i önskelistan',
  wishOf: 'Lägg till {name} i önskelistan',
  wishList: 'Min önskelista ({n})',
  wishFull: 'Önskelistan är full: högst {n} bostäder. Ta bort en först.',
  demandOne: '{n} har den som förstahandsval',
  demandMany: '{n} har den som förstahandsval',
  demandQueue: 'bästa köplats {n}',
} as const;

export type WishMessageKey = keyof typeof sv;

const en: Record<WishMessageKey, string> = {
  wishTitle: 'My wish list: {release}',
  wishIntro: 'Rank the homes: your first choice at the top. At most {max} homes.',
  wishCount: '{n} of {max} wishes',
  wishCloses: 'The wish window closes {time}.',
  wishEmpty: 'The list is empty. Add homes with the star “Add to wish list”.',
  wishUp: 'Move {name} up',
  wishDown: 'Move {name} down',
  wishRemove: 'Remove {name}',
  wishSend: 'Send my wishes',
  wishNote: 'The wishes are kept only in this browser until you send them and confirm your e-mail.',
  wish: 'Add to wish list',
  wishOf: 'Add {name} to the wish list',
  wishList: 'My wish list ({n})',
  wishFull: 'The wish list is full: at most {n} homes. Remove one first.',
  demandOne: '{n} person has it as first choice',
  demandMany: '{n} people have it as first choice',
  demandQueue: 'best queue place {n}',
};

export const WISH_DICTIONARIES: Record<Lang, Record<WishMessageKey, string>> = { sv, en };

export const wishTranslator = (lang: Lang) => translatorOf(WISH_DICTIONARIES, lang);
