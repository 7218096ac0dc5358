import type { PublicApartment } from '@planvy/shared/public-view';
import { linkHref } from '@planvy/shared/web-links';
import { useWidget } from '../widget-context';
import { ShareButton } from './share-button';

const EMAIL = /^[^\s@<>()"',;:\\]+@[^\s@<>()"',;:\\]+\.[^\s@<>()"',;:\\]+$/;

export interface ApartmentActionsProps {
  apartment: PublicApartment;
  projectName: string;
  /** The address that opens the widget with this apartment (params.ts shareUrl). */
  shareUrl: () => string;
  onNotice: (text: string) => void;
  /** Opens the interest form for this apartment; given only when the project collects interest. */
  onInterest?: (id: number) => void;
}

type Step = 'interest' | 'contact' | 'readMore' | 'share';

/**
 * The next step a buyer can take from the card; there is always one. The first that exists is
 * the primary action: "Kontakta oss" (a mail with project and apartment in the subject) when the
 * project has an e-mail, "Läs mer" when the apartment has a link, else "Dela", which shares a
 * link to this apartment. The project's website is a secondary link.
 *
 * When the project collects interest (ADR 036), "Anmäl intresse" is the primary step, ahead of
 * "Kontakta oss".
 */
export function ApartmentActions({
  apartment: a,
  projectName,
  shareUrl,
  onNotice,
  onInterest,
}: ApartmentActionsProps) {
  const w = useWidget();
  // Links from the data pass the one link rule even when stored before it existed. The server
  // sends the project's link and e-mail only when "Visa projektinformation" is on (ADR 004).
  const link = linkHref(a.link, true);
  const projectLink = linkHref(w.settings.link_to_project);
  const email = EMAIL.test(w.settings.project_email ?? '') ? w.settings.project_email : null;
  const primary: Step = onInterest ? 'interest' : email ? 'contact' : link ? 'readMore' : 'share';
  const kind = (step: Step) => (step === primary ? 'pv-action' : 'pv-action pv-secondary');
  const name = `${w.bostadLabel} ${a.bostad}`;

  const steps = {
    interest: onInterest && (
      <button
        key="interest"
        type="button"
        className={kind('interest')}
        aria-haspopup="dialog"
        onClick={() => onInterest(a.id)}
      >
        {w.t('interest')}
      </button>
    ),
    contact: email && (
      <a
        key="contact"
        className={kind('contact')}
        href={`mailto:${email}?subject=${encodeURIComponent(`${projectName}: ${name}`)}`}
      >
        {w.t('contact')}
      </a>
    ),
    readMore: link && (
      <a
        key="readMore"
        className={kind('readMore')}
        href={link}
        {...(/^https?:/i.test(link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {w.t('readMore')}
      </a>
    ),
    share: (
      <ShareButton
        key="share"
        className={kind('share')}
        title={`${projectName}: ${name}`}
        url={shareUrl}
        onNotice={onNotice}
      />
    ),
  };
  const order: Step[] = [
    primary,
    ...(['interest', 'contact', 'readMore', 'share'] as const).filter((s) => s !== primary),
  ];
  return (
    <>
      {order.map((step) => steps[step])}
      {projectLink && (
        <a className="pv-action pv-secondary" href={projectLink} target="_blank" rel="noopener noreferrer">
          {w.t('projectLink')}
        </a>
      )}
    </>
  );
}
