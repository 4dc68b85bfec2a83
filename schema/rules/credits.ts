/**
 * Credit rules, side-free so the console, the portal and the server share them: the log's action
 * types (spec section 9), the plan charges (spec section 4), the grant's validation and expiry
 * window, and the one pricing function (`quoteCredits`) the purchase modal and the server both use.
 */
import { MANAGING_SUB_ROLES, SUB_ROLES, type Actor } from '../roles';

/**
 * Credit log action types: spec section 9's 1 to 9, 10 for lots written off when they expire, 11
 * for credits taken back because their card payment was refunded or charged back, and 12 for a charge
 * given back because it paid again for what was already paid (a guarantee of one person bought once per twin
 * profile, given back when the twins are merged: duplicates/guarantees.ts).
 */
export const CREDIT_ACTIONS = {
  addedByAdmin: 1,
  updatedByAdmin: 2,
  deletedByAdmin: 3,
  projectExpiry: 4,
  projectCreation: 5,
  projectUpgrade: 6,
  projectRenewal: 7,
  guaranteeCandidate: 8,
  addedByCompanyUser: 9,
  expired: 10,
  reclaimed: 11,
  refunded: 12,
} as const;
export type CreditAction = keyof typeof CREDIT_ACTIONS;

export const CREDIT_ACTION_LABELS: Record<CreditAction, string> = {
  addedByAdmin: 'Added by admin',
  updatedByAdmin: 'Updated by admin',
  deletedByAdmin: 'Deleted by admin',
  projectExpiry: 'Deducted for project expiry',
  projectCreation: 'Deducted for project creation',
  projectUpgrade: 'Deducted for project upgrade',
  projectRenewal: 'Deducted for project renewal',
  guaranteeCandidate: 'Deducted for guarantee candidate',
  addedByCompanyUser: 'Added by company user',
  expired: 'Expired credits written off',
  reclaimed: 'Taken back for a refund or chargeback',
  refunded: 'Refunded: a charge paid twice',
};

/** The actions a charge (spendCredits) may name. */
export const CHARGE_ACTIONS = [
  'projectExpiry',
  'projectCreation',
  'projectUpgrade',
  'projectRenewal',
  'guaranteeCandidate',
] as const;
export type ChargeAction = (typeof CHARGE_ACTIONS)[number];

/** What plans cost (spec sections 4 and 9): activation 1, upgrade free → power 1, power 1 per 30-day cycle, guarantee 0.5. */
export const PLAN_CHARGES = { activation: 1, upgrade: 1, renewal: 1, guarantee: 0.5 } as const;
export const PROJECT_CYCLE_DAYS = 30;
export const FREE_TRIAL_DAYS = 30;

/**
 * What a plan charge of `amount` will really do for a company now, as the ledger decides it
 * (backend/features/credits/ledger.ts): nothing taken during the free trial, the amount taken from
 * the balance when it covers it, otherwise refused for want of credits.
 */
export function chargeOutlook(
  amount: number,
  company: { onTrial: boolean; balance: number },
): 'trial' | 'paid' | 'short' {
  if (company.onTrial) return 'trial';
  return company.balance >= amount ? 'paid' : 'short';
}
/** How far ahead a lot may expire: tomorrow to 5 years, default one year. */
export const EXPIRY_MAX_YEARS = 5;

/**
 * How long an order waits for a bank transfer before it is cancelled as expired: an order form from
 * the day it was made (its PDF carries no due date of its own), a card checkout completed with its
 * payment under way from when the provider said so (a bank transfer may stay open at Stripe for
 * ever). Thirty days, a finance team's usual payment term. A payment that still arrives is credited.
 */
export const BANK_TRANSFER_LIFETIME_DAYS = 30;

/** Credits are counted in halves: every amount the ledger accepts is a whole number of halves. */
export function toHalves(amount: number | string): number {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return Math.round(n * 2);
}
export function isWholeHalves(amount: number): boolean {
  return Number.isFinite(amount) && Number.isInteger(amount * 2);
}
export function fromHalves(halves: number): number {
  return halves / 2;
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d);
}
function addYears(day: string, years: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return isoDay(d);
}

/** The window an expiry date must fall in, as YYYY-MM-DD, for a given today (UTC). */
export function expiryWindow(today: string = isoDay(new Date())): { min: string; max: string; default: string } {
  return { min: addDays(today, 1), max: addYears(today, EXPIRY_MAX_YEARS), default: addYears(today, 1) };
}

/** The error key of an admin's credit amount (spec section 5), or null when it is valid. */
export function noOfCreditsError(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return 'noOfCredits.errors.required';
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || Number.isNaN(n)) return 'noOfCredits.errors.NotWholeNumber';
  if (n === 0) return 'noOfCredits.errors.zeroCredits';
  if (!Number.isInteger(n)) return 'noOfCredits.errors.NotWholeNumber';
  if (n < 1) return 'noOfCredits.errors.min';
  if (n > 100000) return 'noOfCredits.errors.max';
  return null;
}

/** The error key of an expiry date, or null when it is valid (tomorrow to 5 years ahead). */
export function expiryDateError(value: unknown, today?: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    return 'expiryDate.errors.invalid';
  if (isoDay(new Date(`${value}T00:00:00Z`)) !== value) return 'expiryDate.errors.invalid';
  const w = expiryWindow(today);
  if (value < w.min) return 'expiryDate.errors.tooSoon';
  if (value > w.max) return 'expiryDate.errors.tooLate';
  return null;
}

/**
 * An admin's update of a lot (spec section 5): the rules of what an admin types apply to what they
 * change. The lot's current amount is accepted as it stands, whole halves included (a guarantee
 * leaves 9.5), and its current expiry too, even when it is today; a changed amount must be a whole
 * number from 1 to 100,000 and a changed expiry fall in the window.
 */
export function updatedCreditsError(value: unknown, current: number): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n === 'number' && n === current && isWholeHalves(n)) return null;
  return noOfCreditsError(value);
}

/**
 * The error key of a lot's updated expiry (see updatedCreditsError): an unchanged expiry is accepted
 * while the lot is valid (through its expiry day, UTC); a lot already past it cannot be kept as it is.
 */
export function updatedExpiryError(value: unknown, current: string, today: string = isoDay(new Date())): string | null {
  if (value === current && current >= today) return null;
  return expiryDateError(value, today);
}

/**
 * Whether a reader's "credits spent" (the recruiter dashboard) counts all of the company's charges,
 * those naming no project included: a reader who sees every project of the company, an admin or the
 * company's Owner or Admin (MANAGING_SUB_ROLES, as the Project read rule grants them). A Member
 * counts only the charges of the projects they may open, as their funnel does.
 */
export function readsEveryCharge(actor: Pick<Actor, 'role' | 'subRole'>): boolean {
  if (actor.role === 'admin') return true;
  return MANAGING_SUB_ROLES.includes(SUB_ROLES[actor.subRole ?? 'member']);
}

// ---------------------------------------------------------------------------------------------
// Pricing

/** A discount tier: quantities from `min` to `max` (inclusive) get `discount` percent off. */
export interface PriceTier {
  min: number;
  max: number;
  discount: number;
}

export interface Pricing {
  /** Price of one credit in the currency's major unit, e.g. 100 (SGD). */
  pricePerCredit: number;
  currency: string;
  locale: string;
  /** Ascending, contiguous from 0; the top tier's max is the most one purchase may hold. */
  tiers: PriceTier[];
  /** Where enterprise pricing requests go. */
  supportEmail: string;
}

/** The spec's tiers: 0 to 9 credits 0 %, 10 to 19 credits 20 %. */
export const DEFAULT_TIERS: PriceTier[] = [
  { min: 0, max: 9, discount: 0 },
  { min: 10, max: 19, discount: 20 },
];

export type Quote =
  | {
      kind: 'price';
      quantity: number;
      discount: number;
      unitPrice: number;
      subtotal: number;
      total: number;
      currency: string;
    }
  /** Above the top tier: the buyer contacts the support address for enterprise pricing. */
  | { kind: 'enterprise'; quantity: number; supportEmail: string };

/** Rounds to 2 decimals, half away from zero, without binary drift (1.005 → 1.01). */
export function round2(n: number): number {
  return (Math.sign(n) * Math.round(Number(`${Math.abs(n)}e2`))) / 100;
}

/**
 * The price of `quantity` credits: total = price per credit × quantity × (1 − discount / 100),
 * rounded to 2 decimals, where the discount is the tier holding the quantity. Quantities below 1
 * count as 1 (the modal never goes below 1); above the top tier's max the answer is enterprise.
 */
export function quoteCredits(pricing: Pricing, quantity: number): Quote {
  const q = Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1));
  const top = pricing.tiers[pricing.tiers.length - 1];
  if (!top || q > top.max) return { kind: 'enterprise', quantity: q, supportEmail: pricing.supportEmail };
  const tier = pricing.tiers.find((t) => q >= t.min && q <= t.max) ?? { discount: 0 };
  const subtotal = round2(pricing.pricePerCredit * q);
  const total = round2(pricing.pricePerCredit * q * (1 - tier.discount / 100));
  return {
    kind: 'price',
    quantity: q,
    discount: tier.discount,
    unitPrice: pricing.pricePerCredit,
    subtotal,
    total,
    currency: pricing.currency,
  };
}

// One format per locale and currency, kept: building one loads the locale's data (the first took 32 to 101 ms in a
// fresh Chromium page), and a list of orders or lots writes an amount a row.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money as every screen, PDF and email shows it: 'SGD 1,600.00' in en-SG (CREDIT_CURRENCY, CREDIT_LOCALE). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  // The code, not the symbol: en-SG writes SGD and USD alike as "$".
  if (!format)
    moneyFormats.set(
      key,
      (format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' })),
    );
  return format.format(amount).replace(/\u00a0/g, ' ');
}

/** Parses CREDIT_TIERS ('0-9:0,10-19:20,20-49:30'); throws on anything not ascending and contiguous from 0. */
export function parseTiers(text: string): PriceTier[] {
  const tiers = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\d+)-(\d+):(\d+(?:\.\d+)?)$/.exec(part);
      if (!m) throw new Error(`CREDIT_TIERS: '${part}' is not min-max:discount`);
      return { min: Number(m[1]), max: Number(m[2]), discount: Number(m[3]) };
    });
  tiers.forEach((t, i) => {
    const expectedMin = i === 0 ? 0 : tiers[i - 1].max + 1;
    if (t.min !== expectedMin || t.max < t.min || t.discount < 0 || t.discount >= 100)
      throw new Error('CREDIT_TIERS: tiers must be ascending and contiguous from 0, discounts 0 to 99');
  });
  if (!tiers.length) throw new Error('CREDIT_TIERS: at least one tier');
  return tiers;
}
