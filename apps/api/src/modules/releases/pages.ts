import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, languageOf, z, type AllocationProtocol, type Language } from '../../lib/schemas';
import { escapeHtml as esc } from '../projects/embed-code';
import * as service from './service';

/**
 * The public protocol page (ADR 040): plain server-rendered HTML, no script and nothing from
 * elsewhere, that shows a release's draw as anyone may check it, with the JSON to download and
 * how to re-run it. The JSON itself is GET /api/v1/public/releases/{id}/protocol.
 */

const T = {
  sv: {
    title: 'Protokoll för säljstart',
    mode: {
      queue: 'Kö',
      lottery: 'Lottning',
      per_apartment_lottery: 'Lottning per bostad',
      first_come: 'Först till kvarn',
    },
    rules: 'Regler version',
    commitment: 'Fröets kontrollsumma (publicerad när önskeperioden öppnade)',
    notRun: 'Fördelningen har inte körts ännu.',
    seed: 'Frö',
    digest: 'Indatats kontrollsumma',
    algorithm: 'Algoritm',
    approved: 'Godkänd',
    notApproved: 'Inte godkänd ännu',
    result: 'Resultat (intresseanmälans nummer, inga namn)',
    place: 'Plats',
    entry: 'Anmälan',
    home: 'Bostad',
    rank: 'Önskemål nr',
    none: 'Ingen bostad',
    download: 'Ladda ner indata och protokoll (JSON)',
    check:
      'Vem som helst kan köra om fördelningen: verifyProtocol(protocol, input, { commitment }) i @planvy/shared/allocation ger samma ordning och fördelning. Fröets kontrollsumma: printf <frö> | xxd -r -p | sha256sum.',
    superseded: 'Tidigare körningar som ersattes',
  },
  en: {
    title: 'Release protocol',
    mode: {
      queue: 'Queue',
      lottery: 'Lottery',
      per_apartment_lottery: 'Lottery per home',
      first_come: 'First come',
    },
    rules: 'Rules version',
    commitment: "The seed's checksum (published when the wish window opened)",
    notRun: 'The allocation has not run yet.',
    seed: 'Seed',
    digest: 'Input checksum',
    algorithm: 'Algorithm',
    approved: 'Approved',
    notApproved: 'Not approved yet',
    result: 'Result (interest entry numbers, no names)',
    place: 'Place',
    entry: 'Entry',
    home: 'Home',
    rank: 'Wish no.',
    none: 'No home',
    download: 'Download input and protocol (JSON)',
    check:
      "Anyone can re-run the allocation: verifyProtocol(protocol, input, { commitment }) from @planvy/shared/allocation gives the same order and allocation. The seed's checksum: printf <seed> | xxd -r -p | sha256sum.",
    superseded: 'Earlier runs this one replaced',
  },
} as const;

const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;background:#f5f6f8;color:#1a1a1a;line-height:1.5}
main{max-width:48rem;margin:0 auto;padding:1rem}section{background:#fff;border-radius:8px;padding:1rem;margin:0 0 1rem}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:0}code{word-break:break-all}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e0e3e8}`;

function page(doc: Awaited<ReturnType<typeof service.publicProtocol>>, lang: Language): string {
  const t = T[lang];
  const r = doc.release;
  const bostad = new Map(doc.apartments.map((a) => [a.id, a.bostad]));
  const run = doc.run;
  const protocol = run?.protocol as unknown as AllocationProtocol | undefined;
  const got = new Map(protocol?.allocations.map((a) => [a.person, a]) ?? []);
  const order = [...new Set(protocol?.order.map((s) => s.person) ?? [])];
  const row = (cells: string[], tag = 'td') =>
    `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  return (
    `<h1>${esc(t.title)}: ${esc(r.name)}</h1>` +
    `<section><p>${esc(t.mode[r.mode])} · ${esc(t.rules)} ${r.rules_version}</p>` +
    `<p>${esc(t.commitment)}:<br><code>${esc(r.seed_commitment ?? '')}</code></p>` +
    `<p><a href="/api/v1/public/releases/${r.id}/protocol" download="release-${r.id}-protocol.json">${esc(t.download)}</a></p>` +
    `<p>${esc(t.check)}</p></section>` +
    (run && protocol
      ? `<section><p>${esc(t.algorithm)}: <code>${esc(protocol.version)}</code><br>` +
        `${esc(t.digest)}: <code>${esc(protocol.input_digest)}</code><br>` +
        `${esc(t.seed)}: <code>${esc(protocol.seed)}</code><br>` +
        `${esc(run.approved_at ? t.approved : t.notApproved)}</p>` +
        `<h2>${esc(t.result)}</h2><table>${row([t.place, t.entry, t.home, t.rank].map(esc), 'th')}${order
          .map((person, i) => {
            const a = got.get(person);
            return row([
              String(i + 1),
              `#${esc(person)}`,
              esc(a ? (bostad.get(a.apartment) ?? a.apartment) : t.none),
              a ? String(a.rank) : '–',
            ]);
          })
          .join('')}</table>` +
        (doc.superseded.length
          ? `<h2>${esc(t.superseded)}</h2><ul>${doc.superseded
              .map((s) => `<li>${esc(s.created_at)}: <code>${esc(s.input_digest)}</code></li>`)
              .join('')}</ul>`
          : '') +
        `</section>`
      : `<section><p>${esc(t.notRun)}</p></section>`)
  );
}

export const releasePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/releases/:id/protocol',
    { schema: { hide: true, params: idParams, querystring: z.object({ lang: z.string().optional() }) } },
    async (request, reply) => {
      const lang = languageOf(request.query.lang);
      const doc = await service.publicProtocol(app.db, request.params.id);
      return reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
            `<title>${esc(T[lang].title)}: ${esc(doc.release.name)}</title><style>${STYLE}</style></head>` +
            `<body><main>${page(doc, lang)}</main></body></html>`,
        );
    },
  );
};
