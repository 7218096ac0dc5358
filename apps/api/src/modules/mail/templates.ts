import type { Language } from '@planvy/shared';

/** What a template makes: the subject, the plain text, and simple HTML of the same words. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraphs, and at most one link as a button-like anchor, in a plain layout every mail reader shows. */
function layout(subject: string, paragraphs: string[], link?: { href: string; label: string }): RenderedMail {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(link ? [`${link.label}: ${link.href}`] : []),
    ...paragraphs.slice(1),
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const anchor = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="color:#1c5fb8">${escapeHtml(link.label)}</a></p>`
    : '';
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">` +
    `${p(paragraphs[0] ?? '')}${anchor}${paragraphs.slice(1).map(p).join('')}</body></html>`;
  return { subject, text, html };
}

/**
 * What every hold mail names (ADR 035). `to` says who reads it: the buyer, or the project's
 * broker (who also gets the buyer's name and address and a link to the holds board).
 * `until` is the expiry already written out in the mail's language and Swedish time.
 */
export interface HoldMailParams {
  to: 'buyer' | 'broker';
  name: string;
  email: string;
  project: string;
  bostad: string;
  /** A first-come checkout hold reads as a reservation. */
  kind: 'reservation' | 'booking' | 'checkout';
  until: string;
  /** The back-office holds board (broker mail only). */
  link?: string;
}

const holdWord = (lang: Language, kind: HoldMailParams['kind']) =>
  lang === 'en'
    ? kind === 'booking'
      ? 'booking'
      : 'reservation'
    : kind === 'booking'
      ? 'bokning'
      : 'reservation';
const boardLink = (lang: Language, params: HoldMailParams) =>
  params.to === 'broker' && params.link
    ? { href: params.link, label: lang === 'en' ? 'Open the reservations' : 'Öppna reservationerna' }
    : undefined;
const whoFor = (params: HoldMailParams) => `${params.name} (${params.email})`;

/** The templates, each in Swedish and English; params are what the outbox row keeps. */
export const MAIL_TEMPLATES = {
  password_reset: (lang: Language, params: { name: string; link: string; minutes: number }): RenderedMail => {
    if (lang === 'en') {
      return layout(
        'Choose a new password for Planvy',
        [
          `Hello ${params.name},`,
          `Someone (we hope you) asked to reset the password of your Planvy account. The link works once, within ${params.minutes} minutes.`,
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ],
        { href: params.link, label: 'Choose a new password' },
      );
    }
    return layout(
      'Välj ett nytt lösenord till Planvy',
      [
        `Hej ${params.name},`,
        `Någon (förhoppningsvis du) har bett om att få återställa lösenordet till ditt Planvy-konto. Länken fungerar en gång, inom ${params.minutes} minuter.`,
        'Om det inte var du kan du bortse från det här meddelandet: ditt lösenord förblir detsamma.',
      ],
      { href: params.link, label: 'Välj ett nytt lösenord' },
    );
  },
  invitation: (
    lang: Language,
    params: { name: string; inviter: string; link: string; days: number; appUrl: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `${params.inviter} has invited you to Planvy`,
        [
          `Hello ${params.name},`,
          `${params.inviter} has made you an account in Planvy (${params.appUrl}). Choose your password with the link below; it works once, within ${params.days} days.`,
          'Then sign in with your e-mail address and that password. If you did not expect this, ignore this message.',
        ],
        { href: params.link, label: 'Choose your password' },
      );
    }
    return layout(
      `${params.inviter} har bjudit in dig till Planvy`,
      [
        `Hej ${params.name},`,
        `${params.inviter} har skapat ett konto åt dig i Planvy (${params.appUrl}). Välj ditt lösenord med länken nedan; den fungerar en gång, inom ${params.days} dagar.`,
        'Logga sedan in med din e-postadress och det lösenordet. Om du inte väntade dig detta kan du bortse från meddelandet.',
      ],
      { href: params.link, label: 'Välj ditt lösenord' },
    );
  },
  /** Double opt-in (ADR 036): the link that confirms an interest registration. */
  interest_confirm: (
    lang: Language,
    params: { name: string; project: string; link: string; days: number },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `Confirm your interest in ${params.project}`,
        [
          `Hello ${params.name},`,
          `Thank you for registering your interest in ${params.project}. Confirm it with the link below within ${params.days} days; your place in the queue is the moment you confirm.`,
          'If you did not register, ignore this message: nothing is kept unless you confirm.',
        ],
        { href: params.link, label: 'Confirm my interest' },
      );
    }
    return layout(
      `Bekräfta din intresseanmälan till ${params.project}`,
      [
        `Hej ${params.name},`,
        `Tack för din intresseanmälan till ${params.project}. Bekräfta den med länken nedan inom ${params.days} dagar; din plats i kön är tidpunkten då du bekräftar.`,
        'Om det inte var du som anmälde dig kan du bortse från meddelandet: inget sparas om du inte bekräftar.',
      ],
      { href: params.link, label: 'Bekräfta min anmälan' },
    );
  },
  /** Sent once, 48 hours after an unconfirmed registration. */
  interest_confirm_reminder: (
    lang: Language,
    params: { name: string; project: string; link: string; expires: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `Reminder: confirm your interest in ${params.project}`,
        [
          `Hello ${params.name},`,
          `Your interest registration for ${params.project} is not confirmed yet. The link works until ${params.expires}; after that the registration is removed.`,
          'If you did not register, ignore this message.',
        ],
        { href: params.link, label: 'Confirm my interest' },
      );
    }
    return layout(
      `Påminnelse: bekräfta din intresseanmälan till ${params.project}`,
      [
        `Hej ${params.name},`,
        `Din intresseanmälan till ${params.project} är inte bekräftad än. Länken fungerar till ${params.expires}; därefter tas anmälan bort.`,
        'Om det inte var du som anmälde dig kan du bortse från meddelandet.',
      ],
      { href: params.link, label: 'Bekräfta min anmälan' },
    );
  },
  /** "Min sida": the buyer's own page, sent on confirmation and on request. */
  interest_page_link: (
    lang: Language,
    params: { name: string; project: string; link: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `Your page for ${params.project}`,
        [
          `Hello ${params.name},`,
          `On your page you see your place in the queue for ${params.project}, change your wishes, withdraw your registration or download your data. Keep this link to yourself: it is your key. It replaces any earlier link.`,
        ],
        { href: params.link, label: 'Open my page' },
      );
    }
    return layout(
      `Din sida för ${params.project}`,
      [
        `Hej ${params.name},`,
        `På din sida ser du din plats i kön för ${params.project}, ändrar dina önskemål, återkallar anmälan eller laddar ner dina uppgifter. Dela inte länken: den är din nyckel. Den ersätter tidigare länkar.`,
      ],
      { href: params.link, label: 'Öppna Min sida' },
    );
  },
  /** Three weeks before a registration lapses after 12 months without activity. */
  interest_lapse_reminder: (
    lang: Language,
    params: { name: string; project: string; link: string; lapses: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `Your interest in ${params.project} lapses on ${params.lapses}`,
        [
          `Hello ${params.name},`,
          `Your interest registration for ${params.project} has had no activity for almost a year and lapses on ${params.lapses}. Open your page to keep it; you keep your place in the queue.`,
        ],
        { href: params.link, label: 'Keep my registration' },
      );
    }
    return layout(
      `Din intresseanmälan till ${params.project} förfaller ${params.lapses}`,
      [
        `Hej ${params.name},`,
        `Din intresseanmälan till ${params.project} har inte haft någon aktivitet på snart ett år och förfaller ${params.lapses}. Öppna din sida för att behålla den; du behåller din plats i kön.`,
      ],
      { href: params.link, label: 'Behåll min anmälan' },
    );
  },
  /** To the project's sales team (its client and broker) when a registration is confirmed. */
  interest_new: (
    lang: Language,
    params: { project: string; buyer: string; email: string; confirmed: string; link: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `New interest in ${params.project}`,
        [
          `${params.buyer} (${params.email}) confirmed an interest registration for ${params.project} at ${params.confirmed}.`,
          'The whole list is in Planvy.',
        ],
        { href: params.link, label: 'Open the project in Planvy' },
      );
    }
    return layout(
      `Ny intresseanmälan till ${params.project}`,
      [
        `${params.buyer} (${params.email}) bekräftade en intresseanmälan till ${params.project} ${params.confirmed}.`,
        'Hela listan finns i Planvy.',
      ],
      { href: params.link, label: 'Öppna projektet i Planvy' },
    );
  },
  /** An offer of a home in a release (ADR 042): answer on Min sida by the deadline. */
  release_offer: (
    lang: Language,
    params: { name: string; project: string; release: string; bostad: string; until: string; link: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `You are offered ${params.bostad} in ${params.project}: answer by ${params.until}`,
        [
          `Hello ${params.name},`,
          `In ${params.release} of ${params.project} apartment ${params.bostad} is offered to you. Accept or decline on your page by ${params.until}; after that it passes to the next person in line.`,
          'If you accept, the home is reserved for you and the broker will contact you.',
        ],
        { href: params.link, label: 'Answer on my page' },
      );
    }
    return layout(
      `Du erbjuds ${params.bostad} i ${params.project}: svara senast ${params.until}`,
      [
        `Hej ${params.name},`,
        `I ${params.release} i ${params.project} erbjuds du bostad ${params.bostad}. Tacka ja eller nej på din sida senast ${params.until}; därefter går den vidare till nästa person i kön.`,
        'Tackar du ja reserveras bostaden åt dig och mäklaren hör av sig.',
      ],
      { href: params.link, label: 'Svara på Min sida' },
    );
  },
  /** A first-come checkout (ADR 042): the one-time link that reserves the home for a few minutes. */
  checkout_confirm: (
    lang: Language,
    params: { project: string; bostad: string; minutes: number; link: string },
  ): RenderedMail => {
    if (lang === 'en') {
      return layout(
        `Reserve ${params.bostad} in ${params.project}`,
        [
          'Hello,',
          `Open the link and press the button to reserve apartment ${params.bostad} in ${params.project} for ${params.minutes} minutes. The link works once, within 30 minutes, as long as nobody has reserved the home before you.`,
          'If you did not ask for this, ignore this message.',
        ],
        { href: params.link, label: 'Reserve the home' },
      );
    }
    return layout(
      `Reservera ${params.bostad} i ${params.project}`,
      [
        'Hej,',
        `Öppna länken och tryck på knappen för att reservera bostad ${params.bostad} i ${params.project} i ${params.minutes} minuter. Länken fungerar en gång, inom 30 minuter, så länge ingen har reserverat bostaden före dig.`,
        'Har du inte bett om detta kan du bortse från meddelandet.',
      ],
      { href: params.link, label: 'Reservera bostaden' },
    );
  },
  /** After every change of a buyer's ranked wishes in a release (ADR 041): the list in order, and when. */
  release_wishes_receipt: (
    lang: Language,
    params: {
      name: string;
      project: string;
      release: string;
      wishes: string[];
      at: string;
      closes: string | null;
    },
  ): RenderedMail => {
    const list = params.wishes.map((bostad, i) => `${i + 1}. ${bostad}`);
    if (lang === 'en') {
      return layout(`Your wishes in ${params.release}, ${params.project}`, [
        `Hello ${params.name},`,
        list.length
          ? `Your wishes in ${params.release} (${params.project}) were saved at ${params.at}, in this order:`
          : `Your wish list in ${params.release} (${params.project}) was emptied at ${params.at}.`,
        ...list,
        params.closes
          ? `You can change them on My page until ${params.closes}. The latest list is the one that counts.`
          : 'You can change them on My page while the wish window is open. The latest list is the one that counts.',
        'If you did not make this change, open My page from our earlier mail, or contact the sales team.',
      ]);
    }
    return layout(`Dina önskemål i ${params.release}, ${params.project}`, [
      `Hej ${params.name},`,
      list.length
        ? `Dina önskemål i ${params.release} (${params.project}) sparades ${params.at}, i den här ordningen:`
        : `Din önskelista i ${params.release} (${params.project}) tömdes ${params.at}.`,
      ...list,
      params.closes
        ? `Du kan ändra dem på Min sida till ${params.closes}. Det är den senaste listan som gäller.`
        : 'Du kan ändra dem på Min sida medan önskefönstret är öppet. Det är den senaste listan som gäller.',
      'Om det inte var du som ändrade, öppna Min sida från vårt tidigare mejl eller kontakta säljteamet.',
    ]);
  },
  /**
   * Wishes sent from the widget for an address already confirmed (ADR 041): nothing changes
   * until the buyer saves them on Min sida, which the link opens with them proposed.
   */
  release_wishes_proposed: (
    lang: Language,
    params: { name: string; project: string; release: string; wishes: string[]; link: string },
  ): RenderedMail => {
    const list = params.wishes.map((bostad, i) => `${i + 1}. ${bostad}`);
    if (lang === 'en') {
      return layout(
        `Save your wishes in ${params.release}, ${params.project}`,
        [
          `Hello ${params.name},`,
          `You are already registered for ${params.project}. These wishes for ${params.release} were sent from the form with your address:`,
          ...list,
          'Nothing has changed yet: open your page and save them there. If you did not send them, ignore this message. The link replaces any earlier link to your page.',
        ],
        { href: params.link, label: 'Open my page' },
      );
    }
    return layout(
      `Spara dina önskemål i ${params.release}, ${params.project}`,
      [
        `Hej ${params.name},`,
        `Du är redan anmäld till ${params.project}. De här önskemålen för ${params.release} skickades från formuläret med din adress:`,
        ...list,
        'Inget är ändrat än: öppna din sida och spara dem där. Om det inte var du kan du bortse från meddelandet. Länken ersätter tidigare länkar till din sida.',
      ],
      { href: params.link, label: 'Öppna Min sida' },
    );
  },
  hold_placed: (lang: Language, params: HoldMailParams): RenderedMail => {
    const what = holdWord(lang, params.kind);
    const where = `${params.bostad}, ${params.project}`;
    if (lang === 'en') {
      return params.to === 'buyer'
        ? layout(`${where} is reserved for you until ${params.until}`, [
            `Hello ${params.name},`,
            `Apartment ${params.bostad} in ${params.project} is held for you (${what}) until ${params.until}. Nobody else can reserve it until then.`,
            'If you have questions, answer this message or contact the broker.',
          ])
        : layout(
            `New ${what}: ${where}`,
            [
              'Hello,',
              `Apartment ${params.bostad} in ${params.project} is held for ${whoFor(params)} until ${params.until}.`,
            ],
            boardLink(lang, params),
          );
    }
    return params.to === 'buyer'
      ? layout(`${where} är reserverad åt dig till ${params.until}`, [
          `Hej ${params.name},`,
          `Bostad ${params.bostad} i ${params.project} hålls åt dig (${what}) till ${params.until}. Ingen annan kan reservera den fram till dess.`,
          'Har du frågor kan du svara på det här meddelandet eller kontakta mäklaren.',
        ])
      : layout(
          `Ny ${what}: ${where}`,
          [
            'Hej,',
            `Bostad ${params.bostad} i ${params.project} hålls åt ${whoFor(params)} till ${params.until}.`,
          ],
          boardLink(lang, params),
        );
  },
  hold_expiring: (lang: Language, params: HoldMailParams): RenderedMail => {
    const what = holdWord(lang, params.kind);
    const where = `${params.bostad}, ${params.project}`;
    if (lang === 'en') {
      return params.to === 'buyer'
        ? layout(`Your ${what} of ${where} ends ${params.until}`, [
            `Hello ${params.name},`,
            `Your ${what} of apartment ${params.bostad} in ${params.project} ends ${params.until}. After that the apartment is offered to others again.`,
            'Contact the broker if you want to go ahead or need more time.',
          ])
        : layout(
            `A ${what} ends soon: ${where}`,
            [
              'Hello,',
              `The ${what} of apartment ${params.bostad} in ${params.project} for ${whoFor(params)} ends ${params.until}.`,
            ],
            boardLink(lang, params),
          );
    }
    return params.to === 'buyer'
      ? layout(`Din ${what} av ${where} upphör ${params.until}`, [
          `Hej ${params.name},`,
          `Din ${what} av bostad ${params.bostad} i ${params.project} upphör ${params.until}. Därefter erbjuds bostaden till andra igen.`,
          'Kontakta mäklaren om du vill gå vidare eller behöver mer tid.',
        ])
      : layout(
          `En ${what} upphör snart: ${where}`,
          [
            'Hej,',
            `${what === 'bokning' ? 'Bokningen' : 'Reservationen'} av bostad ${params.bostad} i ${params.project} för ${whoFor(params)} upphör ${params.until}.`,
          ],
          boardLink(lang, params),
        );
  },
  hold_ended: (lang: Language, params: HoldMailParams): RenderedMail => {
    const what = holdWord(lang, params.kind);
    const where = `${params.bostad}, ${params.project}`;
    if (lang === 'en') {
      return params.to === 'buyer'
        ? layout(`Your ${what} of ${where} has ended`, [
            `Hello ${params.name},`,
            `Your ${what} of apartment ${params.bostad} in ${params.project} ended ${params.until}, and the apartment is no longer held for you.`,
            'Contact the broker if you are still interested.',
          ])
        : layout(
            `A ${what} has ended: ${where}`,
            [
              'Hello,',
              `The ${what} of apartment ${params.bostad} in ${params.project} for ${whoFor(params)} ended ${params.until}.`,
            ],
            boardLink(lang, params),
          );
    }
    return params.to === 'buyer'
      ? layout(`Din ${what} av ${where} har upphört`, [
          `Hej ${params.name},`,
          `Din ${what} av bostad ${params.bostad} i ${params.project} upphörde ${params.until}, och bostaden hålls inte längre åt dig.`,
          'Kontakta mäklaren om du fortfarande är intresserad.',
        ])
      : layout(
          `En ${what} har upphört: ${where}`,
          [
            'Hej,',
            `${what === 'bokning' ? 'Bokningen' : 'Reservationen'} av bostad ${params.bostad} i ${params.project} för ${whoFor(params)} upphörde ${params.until}.`,
          ],
          boardLink(lang, params),
        );
  },
} as const;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
