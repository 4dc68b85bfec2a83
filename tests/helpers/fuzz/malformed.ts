/**
 * The malformed parts of a fuzzed request that do not depend on the route's rules: list queries
 * with a broken sort, filter or range, query strings and bodies the request guard refuses, junk
 * query keys, and multipart bodies.
 */
import fc from 'fast-check';
import type { EntityDef } from '../../../schema';
import type { Probe } from './probes';
import { BUILT_IN_NAMES, deeplyNested, encodeLoose, OUT_OF_RANGE_DATES, smallOddValue, UNCLEAN_TEXT } from './values';

const json = (value: unknown) => JSON.stringify(value);
const OVERSIZED_NAME = 'x'.repeat(1_100_000);
const LONG_ARRAY = `[${'0,'.repeat(100_000)}0]`;

// ---- query strings ----------------------------------------------------------------------------

/** A list's sort, filter and range, at least one of them malformed. */
export function listQuery(entity: EntityDef | undefined): fc.Arbitrary<{ what: string; query: string }> {
  const fields = entity ? Object.keys(entity.fields) : ['id', 'name', 'createdAt'];
  const dates = entity ? fields.filter((f) => ['date', 'datetime'].includes(entity.fields[f].kind)) : ['createdAt'];
  const sort = fc.oneof(
    fc.constantFrom(...BUILT_IN_NAMES).map((n) => json([n, 'ASC'])),
    fc.constantFrom(...fields).map((n) => json([n, 'SIDEWAYS'])),
    fc.constantFrom(
      'notjson',
      '[',
      '[1,2]',
      '{}',
      '"id"',
      '[null]',
      json(['id', 'ASC', 'extra']),
      json([{ a: 1 }, 'ASC']),
    ),
  );
  const filterKey = fc.oneof(
    fc.constantFrom(...BUILT_IN_NAMES.filter((n) => n !== '__proto__')),
    fc.constantFrom(...BUILT_IN_NAMES).map((n) => `${n}_gte`),
    fc.constantFrom(...fields, ...fields.map((f) => `${f}_lte`)),
    fc.constantFrom('q', 'id'),
  );
  const filter = fc.oneof(
    fc.tuple(filterKey, smallOddValue).map(([k, v]) => json({ [k]: v })),
    fc
      .tuple(fc.constantFrom(...(dates.length ? dates : ['createdAt'])), fc.constantFrom(...OUT_OF_RANGE_DATES))
      .map(([k, v]) => json({ [`${k}_lte`]: v })),
    fc.constantFrom(
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"constructor":1}',
      'notjson',
      '[]',
      'null',
      '"q"',
    ),
  );
  const range = fc.constantFrom(
    '[-1,5]',
    '[5,1]',
    '[0,100000]',
    '"x"',
    '[0.5,1]',
    '[0,"a"]',
    '[0]',
    '{}',
    '[1e308,1e309]',
  );
  return fc
    .record({ sort: fc.option(sort), filter: fc.option(filter), range: fc.option(range) }, { requiredKeys: [] })
    .filter((q) => Boolean(q.sort || q.filter || q.range))
    .map((q) => ({
      what: `list query ${JSON.stringify(q)}`,
      query: Object.entries(q)
        .filter(([, v]) => v)
        .map(([k, v]) => `${k}=${encodeLoose(v as string)}`)
        .join('&'),
    }));
}

/** Query strings the request guard refuses: NUL, malformed escapes, prototype keys. */
export const badQuery = fc.constantFrom(
  'q=%00',
  'to=a%00b',
  'x=%FF',
  'x=%ED%A0%80',
  '__proto__=1',
  'constructor=1',
  'filter=%7B%22__proto__%22%3A1%7D',
  '%FF=1',
);

/** Arbitrary extra query keys and values for routes whose query is unknown. */
export const junkQuery = fc
  .dictionary(
    fc.constantFrom('id', 'email', 'to', 'token', 'page', 'q', 'filter', 'sort', ...BUILT_IN_NAMES.slice(3)),
    smallOddValue,
    { maxKeys: 3 },
  )
  .map((d) =>
    Object.entries(d)
      .map(([k, v]) => `${k}=${encodeLoose(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&'),
  );

// ---- bodies -----------------------------------------------------------------------------------

/** Bodies the request guard refuses whatever the route: `base` is otherwise valid for it. */
export function guardedBody(base: Record<string, unknown>): fc.Arbitrary<Probe> {
  const keys = Object.keys(base).filter((k) => typeof base[k] === 'string');
  const textKey = keys.length ? fc.constantFrom(...keys) : fc.constant('name');
  const withRaw = (extra: string) => {
    const text = json(base);
    return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
  };
  const as = (what: string, body: string | Buffer, contentType = 'application/json'): Probe => ({
    what,
    url: '',
    body,
    contentType,
  });
  return fc.oneof(
    fc
      .tuple(textKey, fc.constantFrom(...UNCLEAN_TEXT))
      .map(([k, v]) => as(`${k} is ${JSON.stringify(v)}`, json({ ...base, [k]: v }))),
    fc.constantFrom(...UNCLEAN_TEXT).map((v) => as('a key with unclean text', json({ ...base, [v]: 1 }))),
    fc
      .constantFrom(
        '"__proto__":{"isAdmin":true}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"nested":{"prototype":1}',
        '"list":[{"__proto__":{}}]',
      )
      .map((extra) => as(`prototype key ${extra}`, withRaw(extra))),
    fc
      .integer({ min: 33, max: 3000 })
      .map((depth) => as(`nested ${depth} deep`, json({ ...base, nested: deeplyNested(depth) }))),
    fc
      .constantFrom(
        json(base).slice(0, -1),
        "{'a':1}",
        '{"a":NaN}',
        '{"a":1,}',
        '{"a" 1}',
        `${json(base)}x`,
        '{"a":"\\x00"}',
        '"text"',
        '42',
        'null',
        'true',
      )
      .map((text) => as('invalid JSON', text)),
    fc.constant(
      as(
        'bytes that are not UTF-8',
        Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')]),
      ),
    ),
    // Built only when drawn: a megabyte of text per probe would cost more than the request.
    fc.constant(null).map(() => as('a body over the size limit', json({ ...base, name: OVERSIZED_NAME }))),
    fc
      .constantFrom('[]', '[{}]', 'base', 'long')
      .map((kind) => as('a JSON array', kind === 'base' ? json([base]) : kind === 'long' ? LONG_ARRAY : kind)),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=latin1',
      )
      .map((type) => as(`sent as ${type}`, type.includes('urlencoded') ? 'name=x&__proto__[a]=1' : json(base), type)),
  );
}

const BOUNDARY = 'fuzzboundary7MA4YWxk';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body of text parts and files. */
export function multipart(
  parts: { name: string; value?: string; file?: { filename: string; data: Buffer; type: string } }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = p.file
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n`
      : `Content-Disposition: form-data; name="${p.name}"\r\n`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\n${head}\r\n`),
      p.file ? p.file.data : Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
