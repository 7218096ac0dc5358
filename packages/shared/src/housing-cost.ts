/**
 * What a home costs a month, as an example (ADR 037): the Swedish rules for bolån by the date
 * they apply, and one calculation per tenure (bostadsrätt, hyresrätt, tomt). Zod-free and
 * browser-safe: the widget imports it, and the back-office could. Every amount is whole kronor.
 */

/** A rule set and the first day (YYYY-MM-DD, Swedish time) it applies. */
export interface HousingRules {
  from: string;
  /** Bolånetak: the largest loan a buyer may take against the home's price. */
  loanToValueCap: number;
  /** Amorteringskrav: yearly share of the loan, by loan-to-value (above the bound). */
  amortisation: readonly { above: number; rate: number }[];
  /** Skärpt amorteringskrav: +rate a year when the loan exceeds `multiple` × gross yearly income. */
  debtToIncome: { multiple: number; rate: number } | null;
  /** Ränteavdrag (skattereduktion): `rate` of interest up to `limit` kr a year, `above` of the rest. */
  interestDeduction: { rate: number; limit: number; above: number };
  /** Stämpelskatt on new pantbrev plus Lantmäteriet's fee per pantbrev. */
  pantbrev: { rate: number; fee: number };
  /** Stämpelskatt on the price (private buyer) plus Lantmäteriet's fee. */
  lagfart: { rate: number; fee: number };
}

const COMMON = {
  amortisation: [
    { above: 0.7, rate: 0.02 },
    { above: 0.5, rate: 0.01 },
  ],
  interestDeduction: { rate: 0.3, limit: 100_000, above: 0.21 },
  pantbrev: { rate: 0.02, fee: 375 },
  lagfart: { rate: 0.015, fee: 825 },
} as const;

/** Oldest first. The sources are listed in ADR 037. */
export const HOUSING_RULES: readonly [HousingRules, ...HousingRules[]] = [
  // FFFS 2016:16 and 2017:23 (the stricter rule from 1 March 2018); bolånetak FFFS 2010:2.
  { from: '2018-03-01', loanToValueCap: 0.85, debtToIncome: { multiple: 4.5, rate: 0.01 }, ...COMMON },
  // The law on bostadskrediter in force 1 April 2026: cap 90 %, the stricter rule removed.
  { from: '2026-04-01', loanToValueCap: 0.9, debtToIncome: null, ...COMMON },
];

/** The date as YYYY-MM-DD in Sweden (a rule changes at midnight there, not in UTC). */
export function swedishDate(date: Date): string {
  // sv-SE formats dates as YYYY-MM-DD.
  return date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

/** The rule set in force on a day (a Date, or YYYY-MM-DD); today when none is given. */
export function rulesOn(day: Date | string = new Date()): HousingRules {
  const text = typeof day === 'string' ? day : swedishDate(day);
  let found = HOUSING_RULES[0];
  for (const rules of HOUSING_RULES) if (rules.from <= text) found = rules;
  return found;
}

const kr = (n: number) => Math.round(n);
const nonNegative = (n: number | null | undefined) => (n !== null && n !== undefined && n > 0 ? n : 0);

/** The smallest kontantinsats the bolånetak allows, rounded up to whole kronor. */
export function minimumDownPayment(price: number, rules: HousingRules): number {
  return Math.ceil(nonNegative(price) * (1 - rules.loanToValueCap) - 1e-9);
}

/** A down payment within what is possible: at least the minimum, at most the price. */
export function clampDownPayment(price: number, downPayment: number | null | undefined, rules: HousingRules) {
  const p = nonNegative(price);
  const min = minimumDownPayment(p, rules);
  return Math.min(p, Math.max(min, kr(nonNegative(downPayment))));
}

/** The down payment for a percentage the client chose, never below the minimum. */
export function defaultDownPayment(price: number, percent: number, rules: HousingRules): number {
  return clampDownPayment(price, nonNegative(price) * (nonNegative(percent) / 100), rules);
}

/** Yearly amortisation as a share of the loan, and whether the income part could be checked. */
export function amortisationRate(
  loan: number,
  price: number,
  rules: HousingRules,
  yearlyIncome?: number | null,
): { rate: number; incomeChecked: boolean } {
  const ltv = price > 0 ? loan / price : 0;
  let rate = rules.amortisation.find((step) => ltv > step.above)?.rate ?? 0;
  const dti = rules.debtToIncome;
  if (!dti) return { rate, incomeChecked: true };
  if (!yearlyIncome || yearlyIncome <= 0) return { rate, incomeChecked: false };
  if (loan > dti.multiple * yearlyIncome) rate += dti.rate;
  return { rate, incomeChecked: true };
}

/** The yearly tax reduction for a year's interest. */
export function interestDeduction(yearlyInterest: number, rules: HousingRules): number {
  const d = rules.interestDeduction;
  const i = nonNegative(yearlyInterest);
  return Math.min(i, d.limit) * d.rate + Math.max(0, i - d.limit) * d.above;
}

/** One month of a loan: interest, tax reduction and amortisation, in whole kronor. */
export interface LoanMonth {
  loan: number;
  /** Yearly amortisation as a share of the loan (0.02 = 2 %). */
  amortisationRate: number;
  interest: number;
  /** Shown as a positive amount that is subtracted. */
  deduction: number;
  amortisation: number;
  /** interest − deduction + amortisation. */
  total: number;
  /**
   * False when the rules have a debt-to-income part and no income was given: the amortisation
   * then leaves it out, and the result says so.
   */
  incomeChecked: boolean;
}

/** Rates are yearly percentages (4.25 means 4.25 %). */
export function loanMonth(
  loan: number,
  price: number,
  ratePercent: number,
  rules: HousingRules,
  yearlyIncome?: number | null,
): LoanMonth {
  const l = nonNegative(loan);
  const yearlyInterest = (l * nonNegative(ratePercent)) / 100;
  const interest = kr(yearlyInterest / 12);
  // Interest after the reduction is rounded once, so a higher rate never rounds to less.
  const net = kr((yearlyInterest - interestDeduction(yearlyInterest, rules)) / 12);
  const amort = amortisationRate(l, price, rules, yearlyIncome);
  const amortisation = kr((l * amort.rate) / 12);
  return {
    loan: l,
    amortisationRate: amort.rate,
    interest,
    deduction: interest - net,
    amortisation,
    total: net + amortisation,
    incomeChecked: amort.incomeChecked,
  };
}

/** The total a month at the rate plus 1 and plus 2 percentage points. */
export type StressRows = [{ add: 1; total: number }, { add: 2; total: number }];

export interface BostadsrattInput {
  /** Insats: the price. */
  price: number;
  /** Månadsavgift to the förening. */
  fee: number | null;
  /** Driftkostnad a month (el, vatten, försäkring), the project's default. */
  operatingCost: number;
  /** Kontantinsats in kronor; raised to the minimum the bolånetak allows. */
  downPayment: number;
  ratePercent: number;
  /** Gross yearly household income; without it the debt-to-income rule is left out. */
  yearlyIncome?: number | null;
  rules: HousingRules;
}

export interface BostadsrattCost {
  tenure: 'bostadsratt';
  price: number;
  downPayment: number;
  minimumDownPayment: number;
  fee: number;
  operatingCost: number;
  loan: LoanMonth;
  /** fee + operating cost + the loan's month: the rows add up to it. */
  total: number;
  stress: StressRows;
}

export function bostadsrattCost(input: BostadsrattInput): BostadsrattCost {
  const { rules } = input;
  const price = kr(nonNegative(input.price));
  const downPayment = clampDownPayment(price, input.downPayment, rules);
  const fee = kr(nonNegative(input.fee));
  const operatingCost = kr(nonNegative(input.operatingCost));
  const month = (rate: number) => loanMonth(price - downPayment, price, rate, rules, input.yearlyIncome);
  const loan = month(input.ratePercent);
  const totalAt = (add: number) => fee + operatingCost + month(nonNegative(input.ratePercent) + add).total;
  return {
    tenure: 'bostadsratt',
    price,
    downPayment,
    minimumDownPayment: minimumDownPayment(price, rules),
    fee,
    operatingCost,
    loan,
    total: fee + operatingCost + loan.total,
    stress: [
      { add: 1, total: totalAt(1) },
      { add: 2, total: totalAt(2) },
    ],
  };
}

/** Hyresrätt extras a client may offer, each at a monthly amount. */
export const RENTAL_EXTRAS = ['parking', 'electricity', 'broadband'] as const;
export type RentalExtra = (typeof RENTAL_EXTRAS)[number];

export interface HyresrattInput {
  /** Hyra a month: a rental's price as the app stores it. */
  rent: number | null;
  /** A rental's own monthly fee, when it has one. */
  fee: number | null;
  /** The extras the tenant chose, each at the client's amount. */
  extras: readonly { key: RentalExtra; amount: number }[];
}

export interface HyresrattCost {
  tenure: 'hyresratt';
  rent: number;
  fee: number;
  extras: { key: RentalExtra; amount: number }[];
  total: number;
}

export function hyresrattCost(input: HyresrattInput): HyresrattCost {
  const rent = kr(nonNegative(input.rent));
  const fee = kr(nonNegative(input.fee));
  const extras = input.extras.map((e) => ({ key: e.key, amount: kr(nonNegative(e.amount)) }));
  return {
    tenure: 'hyresratt',
    rent,
    fee,
    extras,
    total: extras.reduce((sum, e) => sum + e.amount, rent + fee),
  };
}

export interface TomtInput {
  price: number;
  /** The loan for the plot; at most the bolånetak. New pantbrev are taken for all of it. */
  loan: number;
  /** Pantbrev already on the plot, which the loan can use (0 for a new plot). */
  existingPantbrev?: number;
  ratePercent: number;
  yearlyIncome?: number | null;
  rules: HousingRules;
}

export interface TomtCost {
  tenure: 'tomt';
  price: number;
  loan: LoanMonth;
  /** The largest loan the bolånetak allows. */
  maximumLoan: number;
  /** One-off: stämpelskatt on the new pantbrev (whole thousands, rounded down) + fee; 0 when none are new. */
  pantbrev: number;
  /** One-off: stämpelskatt on the price (whole thousands, rounded down) + fee. */
  lagfart: number;
  /** The loan's month. */
  total: number;
  stress: StressRows;
}

/** Lantmäteriet charges stämpelskatt on whole thousands of kronor, rounded down. */
const thousands = (n: number) => Math.floor(n / 1000) * 1000;

export function tomtCost(input: TomtInput): TomtCost {
  const { rules } = input;
  const price = kr(nonNegative(input.price));
  const maximumLoan = price - minimumDownPayment(price, rules);
  const loanAmount = Math.min(maximumLoan, kr(nonNegative(input.loan)));
  const newPantbrev = Math.max(0, loanAmount - nonNegative(input.existingPantbrev));
  const month = (rate: number) => loanMonth(loanAmount, price, rate, rules, input.yearlyIncome);
  const loan = month(input.ratePercent);
  const totalAt = (add: number) => month(nonNegative(input.ratePercent) + add).total;
  return {
    tenure: 'tomt',
    price,
    loan,
    maximumLoan,
    pantbrev: newPantbrev > 0 ? kr(thousands(newPantbrev) * rules.pantbrev.rate) + rules.pantbrev.fee : 0,
    lagfart: price > 0 ? kr(thousands(price) * rules.lagfart.rate) + rules.lagfart.fee : 0,
    total: loan.total,
    stress: [
      { add: 1, total: totalAt(1) },
      { add: 2, total: totalAt(2) },
    ],
  };
}
