import type { PublicApartment, PublicView } from '@planvy/shared/src/public-view';

/** The first plan (in sort order) an apartment is drawn on, or null when it is on none. */
export function planOf(
  view: Pick<PublicView, 'plans'>,
  apartment: Pick<PublicApartment, 'plans'>,
): number | null {
  for (const name of apartment.plans) {
    const i = view.plans.findIndex((p) => p.name === name);
    if (i >= 0) return i;
  }
  return null;
}

/** The plan to show first: the deep-linked apartment's plan, else the first plan. */
export function startPlan(
  view: Pick<PublicView, 'plans' | 'apartments'>,
  apartmentId: number | null,
): number {
  const apartment = apartmentId !== null ? view.apartments.find((a) => a.id === apartmentId) : undefined;
  return (apartment && planOf(view, apartment)) ?? 0;
}
