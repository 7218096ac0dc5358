import { INACTIVE_COLOR, STATUSES } from './statuses';

/** One style value: [key, attr, value] (spec §3 "Project styles", §7 Styles). */
export type StyleTriple = [key: string, attr: string, value: string];

/**
 * The default styles every project starts from; a project's own triples override
 * these by key and attr. Status keys carry the plan fill ("svg") and the text colour
 * used on top of it ("font").
 */
export const DEFAULT_STYLES: StyleTriple[] = [
  ...STATUSES.flatMap((s): StyleTriple[] => [
    [s.styleKey, 'svg', s.color],
    [s.styleKey, 'font', '#ffffff'],
  ]),
  ['inactive', 'svg', INACTIVE_COLOR],
  ['inactive', 'font', '#ffffff'],
  ['main', 'background', '#ffffff'],
  ['main', 'width', '100%'],
  ['font', 'color', '#1d2330'],
  ['font', 'size', '16px'],
  ['font', 'style', 'normal'],
  ['font', 'family', 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'],
  ['overlay', 'background', 'rgba(17, 24, 39, 0.55)'],
  ['zone', 'opacity', '0.55'],
  ['zone', 'hoverOpacity', '0.85'],
  ['filter', 'background', '#f4f5f7'],
  ['filter', 'color', '#1d2330'],
  ['filter', 'font', 'inherit'],
  ['list', 'background', '#ffffff'],
  ['list', 'color', '#1d2330'],
  ['list', 'stripe', '#f7f8fa'],
  ['list', 'highlight', '#fff4d6'],
  ['label', 'background', '#ffffff'],
  ['label', 'color', '#1d2330'],
  ['title', 'color', '#1d2330'],
  ['title', 'size', '24px'],
  ['accent', 'color', '#1f6feb'],
];

/** Defaults first, then the project's own triples, later ones winning. */
export function mergeStyles(...lists: StyleTriple[][]): StyleTriple[] {
  const merged = new Map<string, StyleTriple>();
  for (const list of lists) for (const t of list) merged.set(`${t[0]}\u0000${t[1]}`, t);
  return [...merged.values()];
}

/** Looks a value up in a merged list. */
export function styleValue(styles: StyleTriple[], key: string, attr: string): string | undefined {
  for (let i = styles.length - 1; i >= 0; i--) {
    const t = styles[i]!;
    if (t[0] === key && t[1] === attr) return t[2];
  }
  return undefined;
}
