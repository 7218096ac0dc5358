import { useState } from 'preact/hooks';
import type { Lang } from '../i18n';

/**
 * "Reservera i 15 min" on an available home of a public first-come release (ADR 042): the
 * buyer gives their e-mail and confirms the reservation from the mail's one-time link. Its
 * texts travel with this chunk.
 */
const T = {
  sv: {
    open: 'Reservera i {n} min',
    email: 'Din e-post',
    send: 'Skicka länk',
    sending: 'Skickar…',
    check: 'Kolla din e-post',
    checkNote:
      'Vi har skickat en länk till {email}. Bostaden reserveras åt dig när du bekräftar, om ingen hinner före.',
    taken: 'Någon hann före: bostaden är redan reserverad.',
    invalid: 'Skriv en giltig e-postadress.',
    error: 'Det gick inte att skicka. Försök igen.',
  },
  en: {
    open: 'Reserve for {n} min',
    email: 'Your e-mail',
    send: 'Send link',
    sending: 'Sending…',
    check: 'Check your e-mail',
    checkNote:
      'We have sent a link to {email}. The home is reserved for you when you confirm, unless someone is first.',
    taken: 'Someone was first: the home is already reserved.',
    invalid: 'Enter a valid e-mail address.',
    error: 'It could not be sent. Try again.',
  },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CheckoutFormProps {
  projectId: number;
  releaseId: number;
  apartmentId: number;
  minutes: number;
  lang: Lang;
}

export function CheckoutForm({ projectId, releaseId, apartmentId, minutes, lang }: CheckoutFormProps) {
  const t = T[lang];
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  if (state === 'sent') {
    return (
      <div className="pv-checkout" role="status">
        <strong>{t.check}</strong>
        <p>{t.checkNote.replace('{email}', email)}</p>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="pv-action" onClick={() => setOpen(true)}>
        {t.open.replace('{n}', String(minutes))}
      </button>
    );
  }
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) return setError(t.invalid);
    setError('');
    setState('sending');
    try {
      const res = await fetch(`/api/v1/public/view/${projectId}/releases/${releaseId}/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apartment_id: apartmentId, email: email.trim(), language: lang }),
      });
      if (res.status === 202) return setState('sent');
      setError(res.status === 409 ? t.taken : t.error);
    } catch {
      setError(t.error);
    }
    setState('idle');
  };
  return (
    <form className="pv-checkout" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        {t.email}
        <input
          type="email"
          autoComplete="email"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit" className="pv-action" disabled={state === 'sending'}>
        {state === 'sending' ? t.sending : t.send}
      </button>
    </form>
  );
}
