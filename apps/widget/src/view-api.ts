import type { PublicView } from '@planvy/shared/public-view';

export class ViewError extends Error {
  constructor(readonly status: number) {
    super(`public view answered ${status}`);
  }
}

/**
 * The one request the widget needs before it can draw. No custom headers, so it matches
 * the preload the /view page announces in its Link header and is not fetched twice.
 */
export async function fetchView(projectId: number): Promise<PublicView> {
  const res = await fetch(`/api/v1/public/view/${projectId}`);
  if (!res.ok) throw new ViewError(res.status);
  viewEtag = res.headers.get('etag');
  return (await res.json()) as PublicView;
}

/** The ETag of the view last fetched (or inlined in the page): live updates resume from it. */
export let viewEtag: string | null = null;

/** The view came inlined in the server's page with this ETag (ADR 016). */
export function adoptViewEtag(etag: string): void {
  viewEtag = etag;
}

/** The view again, or null when it has not changed since the last fetch (304). */
export async function fetchViewIfChanged(projectId: number): Promise<PublicView | null> {
  const res = await fetch(`/api/v1/public/view/${projectId}`, {
    cache: 'no-store',
    headers: viewEtag ? { 'if-none-match': viewEtag } : {},
  });
  if (res.status === 304 || !res.ok) return null;
  viewEtag = res.headers.get('etag');
  return (await res.json()) as PublicView;
}

const plans = new Map<string, Promise<string>>();

/** Plan markup by URL and version, fetched once per page. */
export function fetchPlanMarkup(url: string, version: number): Promise<string> {
  const key = `${url}#${version}`;
  let pending = plans.get(key);
  if (!pending) {
    pending = fetch(url).then((res) => {
      if (!res.ok) throw new ViewError(res.status);
      return res.text();
    });
    // A failed fetch is not cached, so navigating back to the plan retries it.
    pending.catch(() => plans.delete(key));
    plans.set(key, pending);
  }
  return pending;
}

/**
 * Records that the visitor opened an apartment. The server batches and de-duplicates;
 * keepalive lets the request finish even if the visitor leaves straight away.
 */
export function recordClick(projectId: number, apartmentId: number): void {
  fetch(`/api/v1/public/view/${projectId}/click`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apartment_id: apartmentId }),
    keepalive: true,
  }).catch(() => {
    // Statistics are best effort; the visitor never sees a failed count.
  });
}

/** The server's signed "form shown at" stamp for the interest form (ADR 036). */
export async function fetchInterestStamp(projectId: number): Promise<string> {
  const res = await fetch(`/api/v1/public/view/${projectId}/interest/form`, { cache: 'no-store' });
  if (!res.ok) throw new ViewError(res.status);
  return ((await res.json()) as { form_token: string }).form_token;
}

/** Sends a registration; answers the HTTP status (202 when it was taken). */
export async function sendInterest(projectId: number, body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`/api/v1/public/view/${projectId}/interest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

/** "Send me my link again": answered the same whether or not the address is registered. */
export async function requestInterestLink(projectId: number, email: string, lang: string): Promise<number> {
  const res = await fetch(`/api/v1/public/view/${projectId}/interest/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, lang }),
  });
  return res.status;
}
