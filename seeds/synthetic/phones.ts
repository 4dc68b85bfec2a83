/**
 * Mobile numbers of a country, as its people have them: the country's calling code and one of its mobile
 * prefixes, then random digits, stored in E.164 as the phone rule (schema/validation/phone.ts) stores every
 * number it knows. The main markets' prefixes are written below (each number they make is a valid mobile
 * for libphonenumber-js, which tests/seeds/realism.test.ts checks); another country's are read from the
 * library's example mobile number of the country (its leading digits and their neighbours, kept when the
 * library takes their numbers for mobiles of that country), and each number made for it is checked.
 */
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

export interface PhonePlan {
  country: string;
  /** The calling code, without '+'. */
  calling: string;
  /** Leading digits of the national number that make a mobile. */
  prefixes: string[];
  /** How many random digits follow a prefix. */
  free: number;
  /** Some endings of some prefixes are not numbers: each number made is checked (the markets' need not be). */
  checked: boolean;
}

/** Endings tried on each prefix: a prefix is kept when the number is a valid mobile with every one of them. */
const ENDINGS = ['000000', '999999', '123456', '987654', '555555', '246813', '010101', '909090'];
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

function isMobileOf(country: string, number: string): boolean {
  const parsed = parsePhoneNumberFromString(number);
  return Boolean(parsed?.isValid() && parsed.country === country && MOBILE_TYPES.has(parsed.getType() ?? ''));
}

/** How a country's mobile numbers are made, or undefined when the library has no example of one. */
export function phonePlan(country: string): PhonePlan | undefined {
  const example = (examples as Record<string, string | undefined>)[country];
  if (!example) return undefined;
  const calling = getCountryCallingCode(country as CountryCode);
  const free = Math.min(6, example.length - 2);
  const length = example.length - free;
  const head = example.slice(0, length);
  const tries = new Set<string>();
  for (let d = 0; d <= 9; d += 1) {
    tries.add(head.slice(0, length - 1) + d);
    tries.add(d + head.slice(1));
  }
  const prefixes = [...tries]
    .filter((prefix) => ENDINGS.every((end) => isMobileOf(country, `+${calling}${prefix}${end.slice(0, free)}`)))
    .sort();
  return prefixes.length ? { country, calling, prefixes, free, checked: true } : undefined;
}

const market = (country: string, calling: string, prefixes: string[], checked = false): PhonePlan => ({
  country,
  calling,
  prefixes,
  free: 6,
  checked,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The markets most candidates live in (seeds/synthetic/pools.ts MARKETS): their mobile ranges. */
const MARKET_PLANS: Record<string, PhonePlan> = {
  SG: market('SG', '65', [...range(81, 89), ...range(90, 98)]),
  // Hong Kong's mobile ranges are allocated in small blocks: each number is checked.
  HK: market('HK', '852', ['52', '53', '59', '61'], true),
  MY: market('MY', '60', range(120, 129)),
  ID: market('ID', '62', range(810, 819)),
  PH: market('PH', '63', range(9050, 9059)),
  TH: market('TH', '66', ['612', ...range(810, 819), '912']),
  VN: market('VN', '84', ['312', '512', '812', ...range(910, 919)]),
  IN: market('IN', '91', [...range(8120, 8129), '9123']),
  AU: market('AU', '61', range(410, 419)),
  GB: market('GB', '44', range(7400, 7409)),
  US: market('US', '1', [...range(2012, 2019), '3015', '4015', '5015', '6015', '7015', '8015', '9015']),
  JP: market('JP', '81', ['6012', '7012', '8012', ...range(9010, 9019)]),
};

const plans = new Map<string, PhonePlan | undefined>(Object.entries(MARKET_PLANS));

/** The plan of a country: a market's, or made once per thread on first use. */
export function planOf(country: string): PhonePlan | undefined {
  if (!plans.has(country)) plans.set(country, phonePlan(country));
  return plans.get(country);
}

/**
 * A mobile number of the plan's country in E.164, or null without a plan. Always three draws of `random`,
 * whatever the country, so what is drawn after a number does not depend on the country.
 */
export function mobileNumber(random: () => number, plan: PhonePlan | undefined): string | null {
  const pick = random();
  const high = Math.floor(random() * 1000);
  const low = Math.floor(random() * 1000);
  if (!plan) return null;
  const digits = String(high * 1000 + low)
    .padStart(6, '0')
    .slice(6 - plan.free);
  const { prefixes } = plan;
  const first = Math.floor(pick * prefixes.length);
  const checking = plan.checked;
  // Where some endings are gaps in the numbering plan, the next prefix with the same digits, then the digits reversed.
  for (const ending of checking ? [digits, [...digits].reverse().join('')] : [digits])
    for (let i = 0; i < (checking ? prefixes.length : 1); i += 1) {
      const number = `+${plan.calling}${prefixes[(first + i) % prefixes.length]}${ending}`;
      if (!checking || isMobileOf(plan.country, number)) return number;
    }
  return null;
}
