/**
 * Which homes of the project buyers may reserve themselves now (a public first-come release,
 * ADR 042), asked once per project when a card first opens; the form is a chunk of its own,
 * loaded only for such a home.
 */
export interface OpenCheckout {
  id: number;
  checkout_minutes: number;
  apartment_ids: number[];
}

const asked = new Map<number, Promise<OpenCheckout[]>>();

export function openCheckouts(projectId: number): Promise<OpenCheckout[]> {
  let p = asked.get(projectId);
  if (!p) {
    p = fetch(`/api/v1/public/view/${projectId}/checkout`)
      .then((r) => (r.ok ? (r.json() as Promise<{ releases: OpenCheckout[] }>) : { releases: [] }))
      .then((b) => b.releases)
      .catch(() => []);
    asked.set(projectId, p);
  }
  return p;
}

export const loadCheckoutForm = () => import('./checkout-form').then((m) => m.CheckoutForm);
