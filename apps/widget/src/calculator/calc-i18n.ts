/**
 * The cost calculator's texts (ADR 037), Swedish and English, apart from the widget's main
 * dictionary (i18n.ts) so they travel with the chunks that show them, not with the first paint.
 * Typed and tested the same way: English against Swedish, placeholders alike.
 */
import { translatorOf, type Lang } from '../i18n';

const sv = {
  costLine: 'ca {amount}/mån',
  costOpen: 'Räkna själv',
  calcTitle: 'Räkna själv: {name}',
  calcExample: 'Exempel, inte ett låneerbjudande.',
  calcInsats: 'Pris (insats)',
  calcPrice: 'Pris',
  calcDown: 'Kontantinsats',
  calcAtLeast: 'Minst {amount} (bolånetaket)',
  calcLoan: 'Lån',
  calcAtMost: 'Högst {amount} (bolånetaket)',
  calcRate: 'Ränta (%)',
  calcDrift: 'Driftkostnad per månad',
  calcIncome: 'Hushållets bruttoinkomst per år (frivillig)',
  calcIncomeSkipped:
    'Utan inkomst räknas inte det skärpta amorteringskravet (1 % till om lånet är över 4,5 gånger inkomsten).',
  calcRateSource: 'Räntan {rate} %:',
  calcFee: 'Månadsavgift',
  calcRent: 'Hyra',
  calcInterest: 'Ränta på lån {loan}',
  calcDeduction: 'Ränteavdrag',
  calcAmortisation: 'Amortering ({percent} % per år)',
  calcTotal: 'Totalt per månad',
  calcPerMonth: '{amount}/mån',
  calcStress1: 'Med 1 procentenhet högre ränta',
  calcStress2: 'Med 2 procentenheter högre ränta',
  calcPantbrev: 'Pantbrev (en gång)',
  calcLagfart: 'Lagfart (en gång)',
  calcExtras: 'Tillval',
  calcParking: 'Parkering',
  calcElectricity: 'El',
  calcBroadband: 'Bredband',
  calcBack: 'Tillbaka till bostaden',
  calcNotIncluded: 'Bankens avgifter, försäkringar och skatter ingår inte.',
} as const;

export type CalcMessageKey = keyof typeof sv;

const en: Record<CalcMessageKey, string> = {
  costLine: 'approx. {amount}/month',
  costOpen: 'Work it out',
  calcTitle: 'Work it out: {name}',
  calcExample: 'An example, not a loan offer.',
  calcInsats: 'Price (insats)',
  calcPrice: 'Price',
  calcDown: 'Down payment',
  calcAtLeast: 'At least {amount} (mortgage cap)',
  calcLoan: 'Loan',
  calcAtMost: 'At most {amount} (mortgage cap)',
  calcRate: 'Interest rate (%)',
  calcDrift: 'Running costs per month',
  calcIncome: 'Household gross income per year (optional)',
  calcIncomeSkipped:
    'Without an income, the stricter amortisation rule (1 % more when the loan exceeds 4.5 times the income) is left out.',
  calcRateSource: 'The rate {rate} %:',
  calcFee: 'Monthly fee',
  calcRent: 'Rent',
  calcInterest: 'Interest on a loan of {loan}',
  calcDeduction: 'Interest tax deduction',
  calcAmortisation: 'Amortisation ({percent} % a year)',
  calcTotal: 'Total per month',
  calcPerMonth: '{amount}/month',
  calcStress1: 'With the rate 1 percentage point higher',
  calcStress2: 'With the rate 2 percentage points higher',
  calcPantbrev: 'Mortgage deeds (once)',
  calcLagfart: 'Title registration (once)',
  calcExtras: 'Extras',
  calcParking: 'Parking',
  calcElectricity: 'Electricity',
  calcBroadband: 'Broadband',
  calcBack: 'Back to the home',
  calcNotIncluded: 'Bank fees, insurance and taxes are not included.',
};

export const CALC_DICTIONARIES: Record<Lang, Record<CalcMessageKey, string>> = { sv, en };

export type CalcTranslate = (key: CalcMessageKey, vars?: Record<string, string | number>) => string;

export const calcTranslator = (lang: Lang): CalcTranslate => translatorOf(CALC_DICTIONARIES, lang);
