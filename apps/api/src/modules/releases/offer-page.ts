import type { Language, ReleaseOffer } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { findLiveByEmail } from '../interest/repository';
import { formatUntil } from '../holds/service';
import { offersOfEntry } from './offers';

/**
 * The buyer's offers on Min sida (ADR 042): a section with id `offers` that the interest page
 * (interest/pages.ts) inserts. A pending offer has "Tacka ja" / "Tacka nej" buttons, plain
 * POST forms (no script), answered by POST /interest/my/offer.
 */
const T = {
  sv: {
    title: 'Erbjudanden',
    offered: 'erbjuds dig. Svara senast',
    accept: 'Tacka ja till',
    decline: 'Tacka nej till',
    state: {
      pending: 'väntar på ditt svar',
      accepted: 'du tackade ja: reserverad åt dig',
      declined: 'du tackade nej',
      expired: 'tiden gick ut',
      withdrawn: 'återtaget',
    },
  },
  en: {
    title: 'Offers',
    offered: 'is offered to you. Answer by',
    accept: 'Accept',
    decline: 'Decline',
    state: {
      pending: 'awaiting your answer',
      accepted: 'you accepted: reserved for you',
      declined: 'you declined',
      expired: 'the time ran out',
      withdrawn: 'withdrawn',
    },
  },
} as const;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function offersSectionHtml(offers: ReleaseOffer[], token: string, lang: Language): string {
  if (offers.length === 0) return '';
  const t = T[lang];
  const form = (o: ReleaseOffer, op: 'accept' | 'decline', label: string, cls: string) =>
    `<form method="post" action="/interest/my/offer"><input type="hidden" name="token" value="${esc(token)}">` +
    `<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="offer_id" value="${o.id}">` +
    `<button${cls} name="op" value="${op}">${esc(`${label} ${o.bostad}`)}</button></form>`;
  return (
    `<section id="offers"><h2>${esc(t.title)}</h2><ul>` +
    offers
      .map((o) =>
        o.state === 'pending'
          ? `<li data-offer="${o.id}"><p><strong>${esc(o.bostad)}</strong> ${esc(t.offered)} ` +
            `${esc(formatUntil(new Date(o.expires_at), lang))}.</p><div class="row">` +
            form(o, 'accept', t.accept, '') +
            form(o, 'decline', t.decline, ' class="plain"') +
            `</div></li>`
          : `<li data-offer="${o.id}"><strong>${esc(o.bostad)}</strong>: ${esc(t.state[o.state])}</li>`,
      )
      .join('') +
    `</ul></section>`
  );
}

/** The offers section of a buyer's page, found by their live entry; empty when they have none. */
export async function offersFragment(
  db: DbOrTx,
  mine: { project: { id: number }; email: string },
  token: string,
  lang: Language,
): Promise<string> {
  const entry = await findLiveByEmail(db, mine.project.id, mine.email);
  return entry ? offersSectionHtml(await offersOfEntry(db, entry.id), token, lang) : '';
}
