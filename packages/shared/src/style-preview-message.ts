/**
 * The message the admin's style editor posts to the widget it frames (`/view/{id}?preview=1`):
 * `{ type: STYLE_PREVIEW_MESSAGE, styles: StyleTriple[] }`, the merged draft. Same origin only.
 * A module of its own so the widget's first-paint script need not carry the style catalogue.
 */
export const STYLE_PREVIEW_MESSAGE = 'planvy:preview-styles';
