import type { PublicApartment } from '@planvy/shared/public-view';
import { isAvailableStatus } from '@planvy/shared/statuses';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../i18n';
import type { CheckoutForm as CheckoutFormType } from './checkout-form';
import { loadCheckoutForm, openCheckouts } from './open-checkouts';

/** On the card: the first-come reservation for this home, if it can be taken now (ADR 042). */
export function CheckoutSlot({
  projectId,
  apartment: a,
  lang,
}: {
  projectId: number;
  apartment: PublicApartment;
  lang: Lang;
}) {
  const [found, setFound] = useState<{ id: number; minutes: number } | null>(null);
  const [Form, setForm] = useState<typeof CheckoutFormType | null>(null);
  useEffect(() => {
    let live = true;
    void openCheckouts(projectId).then((list) => {
      const rel = list.find((r) => r.apartment_ids.includes(a.id));
      if (!live || !rel) return;
      setFound({ id: rel.id, minutes: rel.checkout_minutes });
      void loadCheckoutForm().then(
        (f) => live && setForm(() => f),
        () => undefined,
      );
    });
    return () => {
      live = false;
    };
  }, [projectId, a.id]);
  if (!found || !Form || a.inactive || !isAvailableStatus(a.status)) return null;
  return (
    <Form projectId={projectId} releaseId={found.id} apartmentId={a.id} minutes={found.minutes} lang={lang} />
  );
}
