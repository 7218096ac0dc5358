import {
  bostadsrattCost,
  defaultDownPayment,
  hyresrattCost,
  RENTAL_EXTRAS,
  rulesOn,
  tomtCost,
  type BostadsrattCost,
  type HousingRules,
  type HyresrattCost,
  type RentalExtra,
  type TomtCost,
} from '@planvy/shared/housing-cost';
import { isOn } from '@planvy/shared/flags';
import type { PublicApartment, PublicView } from '@planvy/shared/public-view';
import { isAvailableStatus } from '@planvy/shared/statuses';
import type { CalcState } from '../params';

/**
 * The project's settings and an apartment, with what the buyer changed, as the inputs of the
 * shared housing-cost module (ADR 037). The card's monthly line and the "Räkna själv" panel both
 * read this, so they show the same figure.
 */
type Settings = PublicView['settings'];
type Tenure = 'sale' | 'rental' | 'tomter';

export type Estimate = BostadsrattCost | HyresrattCost | TomtCost;

export interface CalcInputs {
  rules: HousingRules;
  price: number;
  fee: number | null;
  ratePercent: number | null;
  operatingCost: number;
  downPayment: number;
  loan: number;
  yearlyIncome: number | null;
  /** The extras the client offers, each with its amount. */
  offered: { key: RentalExtra; amount: number }[];
  chosen: RentalExtra[];
}

const settingNumber = (settings: Settings, name: keyof Settings): number | null => {
  const text = settings[name];
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Whether the apartment gets a monthly line: the calculator on, the home available, a price shown. */
export function calculable(a: PublicApartment, settings: Settings, type: Tenure): boolean {
  if (!isOn(settings, 'cost_calculator') || a.inactive || a.price === null || !isAvailableStatus(a.status))
    return false;
  // A loan needs a rate the client chose: Planvy never invents one.
  return type === 'rental' || settingNumber(settings, 'calculator_rate') !== null;
}

export function calcInputs(
  a: PublicApartment,
  settings: Settings,
  state: CalcState | null,
  day: Date = new Date(),
): CalcInputs {
  const rules = rulesOn(day);
  const price = state?.price ?? a.price ?? 0;
  const down =
    state?.down ?? defaultDownPayment(price, settingNumber(settings, 'calculator_down_payment') ?? 0, rules);
  const offered = RENTAL_EXTRAS.map((key) => ({
    key,
    amount: settingNumber(settings, `calculator_${key}`) ?? 0,
  })).filter((e) => e.amount > 0);
  return {
    rules,
    price,
    fee: a.fee,
    ratePercent: state?.rate ?? settingNumber(settings, 'calculator_rate'),
    operatingCost: state?.drift ?? settingNumber(settings, 'calculator_operating_cost') ?? 0,
    downPayment: down,
    loan: state?.loan ?? Math.max(0, price - down),
    yearlyIncome: state?.income ?? null,
    offered,
    chosen: offered.filter((e) => state?.extras?.includes(e.key)).map((e) => e.key),
  };
}

export function estimate(type: Tenure, i: CalcInputs): Estimate {
  const rate = i.ratePercent ?? 0;
  switch (type) {
    case 'rental':
      return hyresrattCost({
        rent: i.price,
        fee: i.fee,
        extras: i.offered.filter((e) => i.chosen.includes(e.key)),
      });
    case 'tomter':
      return tomtCost({
        price: i.price,
        loan: i.loan,
        ratePercent: rate,
        yearlyIncome: i.yearlyIncome,
        rules: i.rules,
      });
    case 'sale':
      return bostadsrattCost({
        price: i.price,
        fee: i.fee,
        operatingCost: i.operatingCost,
        downPayment: i.downPayment,
        ratePercent: rate,
        yearlyIncome: i.yearlyIncome,
        rules: i.rules,
      });
  }
}

/** The card's figure: the month with the project's defaults (and what the buyer changed). */
export function monthlyEstimate(
  a: PublicApartment,
  settings: Settings,
  type: Tenure,
  state: CalcState | null,
): number | null {
  return calculable(a, settings, type) ? estimate(type, calcInputs(a, settings, state)).total : null;
}
