/**
 * The raw material of malformed requests: ids that name nothing, names every object inherits,
 * dates out of range, text PostgreSQL refuses, and values of the wrong type, chosen per field
 * from the declaration (entity fields) or tried against the zod schema (capability inputs).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { EntityDef } from '../../../schema';
import { MISSING_ID } from '../invalidValues';

/** Names that resolve on every plain object: a lookup by them must never find a field. */
export const BUILT_IN_NAMES = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/** Dates JavaScript accepts and PostgreSQL does not (or neither does). */
export const OUT_OF_RANGE_DATES = [
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+010000-01-01',
  '0000-00-00',
  '9999-99-99T99:99:99Z',
  '2024-02-30',
];

/** Strings PostgreSQL refuses or would change: NUL, lone surrogates (high, low, reversed). */
export const UNCLEAN_TEXT = ['a\u0000b', '\u0000', '\ud800', 'x\udfff', '\udc00\ud800', 'ok\ud83d'];

/** Path segments (already URL-encoded) that are not an id of anything. */
export function badIds(entity?: EntityDef): string[] {
  const prefix = entity?.idPrefix ?? '';
  return [
    '0',
    '-1',
    '1.5',
    '1e3',
    'abc',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    ...BUILT_IN_NAMES.filter((n) => n !== '__proto__'),
    '__proto__',
    '2147483648',
    '99999999999999999999',
    `${prefix}${MISSING_ID}`,
    encodeURIComponent(`${prefix}0`),
    encodeURIComponent(`${prefix}-4`),
    encodeURIComponent('Wrong:1'),
    '%20',
    'x'.repeat(300),
    '%00',
    'a%00b',
    '%FF',
    '%ED%A0%80',
    '%C0%AF',
    '..%2F..%2Fetc%2Fpasswd',
    encodeURIComponent("1' OR '1'='1"),
  ];
}

/** Values of every JSON type and some that are hard on parsers and databases. */
export const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 1,
  '',
  ' ',
  'x',
  'abc',
  '2147483648',
  'Candidate:0',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '{}',
  [],
  {},
  [null],
  [[]],
  { $ne: null },
  { a: { b: { c: 1 } } },
  'x'.repeat(70_000),
  Array.from({ length: 5000 }, (_, i) => `item${i}`),
  ...UNCLEAN_TEXT,
  ...OUT_OF_RANGE_DATES,
  ...BUILT_IN_NAMES,
];

export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_VALUES),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * Odd values small enough for a query string: a request line over Node's 16 KB header limit is
 * refused by Node's HTTP parser (431) before the application sees it.
 */
export const smallOddValue: fc.Arbitrary<unknown> = oddValue.filter((v) => (JSON.stringify(v) ?? '').length < 2000);

/** A value nested deeper than any payload of the product. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { d: value };
  return value;
}

/**
 * encodeURIComponent that also takes lone surrogates (it throws on them), as the bytes a careless
 * client would send for them (WTF-8), which are not UTF-8.
 */
export function encodeLoose(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    const pair =
      c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%ED%${(0xa0 | ((c >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}

// ---- zod inputs -------------------------------------------------------------------------------

interface ZodInternals {
  _zod: { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType } };
}

/** The keys of an object schema, through optional, default, nullable and pipe wrappers. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current = schema as unknown as ZodInternals | undefined;
  for (let i = 0; current && i < 10; i += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return def.shape;
    current = (def.innerType ?? def.in) as unknown as ZodInternals | undefined;
  }
  return undefined;
}

/** Whether the schema refuses `value` (a schema that throws on it refuses it too). */
export function refuses(schema: z.ZodType, value: unknown): boolean {
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true;
  }
}
