import { useState } from 'preact/hooks';
import type { PublicApartment } from '@planvy/shared/public-view';
import {
  minimumDownPayment,
  RENTAL_EXTRAS,
  type LoanMonth,
  type RentalExtra,
} from '@planvy/shared/housing-cost';
import { parseBound } from '../filters';
import type { CalcState } from '../params';
import { useWidget } from '../widget-context';
import { DialogShell } from '../components/dialog-shell';
import { ShareButton } from '../components/share-button';
import { calcTranslator, type CalcMessageKey } from './calc-i18n';
import { calcInputs, estimate } from './estimate';
import './cost-panel.css';

export interface CostPanelProps {
  apartment: PublicApartment;
  state: CalcState;
  onChange: (next: CalcState) => void;
  /** Back to the apartment's card. */
  onClose: () => void;
  projectName: string;
  shareUrl: () => string;
  onNotice: (text: string) => void;
}

const EXTRA_LABEL: Record<RentalExtra, CalcMessageKey> = {
  parking: 'calcParking',
  electricity: 'calcElectricity',
  broadband: 'calcBroadband',
};

type NumberField = 'price' | 'down' | 'rate' | 'drift' | 'income' | 'loan';

/**
 * "Räkna själv" (ADR 037): the month of this home with inputs the buyer can change, loaded on
 * demand. Every change goes into the address (params.ts), so the link shows the same figures.
 * It replaces the card while open; closing it returns to the card.
 */
export function CostPanel(props: CostPanelProps) {
  const { apartment: a, state, onChange } = props;
  const w = useWidget();
  const t = calcTranslator(w.lang);
  const inputs = calcInputs(a, w.settings, state);
  const cost = estimate(w.type, inputs);
  const money = (n: number) => w.money(n) ?? '';
  const percent = new Intl.NumberFormat(w.lang === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 2 });
  // What the buyer typed, as typed ("3,"), while the address holds the number it reads as.
  const [texts, setTexts] = useState<Partial<Record<NumberField, string>>>({});

  const field = (key: NumberField, label: string, value: number | null, hint?: string, decimal = false) => {
    const id = `pv-calc-${key}`;
    const shown = texts[key] ?? (value === null ? '' : decimal ? percent.format(value) : String(value));
    return (
      <div className="pv-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={shown}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onInput={(e) => {
            const text = e.currentTarget.value;
            setTexts((x) => ({ ...x, [key]: text }));
            const n = parseBound(text);
            const next = { ...state };
            if (n === null) delete next[key];
            else next[key] = n;
            onChange(next);
          }}
        />
        {hint && (
          <span id={`${id}-hint`} className="pv-calc-hint">
            {hint}
          </span>
        )}
      </div>
    );
  };

  const rows: [string, string][] = [];
  let stress: { add: number; total: number }[] = [];
  let oneOff: [string, string][] = [];
  const loanRows = (loan: LoanMonth) => {
    rows.push([t('calcInterest', { loan: money(loan.loan) }), money(loan.interest)]);
    rows.push([t('calcDeduction'), `− ${money(loan.deduction)}`]);
    rows.push([
      t('calcAmortisation', { percent: percent.format(loan.amortisationRate * 100) }),
      money(loan.amortisation),
    ]);
  };
  if (cost.tenure === 'hyresratt') {
    rows.push([t('calcRent'), money(cost.rent)]);
    if (cost.fee > 0) rows.push([t('calcFee'), money(cost.fee)]);
    for (const e of cost.extras) rows.push([t(EXTRA_LABEL[e.key]), money(e.amount)]);
  } else if (cost.tenure === 'bostadsratt') {
    rows.push([t('calcFee'), money(cost.fee)], [t('calcDrift'), money(cost.operatingCost)]);
    loanRows(cost.loan);
    stress = cost.stress;
  } else {
    loanRows(cost.loan);
    stress = cost.stress;
    oneOff = [
      [t('calcPantbrev'), money(cost.pantbrev)],
      [t('calcLagfart'), money(cost.lagfart)],
    ];
  }
  const incomeChecked = cost.tenure === 'hyresratt' || cost.loan.incomeChecked;
  const rate = inputs.ratePercent;
  const source = [w.settings.calculator_rate_source, w.settings.calculator_rate_date]
    .filter(Boolean)
    .join(', ');

  return (
    <DialogShell
      titleId="pv-calc-title"
      title={t('calcTitle', { name: `${w.bostadLabel} ${a.bostad}` })}
      className="pv-calc-dialog"
      focusKey={a.id}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="pv-action pv-secondary" onClick={props.onClose}>
            {t('calcBack')}
          </button>
          <ShareButton
            title={props.projectName}
            url={props.shareUrl}
            onNotice={props.onNotice}
            className="pv-action pv-secondary"
          />
        </>
      }
    >
      <p className="pv-calc-example">{t('calcExample')}</p>
      <form className="pv-calc-inputs" onSubmit={(e) => e.preventDefault()}>
        {cost.tenure === 'hyresratt' ? (
          inputs.offered.length > 0 && (
            <fieldset className="pv-calc-extras">
              <legend>{t('calcExtras')}</legend>
              {inputs.offered.map((e) => (
                <label key={e.key}>
                  <input
                    type="checkbox"
                    checked={inputs.chosen.includes(e.key)}
                    onChange={(ev) => {
                      const on = ev.currentTarget.checked;
                      const chosen = RENTAL_EXTRAS.filter((k) =>
                        k === e.key ? on : inputs.chosen.includes(k),
                      );
                      onChange({ ...state, extras: chosen });
                    }}
                  />{' '}
                  {t(EXTRA_LABEL[e.key])} ({t('calcPerMonth', { amount: money(e.amount) })})
                </label>
              ))}
            </fieldset>
          )
        ) : (
          <>
            {field('price', t(cost.tenure === 'tomt' ? 'calcPrice' : 'calcInsats'), inputs.price)}
            {cost.tenure === 'bostadsratt'
              ? field(
                  'down',
                  t('calcDown'),
                  cost.downPayment,
                  t('calcAtLeast', { amount: money(minimumDownPayment(cost.price, inputs.rules)) }),
                )
              : field(
                  'loan',
                  t('calcLoan'),
                  cost.loan.loan,
                  t('calcAtMost', { amount: money(cost.maximumLoan) }),
                )}
            {field('rate', t('calcRate'), rate, undefined, true)}
            {cost.tenure === 'bostadsratt' && field('drift', t('calcDrift'), cost.operatingCost)}
            {inputs.rules.debtToIncome && field('income', t('calcIncome'), inputs.yearlyIncome)}
          </>
        )}
      </form>
      {rate !== null && cost.tenure !== 'hyresratt' && (
        <p className="pv-calc-hint">
          {t('calcRateSource', { rate: percent.format(rate) })}
          {source && ` ${source}`}
        </p>
      )}
      <dl className="pv-calc-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="pv-calc-total">
          <dt>{t('calcTotal')}</dt>
          <dd aria-live="polite" data-pv-total={cost.total}>
            {t('calcPerMonth', { amount: money(cost.total) })}
          </dd>
        </div>
        {stress.map((s) => (
          <div key={s.add}>
            <dt>{t(s.add === 1 ? 'calcStress1' : 'calcStress2')}</dt>
            <dd>{t('calcPerMonth', { amount: money(s.total) })}</dd>
          </div>
        ))}
        {oneOff.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {!incomeChecked && <p className="pv-calc-hint">{t('calcIncomeSkipped')}</p>}
      <p className="pv-calc-hint">{t('calcNotIncluded')}</p>
    </DialogShell>
  );
}
