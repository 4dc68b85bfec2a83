/**
 * Per field, the invalid values a client could send, read from the entity declarations alone,
 * together with where and with which message key the API must answer.
 */
import { entity as entityNamed, type FieldDef } from '../../schema';
import { apiId, fitsLength, fitsPattern, stringCandidates, uniq } from './samples';

export interface InvalidValue {
  /** What is wrong, for test names. */
  label: string;
  value: unknown;
  /** Where the API reports it in error.fields: the field, or '<field>.<key>' / '<field>.<index>.<key>' inside nested values. */
  path: string;
  /** The message key the API must answer with. */
  key: string;
}

/** A string of the right length that does not match the field's pattern, if there is one. */
function patternBreaker(def: FieldDef): string | undefined {
  if (!def.pattern) return undefined;
  const tries = [
    '!!',
    '!!!',
    '! !',
    'Not valid!',
    'a b',
    '12',
    'AB',
    'ab',
    '-x-',
    'https://example.com/x',
    '!'.repeat(def.min ?? 1),
  ];
  return tries.find((s) => fitsLength(s, def) && !def.pattern?.test(s));
}

/** `n` different strings, each valid for the list's item pattern. */
function distinctItems(def: FieldDef, n: number): string[] {
  const items = new Set<string>();
  for (const s of stringCandidates(def)) {
    if (items.size === n) break;
    if (fitsLength(s, def) && fitsPattern(s, def)) items.add(def.lowercase ? s.toLowerCase() : s);
  }
  return [...items];
}

/** A number no row has, under the 32-bit id limit. */
export const MISSING_ID = 2_147_483_000;

/**
 * Invalid values for one writable field, each with the message key expected back:
 * wrong type, too long or short, bad pattern, email, phone or URL, unknown enum value,
 * malformed or missing reference, too many list items, empty when required, and the same
 * inside nested objects. `valid` is a valid value of the field, the base of nested cases.
 */
export function invalidValues(field: string, def: FieldDef, valid?: unknown): InvalidValue[] {
  const key = (rule: string) => (rule.includes('.') ? rule : `${field}.errors.${rule}`);
  const list: InvalidValue[] = [];
  const add = (label: string, value: unknown, rule: string) => list.push({ label, value, path: field, key: key(rule) });
  const max = def.max;
  switch (def.kind) {
    case 'string':
    case 'text':
    case 'secret': {
      add('an object', { text: 'x' }, 'invalid');
      add('a boolean', true, 'invalid');
      if (max !== undefined) add(`longer than ${max}`, 'x'.repeat(max + 1), 'tooLong');
      if ((def.min ?? 0) > 1) add(`shorter than ${def.min}`, 'X'.repeat((def.min ?? 1) - 1), 'tooShort');
      const bad = patternBreaker(def);
      if (bad !== undefined) add('not matching its pattern', bad, def.patternMessage ?? 'invalid');
      break;
    }
    case 'email':
      add('a number', 42, 'invalid');
      add('without @', 'not-an-email', 'invalid');
      add('without a domain', 'someone@localhost', 'invalid');
      if (max !== undefined) add(`longer than ${max}`, `${'a'.repeat(max)}@example.com`, 'tooLong');
      break;
    case 'phone':
      add('a number', 6591234567, 'invalid');
      if (def.pattern) add('words', 'call me maybe', 'invalid');
      if (def.pattern) add('too few digits', '12345', 'invalid');
      if (max !== undefined) add(`longer than ${max}`, '1'.repeat(max + 1), 'tooLong');
      break;
    case 'url': {
      add('a number', 42, 'invalid');
      add('with spaces', 'not a url', 'invalid');
      add('without a domain', 'localhost', 'invalid');
      if (max !== undefined) add(`longer than ${max}`, `https://example.com/${'a'.repeat(max)}`, 'tooLong');
      const other = `https://example.com/${uniq()}`;
      if (def.pattern && !def.pattern.test(other))
        add('a link of another kind', other, def.patternMessage ?? 'invalid');
      break;
    }
    case 'integer':
    case 'decimal':
      add('words', 'abc', 'invalid');
      add('an object', { n: 1 }, 'invalid');
      if (def.kind === 'integer') add('a fraction', 1.5, 'notWholeNumber');
      if (def.kind === 'integer' && (max === undefined || max >= 2 ** 31)) add('beyond 32 bits', 2 ** 31, 'tooBig');
      if (def.min !== undefined) add(`below ${def.min}`, def.min - 1, 'tooSmall');
      if (max !== undefined && max < 2 ** 31) add(`above ${max}`, max + 1, 'tooBig');
      break;
    case 'boolean':
      add('a word', 'yes', 'invalid');
      add('a number', 1, 'invalid');
      break;
    case 'date':
      add('a day that does not exist', '2024-02-30', 'invalid');
      add('words', 'tomorrow', 'invalid');
      add('a number', 20240101, 'invalid');
      break;
    case 'datetime':
      add('a day that does not exist', '2024-02-30T10:00:00Z', 'invalid');
      add('words', 'not a date', 'invalid');
      add('a number', 12, 'invalid');
      break;
    case 'enum':
      add('an unknown value', Math.max(...(def.choices ?? []).map((c) => c.id)) + 100, 'invalid');
      add('a word', 'abc', 'invalid');
      add('a boolean', true, 'invalid');
      break;
    case 'enumList': {
      const ids = (def.choices ?? []).map((c) => c.id);
      add('a value instead of a list', ids[0], 'invalid');
      add('an unknown value in the list', [Math.max(...ids) + 100], 'invalid');
      if (max !== undefined && max < ids.length) add(`more than ${max} items`, ids.slice(0, max + 1), 'tooMany');
      break;
    }
    case 'json':
      add('a string', 'text', 'invalid');
      break;
    case 'ref': {
      const target = entityNamed(def.ref as string);
      add('a malformed id', 'abc', 'invalid');
      add('a negative id', -1, 'invalid');
      add("another entity's id", 'Wrong:1', 'invalid');
      add('a missing row', apiId(target, MISSING_ID), 'notFound');
      break;
    }
    case 'stringList': {
      add('a string instead of a list', 'x', 'invalid');
      add('a number in the list', [42], 'invalid');
      const bad = patternBreaker({ ...def, min: undefined, max: 255 });
      if (bad !== undefined) add('an item not matching the pattern', [bad], def.patternMessage ?? 'invalid');
      if (max !== undefined)
        add(`more than ${max} items`, distinctItems({ ...def, min: undefined, max: 255 }, max + 1), 'tooMany');
      break;
    }
    case 'refList': {
      const target = entityNamed(def.ref as string);
      add('a string instead of a list', 'x', 'invalid');
      add('a malformed id in the list', ['abc'], 'invalid');
      add('a missing row in the list', [apiId(target, MISSING_ID)], 'notFound');
      if (max !== undefined)
        add(
          `more than ${max} items`,
          Array.from({ length: max + 1 }, (_, i) => apiId(target, i + 1)),
          'tooMany',
        );
      break;
    }
    case 'object':
    case 'objectList': {
      const list_ = def.kind === 'objectList';
      add(list_ ? 'a string instead of a list' : 'a string instead of an object', 'x', 'invalid');
      const base = ((list_ ? (valid as unknown[] | undefined)?.[0] : valid) ?? {}) as Record<string, unknown>;
      if (list_) {
        list.push({ label: 'a string in the list', value: ['x'], path: `${field}.0`, key: key('invalid') });
        if (max !== undefined)
          add(
            `more than ${max} items`,
            Array.from({ length: max + 1 }, () => base),
            'tooMany',
          );
      }
      for (const [inner, innerDef] of Object.entries(def.fields ?? {})) {
        for (const bad of invalidValues(`${field}.${inner}`, innerDef, base[inner])) {
          const item = { ...base, [inner]: bad.value };
          const path = list_ ? bad.path.replace(`${field}.`, `${field}.0.`) : bad.path;
          list.push({ label: `${inner} ${bad.label}`, value: list_ ? [item] : item, path, key: bad.key });
        }
      }
      break;
    }
    default:
      throw new Error(`samples: no invalid values for ${field} of kind '${def.kind}'; teach tests/helpers/samples.ts`);
  }
  if (def.required) {
    add('empty', '', 'required');
    add('null', null, 'required');
  }
  return list;
}
