import type { ProjectCode } from '@planvy/shared';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Where the widget is served from: PUBLIC_URL when configured, else the origin the
 * request came in on (protocol honours TRUST_PROXY; a default port is dropped).
 */
export function publicBaseUrl(
  configured: string | undefined,
  request: { protocol: string; host: string },
): string {
  if (configured) return configured.replace(/\/+$/, '');
  const defaultPort = request.protocol === 'https' ? ':443' : ':80';
  const host = request.host.endsWith(defaultPort) ? request.host.slice(0, -defaultPort.length) : request.host;
  return `${request.protocol}://${host}`;
}

export interface EmbedTarget {
  baseUrl: string;
  projectId: number;
  projectName: string;
}

/**
 * The two snippets shown on the Code snippet tab. `full` loads embed.js, which places a
 * responsive iframe into the div and resizes it by postMessage; `iframe` is the plain
 * fallback for sites that do not allow scripts.
 */
export function buildEmbedCode({ baseUrl, projectId, projectName }: EmbedTarget): ProjectCode {
  const base = escapeHtml(baseUrl);
  const iframe =
    `<iframe src="${base}/view/${projectId}" title="${escapeHtml(projectName)}" ` +
    'style="width:100%;border:0;min-height:600px" loading="lazy" allow="fullscreen"></iframe>';
  const full =
    `<div data-planvy-project="${projectId}" data-lang="sv"></div>\n` +
    `<script src="${base}/embed.js" async></script>`;
  return { full, iframe };
}
