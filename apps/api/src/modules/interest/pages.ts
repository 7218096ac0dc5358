import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf, z, type InterestMine, type Language } from '../../lib/schemas';
import { HttpError } from '../../lib/http-error';
import { fromHandler } from '../../plugins/public-view-freshness';
import { listApartments } from '../apartments/repository';
import * as service from './service';
import { offersFragment } from '../releases/offer-page';

/**
 * The buyer's pages (ADR 036): the confirmation page and "Min sida", plain server-rendered
 * HTML with forms and no script, no third-party resource, and no referrer (the token is in
 * the address). Confirming takes a press of a button (a POST), so a mail scanner that opens
 * the link does not confirm for the buyer.
 */

const T = {
  sv: {
    confirmTitle: 'Bekräfta din intresseanmälan',
    confirmText:
      'Tryck på knappen för att bekräfta din anmälan. Din plats i kön är tidpunkten då du bekräftar.',
    confirmButton: 'Bekräfta',
    refused:
      'Länken har gått ut eller gäller inte längre. Anmäl dig igen, eller be om en ny länk i formuläret där du anmälde dig.',
    title: 'Min sida',
    queue: 'Din plats i kön (bekräftad)',
    status: { pending: 'Ej bekräftad', confirmed: 'Aktiv', withdrawn: 'Återkallad', lapsed: 'Förfallen' },
    lapses: 'Anmälan gäller till',
    rules: 'Regler',
    wishes: 'Dina önskemål',
    rooms: 'Antal rum (t.ex. 2, 3)',
    maxPrice: 'Högsta pris',
    ranked: 'Bostäder i den ordning du föredrar dem',
    none: 'Inga bostäder valda.',
    up: 'Flytta upp',
    down: 'Flytta ned',
    remove: 'Ta bort',
    add: 'Lägg till bostad',
    save: 'Spara önskemål',
    saved: 'Dina önskemål är sparade.',
    reserved: 'Reservationer',
    noReservations: 'Inga bostäder är reserverade åt dig.',
    heldReservation: 'reserverad åt dig till',
    heldBooking: 'bokad åt dig, nästa steg senast',
    withdrawTitle: 'Återkalla anmälan',
    withdrawText: 'Du lämnar kön. Dina uppgifter raderas efter den tid projektet har bestämt.',
    withdrawButton: 'Återkalla min anmälan',
    withdrawn: 'Din anmälan är återkallad.',
    data: 'Ladda ner mina uppgifter (JSON)',
    consents: 'Dina samtycken',
    given: 'lämnat',
    wishList: 'Önskelista',
    wishIntro: 'Rangordna bostäderna i släppet: ditt förstahandsval överst.',
    wishCount: '{n} av {max} önskemål',
    wishNone: 'Inga önskemål ännu.',
    wishCloses: 'Önskefönstret stänger',
    wishOpenNoClose: 'Önskefönstret är öppet.',
    wishPaused: 'Släppet är pausat: önskemålen kan inte ändras just nu.',
    wishFrozen: 'Önskefönstret har stängt. Din lista är låst:',
    wishUp: 'Flytta {b} upp',
    wishDown: 'Flytta {b} ned',
    wishRemove: 'Ta bort {b}',
    wishAdd: 'Lägg till bostad i önskelistan',
    wishAddButton: 'Lägg till',
    wishUpdated: 'Senast ändrad',
    wishSeed:
      'Lottningens frö är förseglat: dess SHA-256 publicerades när önskefönstret öppnade och fröet avslöjas efter tilldelningen, så att vem som helst kan köra om lottningen.',
    wishProposed: 'Önskemål från formuläret, inte sparade än:',
    wishApply: 'Spara de här önskemålen',
    wishesSaved: 'Dina önskemål är sparade. Ett kvitto har skickats till din e-post.',
    wishesClosed: 'Släppet tar inte emot önskemål nu. Din lista är oförändrad.',
    wishesRefused: 'Önskemålen kunde inte sparas. Din lista är oförändrad.',
  },
  en: {
    confirmTitle: 'Confirm your interest',
    confirmText:
      'Press the button to confirm your registration. Your place in the queue is the moment you confirm.',
    confirmButton: 'Confirm',
    refused:
      'This link has expired or is no longer valid. Register again, or ask for a new link in the form where you registered.',
    title: 'My page',
    queue: 'Your place in the queue (confirmed)',
    status: { pending: 'Not confirmed', confirmed: 'Active', withdrawn: 'Withdrawn', lapsed: 'Lapsed' },
    lapses: 'The registration lasts until',
    rules: 'Rules',
    wishes: 'Your wishes',
    rooms: 'Number of rooms (e.g. 2, 3)',
    maxPrice: 'Highest price',
    ranked: 'Homes in your order of preference',
    none: 'No homes chosen.',
    up: 'Move up',
    down: 'Move down',
    remove: 'Remove',
    add: 'Add a home',
    save: 'Save wishes',
    saved: 'Your wishes are saved.',
    reserved: 'Reservations',
    noReservations: 'No home is reserved for you.',
    heldReservation: 'reserved for you until',
    heldBooking: 'booked for you, next step by',
    withdrawTitle: 'Withdraw the registration',
    withdrawText: 'You leave the queue. Your data is erased after the time the project has set.',
    withdrawButton: 'Withdraw my registration',
    withdrawn: 'Your registration is withdrawn.',
    data: 'Download my data (JSON)',
    consents: 'Your consents',
    given: 'given',
    wishList: 'Wish list',
    wishIntro: 'Rank the homes of the release: your first choice at the top.',
    wishCount: '{n} of {max} wishes',
    wishNone: 'No wishes yet.',
    wishCloses: 'The wish window closes',
    wishOpenNoClose: 'The wish window is open.',
    wishPaused: 'The release is paused: the wishes cannot be changed just now.',
    wishFrozen: 'The wish window has closed. Your list is locked:',
    wishUp: 'Move {b} up',
    wishDown: 'Move {b} down',
    wishRemove: 'Remove {b}',
    wishAdd: 'Add a home to the wish list',
    wishAddButton: 'Add',
    wishUpdated: 'Last changed',
    wishSeed:
      'The draw’s seed is sealed: its SHA-256 was published when the wish window opened, and the seed is revealed after the allocation so that anyone can re-run the draw.',
    wishProposed: 'Wishes from the form, not saved yet:',
    wishApply: 'Save these wishes',
    wishesSaved: 'Your wishes are saved. A receipt has been sent to your e-mail.',
    wishesClosed: 'The release does not take wishes now. Your list is unchanged.',
    wishesRefused: 'The wishes could not be saved. Your list is unchanged.',
  },
} as const;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** To the second, in Swedish time: the queue place as the buyer reads it. */
const when = (iso: string, lang: Language) =>
  new Date(iso).toLocaleString(lang === 'en' ? 'en-GB' : 'sv-SE', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
    timeStyle: 'medium',
  });

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;background:#f5f6f8;color:#1a1a1a;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1rem}section{background:#fff;border-radius:8px;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:0}button,input,select{font:inherit;min-height:44px}
button{background:#1c5fb8;color:#fff;border:0;border-radius:6px;padding:.5rem 1rem;cursor:pointer}button.plain{background:#e8ecf3;color:#1a1a1a}
button.danger{background:#b3261e}label{display:block;margin:.5rem 0}input,select{width:100%;box-sizing:border-box;padding:.4rem;border:1px solid #8a8f98;border-radius:6px}
ol{padding-left:1.2rem}li{margin:.3rem 0}.row{display:flex;gap:.4rem;align-items:center;flex-wrap:wrap}.queue{font-size:1.3rem;font-weight:600}
.note{background:#e6f4ea;padding:.6rem;border-radius:6px}`;

function send(reply: FastifyReply, lang: Language, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const hidden = (token: string, lang: Language) =>
  `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="lang" value="${lang}">`;

/** Wishes sent from the widget for a confirmed address, proposed on the page by the mailed link (ADR 041). */
export interface WishProposalQuery {
  release: number;
  wishes: number[];
}

const fill = (text: string, b: string) => text.replace('{b}', b);

/**
 * One release's ranked wishes (ADR 041): while it takes wishes, up/down/remove buttons (each a
 * form, named for its home), an "add" control and the proposal from the widget; after the
 * window, the frozen list.
 */
function releaseSection(
  r: InterestMine['releases'][number],
  token: string,
  lang: Language,
  live: boolean,
  proposal: WishProposalQuery | undefined,
): string {
  const t = T[lang];
  const editable = live && r.open;
  const ids = r.wishes.map((w) => w.id).join(',');
  const form = (inner: string) =>
    `<form method="post" action="/interest/my/wishes">${hidden(token, lang)}` +
    `<input type="hidden" name="release" value="${r.id}"><input type="hidden" name="wishes" value="${ids}">${inner}</form>`;
  const items = r.wishes
    .map(
      (a, i) =>
        `<li data-wish="${a.id}"><div class="row"><span>${esc(a.bostad)}</span>` +
        (editable
          ? form(
              (i > 0
                ? `<button class="plain" name="op" value="up:${a.id}" aria-label="${esc(fill(t.wishUp, a.bostad))}">↑</button>`
                : '') +
                (i < r.wishes.length - 1
                  ? `<button class="plain" name="op" value="down:${a.id}" aria-label="${esc(fill(t.wishDown, a.bostad))}">↓</button>`
                  : '') +
                `<button class="plain" name="op" value="remove:${a.id}" aria-label="${esc(fill(t.wishRemove, a.bostad))}">✕</button>`,
            )
          : '') +
        `</div></li>`,
    )
    .join('');
  const addable = r.apartments.filter((a) => !r.wishes.some((w) => w.id === a.id));
  const proposed =
    editable && proposal?.release === r.id
      ? proposal.wishes.flatMap((id) => r.apartments.find((a) => a.id === id) ?? []).slice(0, r.max_wishes)
      : [];
  const window = r.open
    ? r.wishes_close_at
      ? `${esc(t.wishCloses)} <strong data-closes="${esc(r.wishes_close_at)}">${esc(when(r.wishes_close_at, lang))}</strong>.`
      : esc(t.wishOpenNoClose)
    : r.state === 'wishes_open'
      ? esc(t.wishPaused)
      : esc(t.wishFrozen);
  return (
    `<section id="release-${r.id}" aria-labelledby="release-${r.id}-title">` +
    `<h2 id="release-${r.id}-title">${esc(t.wishList)}: ${esc(r.name)}</h2>` +
    `<p>${window}</p>` +
    (proposed.length
      ? `<div class="note"><p>${esc(t.wishProposed)}</p><ol>${proposed
          .map((a) => `<li>${esc(a.bostad)}</li>`)
          .join('')}</ol>${form(
          `<input type="hidden" name="proposed" value="${proposed.map((a) => a.id).join(',')}">` +
            `<button name="op" value="apply">${esc(t.wishApply)}</button>`,
        )}</div>`
      : '') +
    (editable ? `<p>${esc(t.wishIntro)}</p>` : '') +
    `<p>${esc(t.wishCount.replace('{n}', String(r.wishes.length)).replace('{max}', String(r.max_wishes)))}</p>` +
    (items ? `<ol>${items}</ol>` : `<p>${esc(t.wishNone)}</p>`) +
    (editable && addable.length && r.wishes.length < r.max_wishes
      ? form(
          `<label>${esc(t.wishAdd)}<select name="add">${addable
            .map((c) => `<option value="${c.id}">${esc(c.bostad)}</option>`)
            .join('')}</select></label><button name="op" value="add">${esc(t.wishAddButton)}</button>`,
        )
      : '') +
    (r.wishes_updated_at
      ? `<p><small>${esc(t.wishUpdated)} ${esc(when(r.wishes_updated_at, lang))}</small></p>`
      : '') +
    (r.seed_commitment
      ? `<p><small>${esc(t.wishSeed)}<br><code data-seed-commitment>${esc(r.seed_commitment)}</code></small></p>`
      : '') +
    `</section>`
  );
}

function minePage(
  mine: InterestMine & { rules: string[] },
  token: string,
  lang: Language,
  choices: { id: number; bostad: string }[],
  notice: string | undefined,
  proposal?: WishProposalQuery,
): string {
  const t = T[lang];
  const live = mine.status === 'confirmed';
  const form = (inner: string, action = '/interest/my') =>
    `<form method="post" action="${action}">${hidden(token, lang)}${inner}</form>`;
  const chosen = mine.apartments
    .map(
      (a, i) =>
        `<li><div class="row"><span>${esc(a.bostad)}</span>` +
        (live
          ? form(
              `<input type="hidden" name="apartment_ids" value="${mine.apartments.map((x) => x.id).join(',')}">` +
                (i > 0
                  ? `<button class="plain" name="op" value="up:${a.id}" aria-label="${t.up} ${esc(a.bostad)}">↑</button>`
                  : '') +
                (i < mine.apartments.length - 1
                  ? `<button class="plain" name="op" value="down:${a.id}" aria-label="${t.down} ${esc(a.bostad)}">↓</button>`
                  : '') +
                `<button class="plain" name="op" value="remove:${a.id}" aria-label="${t.remove} ${esc(a.bostad)}">✕</button>`,
            )
          : '') +
        `</div></li>`,
    )
    .join('');
  const addable = choices.filter((c) => !mine.preferences.apartment_ids.includes(c.id));
  return (
    `<h1>${esc(t.title)}: ${esc(mine.project.name)}</h1>` +
    (notice ? `<p class="note" role="status">${esc(notice)}</p>` : '') +
    `<section><p><strong>${esc(mine.name)}</strong> · ${esc(mine.email)}${mine.phone ? ` · ${esc(mine.phone)}` : ''}</p>` +
    `<p>${esc(t.status[mine.status])}</p>` +
    (mine.confirmed_at
      ? `<p>${esc(t.queue)}:<br><span class="queue" data-queue="${esc(mine.confirmed_at)}">${esc(when(mine.confirmed_at, lang))}</span></p>`
      : '') +
    (mine.lapses_at ? `<p>${esc(t.lapses)} ${esc(when(mine.lapses_at, lang))}</p>` : '') +
    `</section>` +
    `<section id="reservations"><h2>${esc(t.reserved)}</h2>` +
    (mine.reservations.length
      ? `<ul>${mine.reservations
          .map(
            (r) =>
              `<li data-hold="${r.apartment_id}"><strong>${esc(r.bostad)}</strong>: ${esc(
                r.kind === 'booking' ? t.heldBooking : t.heldReservation,
              )} ${esc(when(r.expires_at, lang))}</li>`,
          )
          .join('')}</ul>`
      : `<p>${esc(t.noReservations)}</p>`) +
    `</section>` +
    `<section><h2>${esc(t.wishes)}</h2>` +
    `<p>${esc(t.ranked)}</p>${chosen ? `<ol>${chosen}</ol>` : `<p>${esc(t.none)}</p>`}` +
    (live
      ? form(
          `<input type="hidden" name="apartment_ids" value="${mine.preferences.apartment_ids.join(',')}">` +
            (addable.length
              ? `<label>${esc(t.add)}<select name="add"><option value=""></option>${addable
                  .map((c) => `<option value="${c.id}">${esc(c.bostad)}</option>`)
                  .join('')}</select></label>`
              : '') +
            `<label>${esc(t.rooms)}<input name="rooms" inputmode="numeric" value="${esc(mine.preferences.rooms.join(', '))}"></label>` +
            `<label>${esc(t.maxPrice)}<input name="max_price" inputmode="numeric" value="${mine.preferences.max_price ?? ''}"></label>` +
            `<button name="op" value="save">${esc(t.save)}</button>`,
        )
      : '') +
    `</section>` +
    mine.releases.map((r) => releaseSection(r, token, lang, live, proposal)).join('') +
    `<section><h2>${esc(t.rules)}</h2><ul>${mine.rules.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` +
    `<h2>${esc(t.consents)}</h2><ul>${mine.consents
      .map(
        (c) =>
          `<li>${esc(c.text)} <small>(${esc(t.given)} ${esc(when(c.given_at, lang))}, ${esc(c.version)})</small></li>`,
      )
      .join('')}</ul>` +
    form(`<button class="plain">${esc(t.data)}</button>`, '/interest/my/data') +
    `</section>` +
    (live
      ? `<section><h2>${esc(t.withdrawTitle)}</h2><p>${esc(t.withdrawText)}</p>${form(
          `<button class="danger" name="op" value="withdraw">${esc(t.withdrawButton)}</button>`,
        )}</section>`
      : '')
  );
}

/** "2, 3" → [2, 3]; what does not parse is left out. */
export const numbers = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export const tokenForm = z.object({ token: z.string().max(200).default(''), lang: z.string().optional() });
const mineForm = tokenForm.extend({
  op: z.string().max(40).default(''),
  apartment_ids: z.string().max(400).optional(),
  add: z.string().max(20).optional(),
  rooms: z.string().max(200).optional(),
  max_price: z.string().max(20).optional(),
});

/** Moves, removes or adds an apartment in the ranked list, as the pressed button says. */
export function reorder(ids: number[], op: string, add: number | undefined): number[] {
  const [verb, raw] = op.split(':');
  const id = Number(raw);
  const at = ids.indexOf(id);
  const out = [...ids];
  if (verb === 'remove' && at >= 0) out.splice(at, 1);
  if ((verb === 'up' && at > 0) || (verb === 'down' && at >= 0 && at < out.length - 1)) {
    const to = verb === 'up' ? at - 1 : at + 1;
    [out[at], out[to]] = [out[to]!, out[at]!];
  }
  if (add && !out.includes(add)) out.push(add);
  return out;
}

const refused = (reply: FastifyReply, lang: Language) =>
  send(reply, lang, T[lang].title, `<section><p role="alert">${esc(T[lang].refused)}</p></section>`, 410);
/** A refused token is a page that says so; anything else is the central error handler's. */
export async function orRefused(reply: FastifyReply, lang: Language, run: () => Promise<FastifyReply>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 422 || err.statusCode === 409))
      return refused(reply, lang);
    throw err;
  }
}

/** The page's notices after a change, by the `done` the redirect carries. */
export const DONE = ['saved', 'withdrawn', 'wishesSaved', 'wishesClosed', 'wishesRefused'] as const;

export const interestPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const hide = { hide: true };

  app.get('/interest/confirm', { schema: { ...hide, querystring: tokenForm } }, async (request, reply) => {
    const lang = languageOf(request.query.lang);
    const t = T[lang];
    return send(
      reply,
      lang,
      t.confirmTitle,
      `<section><h1>${esc(t.confirmTitle)}</h1><p>${esc(t.confirmText)}</p>` +
        `<form method="post" action="/interest/confirm">${hidden(request.query.token, lang)}` +
        `<button>${esc(t.confirmButton)}</button></form></section>`,
    );
  });

  app.post(
    '/interest/confirm',
    // Wishes in a release that shows its demand count from now (ADR 041).
    { bodyLimit: 2048, config: { publicView: fromHandler }, schema: { ...hide, body: tokenForm } },
    async (request, reply) => {
      const lang = languageOf(request.body.lang);
      return orRefused(reply, lang, async () => {
        const { pageToken, projectId, demandChanged } = await service.confirm(
          app.db,
          app.config,
          request.body.token,
        );
        if (demandChanged) request.publicViewProject = projectId;
        return reply.redirect(`/interest/my?token=${encodeURIComponent(pageToken)}&lang=${lang}`, 303);
      });
    },
  );

  const render = async (
    reply: FastifyReply,
    token: string,
    lang: Language,
    notice?: string,
    proposal?: WishProposalQuery,
  ) => {
    const mine = await service.mine(app.db, token, lang);
    const choices = (await listApartments(app.db, mine.project.id)).map((a) => ({
      id: a.id,
      bostad: a.bostad,
    }));
    return send(
      reply,
      lang,
      `${T[lang].title}: ${mine.project.name}`,
      minePage(mine, token, lang, choices, notice, proposal) +
        (await offersFragment(app.db, mine, token, lang)),
    );
  };

  app.get(
    '/interest/my',
    {
      schema: {
        ...hide,
        querystring: tokenForm.extend({
          done: z.enum(DONE).optional(),
          // Wishes proposed by the mailed link (ADR 041): shown, saved only by a press of a button.
          release: z.string().max(20).optional(),
          wishes: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { done, release, wishes } = request.query;
      const lang = languageOf(request.query.lang);
      const releaseId = numbers(release)[0];
      const proposal = releaseId ? { release: releaseId, wishes: numbers(wishes) } : undefined;
      return orRefused(reply, lang, () =>
        render(reply, request.query.token, lang, done && T[lang][done], proposal),
      );
    },
  );

  app.post(
    '/interest/my',
    // Withdrawing takes the buyer's wishes out of a release's public demand (ADR 041).
    { bodyLimit: 4096, config: { publicView: fromHandler }, schema: { ...hide, body: mineForm } },
    async (request, reply) => {
      const b = request.body;
      const lang = languageOf(b.lang);
      return orRefused(reply, lang, async () => {
        const back = (done: string) =>
          reply.redirect(`/interest/my?token=${encodeURIComponent(b.token)}&lang=${lang}&done=${done}`, 303);
        if (b.op === 'withdraw') {
          const mine = await service.withdrawMine(app.db, b.token, lang);
          if (mine.releases.length > 0) request.publicViewProject = mine.project.id;
          return back('withdrawn');
        }
        const price = numbers(b.max_price)[0];
        const parsed = service.preferencesOf({
          rooms: numbers(b.rooms),
          max_price: price ?? null,
          apartment_ids: reorder(numbers(b.apartment_ids), b.op, numbers(b.add)[0]),
        });
        await service.updateMine(app.db, b.token, parsed, lang);
        return back('saved');
      });
    },
  );

  app.post(
    '/interest/my/data',
    { bodyLimit: 2048, config: { publicView: false }, schema: { ...hide, body: tokenForm } },
    async (request, reply) => {
      const lang = languageOf(request.body.lang);
      return orRefused(reply, lang, async () => {
        const data = await service.myData(app.db, request.body.token, lang);
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-disposition', 'attachment; filename="my-interest.json"')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      });
    },
  );
};
