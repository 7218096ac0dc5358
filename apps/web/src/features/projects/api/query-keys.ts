/**
 * Keys of the people lists the project forms choose from. Project data itself uses the shared
 * `projectKeys` (lib/query-keys) because other features show it too.
 */
export const projectPeopleKeys = {
  clients: () => ['project-people', 'clients'] as const,
  brokers: () => ['project-people', 'brokers'] as const,
};
