/**
 * The zod-free part of interest registration (ADR 036), for the widget too: statuses, the
 * times of the rules, and the versioned consent texts.
 */
import type { Language } from './language';

export const INTEREST_STATUSES = ['pending', 'confirmed', 'withdrawn', 'lapsed'] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];
export const INTEREST_SOURCES = ['widget', 'viewing'] as const;
export type InterestSource = (typeof INTEREST_SOURCES)[number];
export const CONSENT_PURPOSES = ['interest_list', 'newsletter'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_METHODS = ['widget_form', 'added_at_viewing'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The times of the rules: confirmation window, its reminder, lapse and its reminder. */
export const INTEREST_RULES = {
  confirmDays: 7,
  confirmReminderHours: 48,
  lapseDays: 365,
  lapseReminderDays: 21,
  /** A form sent sooner than this after it was shown is a script's. */
  minFillSeconds: 3,
  /** A form token older than this is refused (the buyer reloads the form). */
  formTokenHours: 24,
  maxRankedApartments: 10,
} as const;

/** Every consent text ever shown, by version id. Add a version; never edit one. */
export const CONSENT_TEXTS: Record<string, { purpose: ConsentPurpose; text: Record<Language, string> }> = {
  'interest_list.2026-11': {
    purpose: 'interest_list',
    text: {
      sv: 'Jag vill stå på intresselistan för det här projektet. Mina uppgifter (namn, e-post, telefon och önskemål) sparas för att säljteamet ska kunna kontakta mig om bostäderna. Anmälan gäller i 12 månader från min senaste aktivitet och jag kan när som helst ändra eller återkalla den på Min sida.',
      en: 'I want to be on the interest list for this project. My details (name, e-mail, phone and wishes) are kept so that the sales team can contact me about the homes. The registration lasts 12 months from my latest activity, and I can change or withdraw it at any time on My page.',
    },
  },
  'newsletter.2026-11': {
    purpose: 'newsletter',
    text: {
      sv: 'Jag vill också få nyhetsbrev om projektet per e-post. Jag kan avsluta dem när som helst.',
      en: 'I would also like to receive newsletters about the project by e-mail. I can stop them at any time.',
    },
  },
};

/** The version shown in forms today, per purpose. */
export const CURRENT_CONSENT: Record<ConsentPurpose, string> = {
  interest_list: 'interest_list.2026-11',
  newsletter: 'newsletter.2026-11',
};

/** The text of a consent version in a language (the version id itself if it is unknown). */
export function consentText(version: string, lang: Language): string {
  return CONSENT_TEXTS[version]?.text[lang] ?? version;
}
