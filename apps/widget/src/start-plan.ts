import type { PublicApartment, PublicView } from '@planvy/shared/public-view';

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

/**
 * The plan to show first: the linked plan when it exists (a shared address: `plan` is the plan's
 * id, or, in links shared before plans had names, its file name), else the deep-linked
 * apartment's plan, else the first plan.
 */
export function startPlan(
  view: Pick<PublicView, 'plans' | 'apartments'>,
  apartmentId: number | null,
  plan: string | null = null,
): number {
  const named = plan === null ? -1 : view.plans.findIndex((p) => String(p.id) === plan || p.name === plan);
  if (named >= 0) return named;
  const apartment = apartmentId !== null ? view.apartments.find((a) => a.id === apartmentId) : undefined;
  return (apartment && planOf(view, apartment)) ?? 0;
}
