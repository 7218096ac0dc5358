/**
 * Query keys of data that more than one feature shows, so a mutation in one feature
 * (saving a plan) can invalidate what another shows (the apartments table).
 */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  settings: (id: number) => [...projectKeys.all, 'settings', id] as const,
  code: (id: number) => [...projectKeys.all, 'code', id] as const,
  apartments: (id: number) => [...projectKeys.all, 'apartments', id] as const,
  plans: (id: number) => [...projectKeys.all, 'plans', id] as const,
  /** One plan's markup at one version (never changes, so never stale). */
  planMarkup: (id: number, fileId: number, version: number) =>
    [...projectKeys.all, 'plan-markup', id, fileId, version] as const,
  images: (id: number) => [...projectKeys.all, 'images', id] as const,
  buildingNumbers: (id: number) => [...projectKeys.all, 'building-numbers', id] as const,
};

/**
 * The people the project forms choose from: the projects feature lists them, the users feature
 * changes them (a client added from the project form's "Lägg till kund" is offered on return).
 */
export const peopleKeys = {
  all: ['project-people'] as const,
  clients: () => [...peopleKeys.all, 'clients'] as const,
  brokers: () => [...peopleKeys.all, 'brokers'] as const,
};
