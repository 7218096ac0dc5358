import { STYLE_PREVIEW_MESSAGE } from '@planvy/shared/style-preview-message';
import type { StyleTriple } from '@planvy/shared/styles';

/**
 * In the admin's style editor the widget is framed with ?preview=1 and repaints with each
 * draft it is sent, before anything is saved. Only the framing page of this origin (the
 * admin app is served by the same server) is listened to; every value still goes through
 * the catalogue's validator when it is applied.
 */
export function listenForPreviewStyles(apply: (styles: StyleTriple[]) => void, win: Window = window): void {
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== win.location.origin) return;
    const data = event.data as { type?: unknown; styles?: unknown } | null;
    if (data?.type !== STYLE_PREVIEW_MESSAGE || !Array.isArray(data.styles)) return;
    apply(
      data.styles.filter(
        (t): t is StyleTriple => Array.isArray(t) && t.length === 3 && t.every((x) => typeof x === 'string'),
      ),
    );
  });
}
