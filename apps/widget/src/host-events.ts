/**
 * Events the embedded widget posts to the host page (schema version 1, ADR 017). embed.js
 * checks them with isHostEvent and re-dispatches them as DOM events on the host. They say
 * what the visitor looked at, never who they are: ids, bostad labels, statuses, counts and
 * the filter values the widget offered; nothing the visitor typed as text.
 */
export const HOST_EVENT_TYPES = [
  'planvy:view',
  'planvy:plan',
  'planvy:apartment',
  'planvy:filter',
  'planvy:favourite',
  'planvy:compare',
  'planvy:interest',
] as const;
export type HostEventType = (typeof HOST_EVENT_TYPES)[number];

export interface HostEventBase<T extends HostEventType> {
  type: T;
  /** Schema version; a change that is not additive gets a new number. */
  v: 1;
  projectId: number;
}

export type HostEvent =
  | (HostEventBase<'planvy:view'> & { lang: string; plans: number; apartments: number })
  | (HostEventBase<'planvy:plan'> & { plan: number; name: string; title: string })
  | (HostEventBase<'planvy:apartment'> & { apartmentId: number; bostad: string; status: string })
  | (HostEventBase<'planvy:filter'> & {
      /** Status aliases shown; none means all. */
      statuses: string[];
      /** A rooms value and a building label from the widget's own lists; '' means any. */
      rooms: string;
      building: string;
      priceMin: number | null;
      priceMax: number | null;
      sizeMin: number | null;
      sizeMax: number | null;
      available: boolean;
      favourites: boolean;
      shown: number;
      total: number;
    })
  | (HostEventBase<'planvy:favourite'> & {
      apartmentId: number;
      bostad: string;
      favourite: boolean;
      count: number;
    })
  | (HostEventBase<'planvy:compare'> & {
      action: 'add' | 'remove' | 'clear' | 'full' | 'open';
      apartmentId: number | null;
      apartmentIds: number[];
    })
  /** A registration of interest was sent (ADR 036): where from and which apartments, never who. */
  | (HostEventBase<'planvy:interest'> & { source: InterestSource; apartmentIds: number[] });

/** Where the buyer opened the interest form: the header, an apartment's card, the favourites, or the wish list (ADR 041). */
export type InterestSource = 'project' | 'apartment' | 'favourites' | 'wishes';

/**
 * The host event for a sent registration, built from ids alone: the name, address, phone and
 * wishes the buyer typed stay out of the host page (its analytics are not the buyer's choice).
 */
export function interestEvent(source: InterestSource, apartmentIds: readonly number[]): HostEventBody {
  return { type: 'planvy:interest', source, apartmentIds: apartmentIds.filter(Number.isInteger) };
}

/** Everything but the envelope, which the sender adds. */
export type HostEventBody = HostEvent extends infer E
  ? E extends HostEvent
    ? Omit<E, 'v' | 'projectId'>
    : never
  : never;

/** The envelope embed.js trusts: a known type, version 1 and a project id. */
export function isHostEvent(data: unknown): data is HostEvent {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    (HOST_EVENT_TYPES as readonly unknown[]).includes(d.type) &&
    d.v === 1 &&
    typeof d.projectId === 'number' &&
    Number.isInteger(d.projectId)
  );
}

export type PostHostEvent = (body: HostEventBody) => void;

/**
 * A poster of host events for one project, towards the parent's exact origin only (never
 * "*"): the origin embed.js named, as with the height messages.
 */
export function hostEvents(parentOrigin: string, projectId: number): PostHostEvent {
  return (body) => {
    if (window.parent === window) return;
    const event = { ...body, v: 1, projectId } as HostEvent;
    window.parent.postMessage(event, parentOrigin);
  };
}
