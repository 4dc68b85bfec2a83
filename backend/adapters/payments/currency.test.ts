/** Amounts in the minor unit Stripe counts for each currency (backend/adapters/payments/currency.ts). */
import { describe, expect, it } from 'vitest';
import { minorUnitDigits, toMinorUnits } from './currency';

describe("Stripe's minor units", () => {
  it.each([
    ['SGD', '960.00', 96000],
    ['sgd', 12.34, 1234],
    ['USD', 1.005, 101],
    ['KWD', '37.05', 37050],
    ['BHD', 1, 1000],
    ['JPY', '960.00', 960],
    ['JPY', 960.5, 961],
    ['KRW', 15000, 15000],
    ['ISK', '960.40', 96000],
    ['HUF', '960.50', 96050],
    ['TWD', 10, 1000],
  ] as const)('%s %s → %i', (currency, amount, minor) => expect(toMinorUnits(amount, currency)).toBe(minor));

  it("agrees with the runtime's currency data on every currency it does not count in hundredths", () => {
    const digits = (c: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits;
    const special = Intl.supportedValuesOf('currency').filter((c) => minorUnitDigits(c) !== 2);
    expect(special.filter((c) => minorUnitDigits(c) === 0)).toHaveLength(16);
    expect(special.filter((c) => minorUnitDigits(c) === 3)).toEqual(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
    expect(special.filter((c) => digits(c) !== minorUnitDigits(c))).toEqual([]);
  });
});
