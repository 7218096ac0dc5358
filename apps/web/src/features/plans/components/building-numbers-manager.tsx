/** Placeholder: the Building numbers tab. */
export function BuildingNumbersManager(_props: { projectId: number }) {
  return null;
}
