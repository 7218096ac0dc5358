import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bostadsrattCost, hyresrattCost, rulesOn, tomtCost, type HousingRules } from './housing-cost';

/** The last day of the old rules and the first of the new (ADR 037). */
const BEFORE = rulesOn('2026-03-31');
const FROM = rulesOn('2026-04-01');

describe('the rule table', () => {
  it('changes bolånetak and drops the debt-to-income rule on 1 April 2026, Swedish time', () => {
    expect([BEFORE.loanToValueCap, BEFORE.debtToIncome]).toEqual([0.85, { multiple: 4.5, rate: 0.01 }]);
    expect([FROM.loanToValueCap, FROM.debtToIncome]).toEqual([0.9, null]);
    // 22:30 UTC on 31 March is 00:30 on 1 April in Stockholm (CEST, UTC+2).
    expect(rulesOn(new Date('2026-03-31T21:30:00Z'))).toBe(BEFORE);
    expect(rulesOn(new Date('2026-03-31T22:30:00Z'))).toBe(FROM);
    expect(rulesOn('2030-01-01')).toBe(FROM);
  });
});

describe('bostadsrätt', () => {
  // Price 3 000 000, avgift 4 000, driftkostnad 800, rate 4 %, no kontantinsats asked for
  // (so the minimum).
  const base = { price: 3_000_000, fee: 4_000, operatingCost: 800, downPayment: 0, ratePercent: 4 };

  it('31 March 2026: 85 % cap, 2 % amortisation, the income rule left out without an income', () => {
    // Kontantinsats 15 % = 450 000; loan 2 550 000; LTV 85 % > 70 % → 2 %.
    // Interest 2 550 000 × 4 % = 102 000 a year → 8 500 a month.
    // Ränteavdrag 30 % × 100 000 + 21 % × 2 000 = 30 420 a year;
    //   net interest (102 000 − 30 420) / 12 = 5 965 → deduction row 8 500 − 5 965 = 2 535.
    // Amortering 2 550 000 × 2 % / 12 = 4 250.
    // Total 4 000 + 800 + 5 965 + 4 250 = 15 015.
    const c = bostadsrattCost({ ...base, rules: BEFORE });
    expect(c.downPayment).toBe(450_000);
    expect(c.loan).toEqual({
      loan: 2_550_000,
      amortisationRate: 0.02,
      interest: 8_500,
      deduction: 2_535,
      amortisation: 4_250,
      total: 10_215,
      incomeChecked: false,
    });
    expect(c.total).toBe(15_015);
    // +1 pp, 5 %: 127 500 a year; avdrag 30 000 + 27 500 × 21 % = 35 775;
    //   net (127 500 − 35 775) / 12 = 7 643.75 → 7 644; total 4 000 + 800 + 7 644 + 4 250 = 16 694.
    // +2 pp, 6 %: 153 000 a year; avdrag 30 000 + 53 000 × 21 % = 41 130;
    //   net (153 000 − 41 130) / 12 = 9 322.5 → 9 323; total 4 000 + 800 + 9 323 + 4 250 = 18 373.
    expect(c.stress).toEqual([
      { add: 1, total: 16_694 },
      { add: 2, total: 18_373 },
    ]);
  });

  it('31 March 2026: a loan over 4.5 × income amortises 1 % more', () => {
    // Income 500 000 → 4.5 × = 2 250 000 < loan 2 550 000 → 2 % + 1 % = 3 %.
    // Amortering 2 550 000 × 3 % / 12 = 6 375; total 4 000 + 800 + 5 965 + 6 375 = 17 140.
    const c = bostadsrattCost({ ...base, yearlyIncome: 500_000, rules: BEFORE });
    expect([c.loan.amortisationRate, c.loan.amortisation, c.loan.incomeChecked]).toEqual([0.03, 6_375, true]);
    expect(c.total).toBe(17_140);
    // Income 600 000 → 2 700 000 ≥ loan: no extra.
    expect(bostadsrattCost({ ...base, yearlyIncome: 600_000, rules: BEFORE }).total).toBe(15_015);
  });

  it('1 April 2026: 90 % cap, no income rule', () => {
    // Kontantinsats 10 % = 300 000; loan 2 700 000; LTV 90 % → 2 %.
    // Interest 2 700 000 × 4 % = 108 000 a year → 9 000 a month.
    // Avdrag 30 000 + 8 000 × 21 % = 31 680; net (108 000 − 31 680) / 12 = 6 360 → row 2 640.
    // Amortering 2 700 000 × 2 % / 12 = 4 500. Total 4 000 + 800 + 6 360 + 4 500 = 15 660.
    for (const yearlyIncome of [undefined, 300_000]) {
      const c = bostadsrattCost({ ...base, yearlyIncome, rules: FROM });
      expect(c.downPayment).toBe(300_000);
      expect([c.loan.interest, c.loan.deduction, c.loan.amortisation]).toEqual([9_000, 2_640, 4_500]);
      expect(c.loan.incomeChecked).toBe(true);
      expect(c.total).toBe(15_660);
    }
  });

  it('a larger kontantinsats lowers the amortisation step: 1 % from 70 % down, none at 50 %', () => {
    // Kontantinsats 1 000 000 → loan 2 000 000, LTV 66.7 % → 1 %: 20 000 / 12 = 1 666.67 → 1 667.
    // Interest 80 000 → 6 666.67 → 6 667; avdrag 24 000; net 56 000 / 12 = 4 666.67 → 4 667.
    // Total 4 000 + 800 + 4 667 + 1 667 = 11 134.
    const c = bostadsrattCost({ ...base, downPayment: 1_000_000, rules: FROM });
    expect([c.loan.amortisationRate, c.loan.interest, c.loan.deduction, c.total]).toEqual([
      0.01, 6_667, 2_000, 11_134,
    ]);
    // Kontantinsats 1 500 000 → LTV exactly 50 % → no amortisation.
    // Interest 60 000; avdrag 18 000; net 42 000 / 12 = 3 500. Total 4 000 + 800 + 3 500 = 8 300.
    const half = bostadsrattCost({ ...base, downPayment: 1_500_000, rules: FROM });
    expect([half.loan.amortisation, half.total]).toEqual([0, 8_300]);
    // A kontantinsats below the minimum is raised to it; above the price, held at the price.
    expect(bostadsrattCost({ ...base, downPayment: 100_000, rules: BEFORE }).downPayment).toBe(450_000);
    expect(bostadsrattCost({ ...base, downPayment: 9e9, rules: FROM }).total).toBe(4_800);
  });
});

describe('hyresrätt', () => {
  it('is hyra plus avgift plus the chosen extras, the same under both rule sets', () => {
    // 9 500 + 0 + 650 + 299 = 10 449. A rental takes no loan, so no rule applies.
    const c = hyresrattCost({
      rent: 9_500,
      fee: null,
      extras: [
        { key: 'parking', amount: 650 },
        { key: 'broadband', amount: 299 },
      ],
    });
    expect(c.total).toBe(10_449);
    // With an avgift of 250 and no extras: 9 500 + 250 = 9 750.
    expect(hyresrattCost({ rent: 9_500, fee: 250, extras: [] }).total).toBe(9_750);
  });
});

describe('tomt', () => {
  const base = { price: 1_200_000, loan: 1_100_000, ratePercent: 5 };

  it('31 March 2026: the loan held to 85 %, pantbrev and lagfart, and the month', () => {
    // Largest loan 85 % × 1 200 000 = 1 020 000 (1 100 000 asked for).
    // Pantbrev 2 % × 1 020 000 = 20 400 + 375 = 20 775. Lagfart 1.5 % × 1 200 000 = 18 000 + 825 = 18 825.
    // Interest 1 020 000 × 5 % = 51 000 → 4 250 a month; avdrag 30 % = 15 300; net 35 700 / 12 = 2 975.
    // LTV 85 % → 2 %: 20 400 / 12 = 1 700. Month 2 975 + 1 700 = 4 675.
    const c = tomtCost({ ...base, rules: BEFORE });
    expect([c.maximumLoan, c.loan.loan, c.pantbrev, c.lagfart]).toEqual([
      1_020_000, 1_020_000, 20_775, 18_825,
    ]);
    expect([c.loan.interest, c.loan.deduction, c.loan.amortisation, c.total]).toEqual([
      4_250, 1_275, 1_700, 4_675,
    ]);
  });

  it('1 April 2026: the loan held to 90 %', () => {
    // Largest loan 1 080 000. Pantbrev 21 600 + 375 = 21 975. Lagfart 18 825 as before.
    // Interest 54 000 → 4 500; avdrag 16 200; net 37 800 / 12 = 3 150. Amortering 21 600 / 12 = 1 800.
    // Month 3 150 + 1 800 = 4 950.
    const c = tomtCost({ ...base, rules: FROM });
    expect([c.loan.loan, c.pantbrev, c.lagfart, c.total]).toEqual([1_080_000, 21_975, 18_825, 4_950]);
  });

  it('charges stämpelskatt on whole thousands, rounded down, and only on new pantbrev', () => {
    // Lagfart: 1 234 567 → 1 234 000 × 1.5 % = 18 510 + 825 = 19 335.
    // Pantbrev: loan 800 000 − existing 500 000 = 300 000 new → 6 000 + 375 = 6 375.
    const c = tomtCost({
      price: 1_234_567,
      loan: 800_000,
      existingPantbrev: 500_000,
      ratePercent: 4,
      rules: FROM,
    });
    expect([c.lagfart, c.pantbrev]).toEqual([19_335, 6_375]);
    // No new pantbrev: nothing to pay for them.
    expect(tomtCost({ ...base, existingPantbrev: 2_000_000, rules: FROM }).pantbrev).toBe(0);
  });
});

describe('properties', () => {
  const rules = fc.constantFrom<HousingRules>(BEFORE, FROM);
  const money = fc.integer({ min: 0, max: 20_000_000 });
  const rate = fc.double({ min: 0, max: 15, noNaN: true });
  const input = fc.record({
    price: money,
    fee: fc.option(fc.integer({ min: 0, max: 20_000 })),
    operatingCost: fc.integer({ min: 0, max: 5_000 }),
    downPayment: money,
    ratePercent: rate,
    yearlyIncome: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
    rules,
  });

  it('a bostadsrätt never costs less than its avgift, and its rows add up to the total', () => {
    fc.assert(
      fc.property(input, (i) => {
        const c = bostadsrattCost(i);
        expect(c.total).toBeGreaterThanOrEqual(c.fee);
        expect(c.total).toBe(
          c.fee + c.operatingCost + c.loan.interest - c.loan.deduction + c.loan.amortisation,
        );
      }),
    );
  });

  it('a rate higher by less than a krona a month never rounds to a smaller total', () => {
    // Where rounding could break the order (interest and deduction rounded apart would): real
    // prices and rates with two decimals, raised by under a krona a month.
    const home = fc.record({
      price: fc.integer({ min: 100_000, max: 10_000_000 }),
      downShare: fc.integer({ min: 0, max: 60 }),
      ratePercent: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
      krona: fc.integer({ min: 1, max: 1000 }).map((n) => n / 1000),
      rules,
    });
    fc.assert(
      fc.property(home, ({ price, downShare, ratePercent, krona, rules }) => {
        const i = {
          price,
          fee: 0,
          operatingCost: 0,
          downPayment: (price * downShare) / 100,
          ratePercent,
          rules,
        };
        const before = bostadsrattCost(i);
        const higher = { ...i, ratePercent: ratePercent + (krona * 1200) / before.loan.loan };
        expect(bostadsrattCost(higher).total).toBeGreaterThanOrEqual(before.total);
      }),
      { numRuns: 1000 },
    );
  });

  it('a higher rate never costs less, for a bostadsrätt or a tomt', () => {
    fc.assert(
      fc.property(input, rate, (i, extra) => {
        const higher = { ...i, ratePercent: i.ratePercent + extra };
        expect(bostadsrattCost(higher).total).toBeGreaterThanOrEqual(bostadsrattCost(i).total);
        const plot = { price: i.price, loan: i.price, ratePercent: i.ratePercent, rules: i.rules };
        expect(tomtCost({ ...plot, ratePercent: higher.ratePercent }).total).toBeGreaterThanOrEqual(
          tomtCost(plot).total,
        );
      }),
    );
  });
});
