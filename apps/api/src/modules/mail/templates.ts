import type { Language } from '@planvy/shared';

/** What a template makes: the subject, the plain text, and simple HTML of the same words. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraphs, and one link as a button-like anchor, in a plain layout every mail reader shows. */
function layout(subject: string, paragraphs: string[], link: { href: string; label: string }): RenderedMail {
  const text = [...paragraphs.slice(0, 1), `${link.label}: ${link.href}`, ...paragraphs.slice(1)].join(
    '\n\n',
  );
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">` +
    `${p(paragraphs[0] ?? '')}` +
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="color:#1c5fb8">${escapeHtml(link.label)}</a></p>` +
    `${paragraphs.slice(1).map(p).join('')}</body></html>`;
  return { subject, text, html };
}

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
} as const;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
