export interface FrameOptions {
  widgetOrigin: string;
  projectId: string;
  lang: string | null;
  apartment: string | null;
  hostOrigin: string;
}

/** The iframe address; returns null for a project id that is not a plain number. */
export function frameUrl(o: FrameOptions): string | null {
  if (!/^\d{1,10}$/.test(o.projectId)) return null;
  const query = new URLSearchParams({
    lang: o.lang === 'en' ? 'en' : 'sv',
    embed: '1',
    parent: o.hostOrigin,
  });
  if (o.apartment && /^\d{1,10}$/.test(o.apartment)) query.set('apartment', o.apartment);
  return `${o.widgetOrigin}/view/${o.projectId}?${query.toString()}`;
}
