/** The message embed.js listens for; a shared shape keeps both sides honest. */
export const HEIGHT_MESSAGE = 'planvy:height';

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  height: number;
  /** The project name, so the host page's iframe gets a meaningful title. */
  title?: string;
}

export function isHeightMessage(data: unknown): data is HeightMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === HEIGHT_MESSAGE &&
    typeof d.height === 'number' &&
    Number.isFinite(d.height) &&
    d.height > 0 &&
    d.height < 100_000 &&
    (d.title === undefined || (typeof d.title === 'string' && d.title.length <= 200))
  );
}

/**
 * Embedded through embed.js, the widget tells the parent page how tall it is, on load and
 * whenever its content changes size. The target is the parent's exact origin, never "*",
 * so the height reaches only the page that asked for it. Returns a function that posts
 * the height now (for content that ResizeObserver does not see, like a floating panel).
 */
export function reportHeight(root: HTMLElement, parentOrigin: string): () => void {
  let last = -1;
  const post = () => {
    let bottom = root.getBoundingClientRect().bottom;
    // Floating panels are positioned out of flow; the frame must still fit them.
    root.querySelectorAll('[data-pv-float]').forEach((el) => {
      bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
    });
    const height = Math.ceil(bottom + window.scrollY);
    if (height === last || height <= 0) return;
    last = height;
    const message: HeightMessage = { type: HEIGHT_MESSAGE, height, title: document.title.slice(0, 200) };
    window.parent.postMessage(message, parentOrigin);
  };
  new ResizeObserver(post).observe(root);
  window.addEventListener('load', post);
  post();
  return post;
}
