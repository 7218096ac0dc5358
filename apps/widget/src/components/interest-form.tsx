import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { CONSENT_TEXTS, CURRENT_CONSENT, INTEREST_RULES } from '@planvy/shared/interest-rules';
import type { PublicApartment } from '@planvy/shared/public-view';
import { fetchInterestStamp, requestInterestLink, sendInterest } from '../view-api';
import { useWidget } from '../widget-context';
import { interestTranslator } from './interest-i18n';
import { DialogShell } from './dialog-shell';

export interface InterestFormProps {
  projectId: number;
  /** Every apartment of the project by id, to name the ranked ones. */
  apartments: ReadonlyMap<number, PublicApartment>;
  /** The apartments the buyer starts with, in order (one from a card, the favourites). */
  initial: readonly number[];
  onClose: () => void;
  /** The registration was taken: the apartment ids it named, for the host event (never who). */
  onSent: (apartmentIds: number[]) => void;
  /** Sent from the wish list (ADR 041): the ranked homes are the wishes in this release. */
  release?: { id: number; name: string; max_wishes: number };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** "2, 3" → [2, 3]. */
const numbers = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 20);

/**
 * "Anmäl intresse" (ADR 036): a short form in the widget's dialog. Two separate consents,
 * the interest list's required and the newsletter's unticked; a field people never see (a
 * honeypot); and the server's signed stamp of when the form was shown, so a form sent
 * faster than a person types is refused. The buyer confirms by the mailed link.
 */
export function InterestForm({
  projectId,
  apartments,
  initial,
  onClose,
  onSent,
  release,
}: InterestFormProps) {
  const w = useWidget();
  const { lang } = w;
  const t = interestTranslator(lang);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [rooms, setRooms] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const [ranked, setRanked] = useState<number[]>(() =>
    initial
      .filter((id) => apartments.has(id))
      .slice(0, release?.max_wishes ?? INTEREST_RULES.maxRankedApartments),
  );
  const [listConsent, setListConsent] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const stamp = useRef<{ token: string; at: number } | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  const [linkNote, setLinkNote] = useState('');

  useEffect(() => {
    fetchInterestStamp(projectId).then(
      (token) => (stamp.current = { token, at: Date.now() }),
      () => setError(t('interestError')),
    );
  }, [projectId, t]);

  const label = (id: number) => `${w.bostadLabel} ${apartments.get(id)?.bostad ?? ''}`;
  const move = (index: number, by: -1 | 1) => {
    const next = [...ranked];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setRanked(next);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (state !== 'idle') return;
    if (!name.trim() || !EMAIL.test(email.trim()) || !listConsent) {
      setError(t('interestRequired'));
      return;
    }
    setError('');
    setState('sending');
    try {
      const shown = stamp.current ?? { token: await fetchInterestStamp(projectId), at: Date.now() };
      // A person who fills the form faster than the minimum waits the rest out, not an error.
      const wait = shown.at + INTEREST_RULES.minFillSeconds * 1000 + 200 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const price = Number(maxPrice.replace(/\D/g, ''));
      const status = await sendInterest(projectId, {
        name: name.trim(),
        email: email.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        lang,
        rooms: [...new Set(numbers(rooms))],
        max_price: maxPrice.trim() && Number.isSafeInteger(price) ? price : null,
        apartment_ids: ranked,
        ...(release ? { release_id: release.id, wishes: ranked } : {}),
        consents: {
          interest_list: true,
          interest_list_version: CURRENT_CONSENT.interest_list,
          newsletter,
          ...(newsletter ? { newsletter_version: CURRENT_CONSENT.newsletter } : {}),
        },
        form_token: shown.token,
        website: honeypot.current?.value ?? '',
      });
      if (status === 202) {
        setState('sent');
        onSent(ranked);
        return;
      }
      setError(
        t(
          status === 429
            ? 'interestTooMany'
            : status === 409 && release
              ? 'interestWishesClosed'
              : 'interestError',
        ),
      );
    } catch {
      setError(t('interestError'));
    }
    setState('idle');
  };

  const sendLink = async () => {
    const to = email.trim();
    if (!EMAIL.test(to)) {
      setError(t('interestRequired'));
      return;
    }
    setError('');
    const status = await requestInterestLink(projectId, to, lang).catch(() => 0);
    if (status === 202) setLinkNote(t('interestLinkSent', { email: to }));
    else setError(t(status === 429 ? 'interestTooMany' : 'interestError'));
  };

  const field = (id: string, text: string, input: JSX.Element) => (
    <div className="pv-field pv-interest-field">
      <label htmlFor={id}>{text}</label>
      {input}
    </div>
  );

  return (
    <DialogShell
      titleId="pv-interest-title"
      title={t('interestTitle')}
      className="pv-interest-dialog"
      focusKey={state}
      onClose={onClose}
    >
      {state === 'sent' ? (
        <div role="status" className="pv-interest-sent">
          <p>
            <strong>{t('interestThanks', { email: email.trim() })}</strong>
          </p>
          <p>{t('interestThanksNote')}</p>
        </div>
      ) : (
        <form className="pv-interest" onSubmit={submit} noValidate>
          <p>{t('interestIntro')}</p>
          {field(
            'pv-i-name',
            t('interestName'),
            <input
              id="pv-i-name"
              autoComplete="name"
              required
              maxLength={200}
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />,
          )}
          {field(
            'pv-i-email',
            t('interestEmail'),
            <input
              id="pv-i-email"
              type="email"
              autoComplete="email"
              required
              maxLength={100}
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />,
          )}
          {field(
            'pv-i-phone',
            t('interestPhone'),
            <input
              id="pv-i-phone"
              type="tel"
              autoComplete="tel"
              maxLength={30}
              value={phone}
              onInput={(e) => setPhone(e.currentTarget.value)}
            />,
          )}
          {field(
            'pv-i-rooms',
            t('interestRooms'),
            <input
              id="pv-i-rooms"
              inputMode="numeric"
              maxLength={40}
              value={rooms}
              onInput={(e) => setRooms(e.currentTarget.value)}
            />,
          )}
          {field(
            'pv-i-price',
            t('interestMaxPrice'),
            <input
              id="pv-i-price"
              inputMode="numeric"
              maxLength={14}
              value={maxPrice}
              onInput={(e) => setMaxPrice(e.currentTarget.value)}
            />,
          )}
          <fieldset className="pv-interest-ranked">
            <legend>{release ? t('interestWishes', { release: release.name }) : t('interestRanked')}</legend>
            {ranked.length === 0 ? (
              <p>{t('interestNoneRanked')}</p>
            ) : (
              <ol>
                {ranked.map((id, i) => (
                  <li key={id}>
                    <span>{label(id)}</span>
                    <button
                      type="button"
                      className="pv-clear"
                      disabled={i === 0}
                      aria-label={t('interestUp', { name: label(id) })}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="pv-clear"
                      disabled={i === ranked.length - 1}
                      aria-label={t('interestDown', { name: label(id) })}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="pv-clear"
                      aria-label={t('interestRemove', { name: label(id) })}
                      onClick={() => setRanked(ranked.filter((x) => x !== id))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </fieldset>
          <fieldset className="pv-interest-consents">
            <legend>{t('interestConsents')}</legend>
            <label>
              <input
                type="checkbox"
                required
                checked={listConsent}
                onChange={(e) => setListConsent(e.currentTarget.checked)}
              />{' '}
              {CONSENT_TEXTS[CURRENT_CONSENT.interest_list]?.text[lang]}
            </label>
            <label>
              <input
                type="checkbox"
                checked={newsletter}
                onChange={(e) => setNewsletter(e.currentTarget.checked)}
              />{' '}
              {CONSENT_TEXTS[CURRENT_CONSENT.newsletter]?.text[lang]}
            </label>
          </fieldset>
          {/* The honeypot: off screen and out of the tab order; a person never fills it in. */}
          <div className="pv-hp" aria-hidden="true">
            <label>
              {t('interestHoneypot')}
              <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          {error && (
            <p className="pv-interest-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="pv-action" disabled={state === 'sending'}>
            {t(state === 'sending' ? 'interestSending' : 'interestSend')}
          </button>
          <p className="pv-interest-again">
            {t('interestAlready')}{' '}
            <button type="button" className="pv-clear" onClick={() => void sendLink()}>
              {t('interestSendLink')}
            </button>
          </p>
          {linkNote && <p role="status">{linkNote}</p>}
        </form>
      )}
    </DialogShell>
  );
}
