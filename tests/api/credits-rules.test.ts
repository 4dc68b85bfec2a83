/** Credit rules as pure functions, table-driven: the one pricing function, the amount and expiry rules. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIERS,
  expiryDateError,
  formatMoney,
  expiryWindow,
  noOfCreditsError,
  parseTiers,
  quoteCredits,
  round2,
  type Pricing,
} from '../../schema/rules/credits';

const pricing: Pricing = {
  pricePerCredit: 100,
  currency: 'SGD',
  locale: 'en-SG',
  tiers: DEFAULT_TIERS,
  supportEmail: 'sales@talentbase.example',
};

describe('The price of credits', () => {
  it.each([
    [1, 0, 100],
    [9, 0, 900],
    [10, 20, 800],
    [19, 20, 1520],
    [0, 0, 100],
    [-3, 0, 100],
  ])('%i credits get %i %% off and cost %d', (quantity, discount, total) => {
    const q = quoteCredits(pricing, quantity);
    expect(q.kind).toBe('price');
    if (q.kind === 'price') {
      expect(q.discount).toBe(discount);
      expect(q.total).toBe(total);
      expect(q.currency).toBe('SGD');
    }
  });

  it('Above the top tier the buyer is sent to enterprise pricing at the support address', () => {
    expect(quoteCredits(pricing, 20)).toEqual({
      kind: 'enterprise',
      quantity: 20,
      supportEmail: 'sales@talentbase.example',
    });
  });

  it.each([
    [33.33, 3, 0, 99.99],
    [12.345, 10, 20, 98.76],
    [0.1, 3, 0, 0.3],
    [19.99, 15, 20, 239.88],
  ])(
    'A price of %d per credit for %i credits (%i %% off) totals %d, rounded to 2 decimals',
    (price, quantity, _discount, total) => {
      const q = quoteCredits({ ...pricing, pricePerCredit: price }, quantity);
      expect(q.kind === 'price' && q.total).toBe(total);
    },
  );

  it('Further tiers are configurable and the top one caps a purchase', () => {
    const tiers = parseTiers('0-9:0,10-19:20,20-49:30');
    expect(quoteCredits({ ...pricing, tiers }, 25)).toMatchObject({ kind: 'price', discount: 30, total: 1750 });
    expect(quoteCredits({ ...pricing, tiers }, 50).kind).toBe('enterprise');
    expect(() => parseTiers('0-9:0,11-19:20')).toThrow();
    expect(() => parseTiers('nonsense')).toThrow();
  });

  it('Rounds halves away from zero without binary drift', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
  });
});

describe('Money as it is shown', () => {
  it.each([
    [1600, 'SGD', 'en-SG', 'SGD 1,600.00'],
    [100, 'USD', 'en-SG', 'USD 100.00'],
    [1234.5, 'EUR', 'de-DE', '1.234,50 EUR'],
  ])('%d %s in %s reads %s: the currency named by its code, never a bare "$"', (amount, currency, locale, text) =>
    expect(formatMoney(amount, currency, locale)).toBe(text),
  );

  it('Writes each amount in its own locale and currency however they follow one another', () => {
    expect([
      formatMoney(1, 'SGD', 'en-SG'),
      formatMoney(1, 'USD', 'en-SG'),
      formatMoney(1, 'SGD', 'de-DE'),
      formatMoney(2.5, 'SGD', 'en-SG'),
    ]).toEqual(['SGD 1.00', 'USD 1.00', '1,00 SGD', 'SGD 2.50']);
  });
});

describe('An admin credit amount', () => {
  it.each([
    [undefined, 'noOfCredits.errors.required'],
    ['', 'noOfCredits.errors.required'],
    [null, 'noOfCredits.errors.required'],
    [0, 'noOfCredits.errors.zeroCredits'],
    ['0', 'noOfCredits.errors.zeroCredits'],
    [1.5, 'noOfCredits.errors.NotWholeNumber'],
    ['abc', 'noOfCredits.errors.NotWholeNumber'],
    [-2, 'noOfCredits.errors.min'],
    [1, null],
    ['12', null],
    [100001, 'noOfCredits.errors.max'],
  ])('%s → %s', (value, error) => {
    expect(noOfCreditsError(value)).toBe(error);
  });
});

describe('An expiry date', () => {
  const today = '2026-11-23';
  it.each([
    [undefined, null],
    ['2026-11-24', null],
    ['2031-11-23', null],
    ['2026-11-23', 'expiryDate.errors.tooSoon'],
    ['2031-11-24', 'expiryDate.errors.tooLate'],
    ['2026-02-30', 'expiryDate.errors.invalid'],
    ['23/11/2027', 'expiryDate.errors.invalid'],
    [20271123, 'expiryDate.errors.invalid'],
  ])('%s → %s', (value, error) => {
    expect(expiryDateError(value, today)).toBe(error);
  });

  it('Runs from tomorrow to 5 years ahead, one year by default', () => {
    expect(expiryWindow(today)).toEqual({ min: '2026-11-24', max: '2031-11-23', default: '2027-11-23' });
  });
});
