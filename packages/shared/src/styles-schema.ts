/**
 * The API's zod schemas for project styles and themes (spec §3, §7 Styles). Values are
 * checked by the catalogue's validator (`style-values.ts` over `styles.ts`), so the API and
 * the editor agree on what may be stored, and the widget on what may reach CSS. The widget never imports this module (it would pull in zod).
 */
import { z } from 'zod';
import {
  parseStyleEntry,
  STYLE_KEYS,
  STYLE_VALUE_MAX_LENGTH,
  styleKey,
  type StyleKey,
  type StyleProblem,
  type StyleTriple,
} from './styles';
import { styleValueProblem } from './style-values';

export const THEME_NAME_MAX_LENGTH = 100;

/** The English message for a refused value, naming the key. */
export function styleProblemMessage(problem: StyleProblem, def: StyleKey | undefined): string {
  const name = def?.name ?? 'The style';
  switch (problem) {
    case 'unknown':
      return 'Unknown style key';
    case 'empty':
      return `${name} needs a value`;
    case 'tooLong':
      return `${name} may not be longer than ${STYLE_VALUE_MAX_LENGTH} characters`;
    case 'color':
      return `${name} must be a colour: #rrggbb, rgb(), hsl() or a colour name`;
    case 'size':
      return `${name} must be a number with px, em, rem or %`;
    case 'width':
      return `${name} must be a number with px, %, em or rem`;
    case 'range':
      return def?.kind === 'width'
        ? `${name} must be 240–4000px, 10–100% or 15–250em/rem`
        : `${name} must be from ${def?.min ?? 0}px to ${def?.max ?? 0}px (em and rem count 16px)`;
    case 'fontStyle':
      return `${name} must be normal or italic`;
    case 'fontFamily':
      return `${name} must be font names (letters, digits, spaces, hyphens; quoted or not) separated by commas`;
    case 'opacity':
      return `${name} must be a number from 0 to 1`;
    case 'pattern':
      return `${name} must be hatch or none`;
  }
}

interface Entry {
  name: string;
  value: string;
}

/**
 * Checks a list of entries and returns them as trimmed triples, or reports every refused
 * entry at `path(i, part)` (part: the name or the value) and returns null.
 */
function checkEntries(
  entries: Entry[],
  report: (index: number, part: 'name' | 'value', message: string) => void,
): StyleTriple[] | null {
  const seen = new Set<string>();
  const out: StyleTriple[] = [];
  let ok = true;
  entries.forEach(({ name, value }, i) => {
    const def = styleKey(name);
    if (!def) {
      ok = false;
      report(i, 'name', styleProblemMessage('unknown', undefined));
      return;
    }
    if (seen.has(name)) {
      ok = false;
      report(i, 'name', `${name} is given more than once`);
      return;
    }
    seen.add(name);
    const problem = styleValueProblem(def, value);
    if (problem) {
      ok = false;
      report(i, 'value', styleProblemMessage(problem, def));
      return;
    }
    out.push([def.key, def.attr, value.trim()]);
  });
  return ok ? out : null;
}

const TOO_MANY = `At most ${STYLE_KEYS.length} styles, one per key`;

/**
 * POST /admin/scss/{projectId}: `{ scss: ["sold-svg:#803c3c", …] }`, each entry
 * `{key}-{attr}:{value}` (the name ends at the first colon). Output: trimmed triples.
 */
export const projectStylesBodySchema = z
  .object({
    scss: z.array(z.string({ error: 'Each style must be a "name:value" string' }), {
      error: 'scss must be a list of "name:value" strings',
    }),
  })
  .transform((body, ctx) => {
    if (body.scss.length > STYLE_KEYS.length) {
      ctx.addIssue({ code: 'custom', path: ['scss'], message: TOO_MANY });
      return z.NEVER;
    }
    const triples = checkEntries(body.scss.map(parseStyleEntry), (i, _part, message) =>
      ctx.addIssue({ code: 'custom', path: ['scss', i], message }),
    );
    return triples ? { scss: triples } : z.NEVER;
  });
export type ProjectStylesBody = z.input<typeof projectStylesBodySchema>;

const triple = z.tuple([z.string(), z.string(), z.string()]);
/** A project's own style values (GET and POST /admin/scss/{projectId}; GET /admin/scss/default). */
export const projectStylesSchema = z.object({ scss: z.array(triple) });
export type ProjectStyles = z.infer<typeof projectStylesSchema>;

/** One theme entry (spec §3): `attr` is the style name (`sold-svg`), `val` its value. */
export const themeEntrySchema = z.object({ attr: z.string(), val: z.string() });
export type ThemeEntry = z.infer<typeof themeEntrySchema>;

const themeNameField = z
  .string({ error: 'The name field is required' })
  .trim()
  .min(1, 'The name field is required')
  .max(THEME_NAME_MAX_LENGTH, `The name may not be longer than ${THEME_NAME_MAX_LENGTH} characters`);

/** POST /admin/styles and POST /admin/styles/{id}: `{ name, data: [{attr, val}] }`. */
export const themeBodySchema = z
  .object({
    name: themeNameField,
    data: z.array(
      z.object({
        attr: z.string({ error: 'attr must be a style name' }),
        val: z.string({ error: 'val must be text' }),
      }),
      {
        error: 'data must be a list of {attr, val}',
      },
    ),
  })
  .transform((body, ctx) => {
    if (body.data.length > STYLE_KEYS.length) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: TOO_MANY });
      return z.NEVER;
    }
    const triples = checkEntries(
      body.data.map((d) => ({ name: d.attr, value: d.val })),
      (i, part, message) =>
        ctx.addIssue({ code: 'custom', path: ['data', i, part === 'name' ? 'attr' : 'val'], message }),
    );
    if (!triples) return z.NEVER;
    return { name: body.name, data: triples.map(([key, attr, val]) => ({ attr: `${key}-${attr}`, val })) };
  });
export type ThemeBody = z.input<typeof themeBodySchema>;

export const themeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  data: z.array(themeEntrySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** Answers of the theme routes: the routes declare them, the web app reads them. */
export const themeResponseSchema = z.object({ theme: themeSchema });
export const themesResponseSchema = z.object({ themes: z.array(themeSchema) });
