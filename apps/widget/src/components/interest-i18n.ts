/**
 * The interest form's texts (ADR 036), Swedish and English, apart from the widget's main
 * dictionary (i18n.ts) so they travel with the form's chunk, not with the first paint. Typed
 * and tested the same way: English against Swedish, placeholders alike.
 */
import { translatorOf, type Lang } from '../i18n';

const sv = {
  interestTitle: 'Intresseanmälan',
  interestIntro: 'Lämna dina uppgifter så hör säljteamet av sig. Du bekräftar anmälan via e-post.',
  interestName: 'Namn',
  interestEmail: 'E-post',
  interestPhone: 'Telefon (valfritt)',
  interestRooms: 'Antal rum du söker (t.ex. 2, 3)',
  interestMaxPrice: 'Högsta pris',
  interestRanked: 'Bostäder i den ordning du föredrar dem',
  interestWishes: 'Dina önskemål i {release}, i den ordning du föredrar dem',
  interestNoneRanked: 'Inga bostäder valda. Du kan anmäla intresse för projektet i stort.',
  interestUp: 'Flytta upp {name}',
  interestDown: 'Flytta ned {name}',
  interestRemove: 'Ta bort {name}',
  interestConsents: 'Samtycke',
  interestSend: 'Skicka anmälan',
  interestSending: 'Skickar…',
  interestRequired: 'Fyll i namn, en giltig e-postadress och samtycket till intresselistan.',
  interestThanks: 'Tack! Bekräfta via länken vi skickade till {email}.',
  interestThanksNote:
    'Din plats i kön är tidpunkten då du bekräftar. Hittar du inte mejlet, titta i skräpposten.',
  interestTooMany: 'För många anmälningar just nu. Försök igen om en stund.',
  interestError: 'Anmälan kunde inte skickas. Försök igen.',
  interestWishesClosed: 'Släppet tar inte emot önskemål just nu. Ladda om sidan för att se läget.',
  interestHoneypot: 'Lämna tomt',
  interestAlready: 'Redan anmäld? Skicka länken till Min sida igen till e-postadressen ovan.',
  interestSendLink: 'Skicka min länk',
  interestLinkSent: 'Om {email} är anmäld skickar vi länken dit nu.',
} as const;

export type InterestMessageKey = keyof typeof sv;

const en: Record<InterestMessageKey, string> = {
  interestTitle: 'Register interest',
  interestIntro:
    'Leave your details and the sales team will be in touch. You confirm the registration by e-mail.',
  interestName: 'Name',
  interestEmail: 'E-mail',
  interestPhone: 'Phone (optional)',
  interestRooms: 'Number of rooms you look for (e.g. 2, 3)',
  interestMaxPrice: 'Highest price',
  interestRanked: 'Homes in your order of preference',
  interestWishes: 'Your wishes in {release}, in your order of preference',
  interestNoneRanked: 'No homes chosen. You can register interest in the project as a whole.',
  interestUp: 'Move {name} up',
  interestDown: 'Move {name} down',
  interestRemove: 'Remove {name}',
  interestConsents: 'Consent',
  interestSend: 'Send registration',
  interestSending: 'Sending…',
  interestRequired: 'Fill in your name, a valid e-mail address and the consent to the interest list.',
  interestThanks: 'Thank you! Confirm with the link we sent to {email}.',
  interestThanksNote:
    'Your place in the queue is the moment you confirm. If you cannot find the mail, look in your spam folder.',
  interestTooMany: 'Too many registrations right now. Try again in a while.',
  interestError: 'The registration could not be sent. Try again.',
  interestWishesClosed: 'The release does not take wishes just now. Reload the page to see where it stands.',
  interestHoneypot: 'Leave empty',
  interestAlready: 'Already registered? Send the link to My page again to the e-mail address above.',
  interestSendLink: 'Send my link',
  interestLinkSent: 'If {email} is registered, we are sending the link there now.',
};

export const INTEREST_DICTIONARIES: Record<Lang, Record<InterestMessageKey, string>> = { sv, en };

export const interestTranslator = (lang: Lang) => translatorOf(INTEREST_DICTIONARIES, lang);
