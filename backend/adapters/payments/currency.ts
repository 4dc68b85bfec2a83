/**
 * Amounts as Stripe's API states them: whole numbers of the currency's minor unit
 * (https://docs.stripe.com/currencies). Most currencies count hundredths (SGD 9.60 → 960); Stripe's
 * zero-decimal currencies count whole units (JPY 960 → 960) and its three-decimal ones thousandths
 * (KWD 9.60 → 9600, always ending in 0 as Stripe requires).
 *
 * Stripe's own lists, declared here, rather than the runtime's currency data: Intl.NumberFormat's
 * maximumFractionDigits (CLDR, ICU 78 in Node 20) agrees on the lists below but says 0 for ISK, HUF,
 * IDR, COP, PKR and a dozen more, and 3 for LYD, all of which Stripe counts in hundredths; taking it
 * from Intl would charge those a hundredth (or ten times) of the order, and could change with a
 * Node upgrade. ISK is Stripe's one special case for charges (hundredths, whole krónur only); its
 * HUF and TWD special cases concern payouts, not charges.
 */

/** Counted in whole units by Stripe. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Counted in thousandths by Stripe, the last digit 0. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** Counted in hundredths by Stripe but charged in whole units only (an amount divisible by 100). */
const WHOLE_UNITS_ONLY = new Set(['ISK']);

/** How many decimals of `currency` Stripe's amounts carry: 0, 2 or 3. */
export function minorUnitDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** `amount` × 10^digits, rounded half away from zero without binary drift (1.005 → 1.01). */
function shift(amount: number, digits: number): number {
  return Math.sign(amount) * Math.round(Number(`${Math.abs(amount)}e${digits}`));
}

/**
 * An amount in the currency's major unit (an order's total, e.g. '960.00') as Stripe's `unit_amount`
 * and `amount_total` state it. A currency Stripe charges in whole units only takes the total rounded
 * to the whole unit, as the order's own formatting (Intl, no decimals) already shows it.
 */
export function toMinorUnits(amount: string | number, currency: string): number {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(code);
  const major = Number(amount);
  if (!Number.isFinite(major)) throw new Error(`not an amount: '${amount}'`);
  if (ZERO_DECIMAL.has(code)) return shift(major, 0);
  if (WHOLE_UNITS_ONLY.has(code)) return shift(major, 0) * 100;
  if (THREE_DECIMAL.has(code)) return shift(shift(major, 2), 1);
  return shift(major, digits);
}
