/**
 * fast-check arbitraries of malformed requests for one route and one caller. Every request that
 * could change something (POST, PUT, PATCH, DELETE) is invalid in at least one way the route
 * must refuse: an id that names nothing, a field value of the wrong type or out of its rules for
 * a field this caller may write, a zod input the declared schema refuses, or a body the request
 * guard refuses (NUL and lone surrogates, prototype keys, deep nesting, invalid JSON or UTF-8,
 * a body over the size limit, wrong content types). Reads may be valid: they change nothing.
 */
import fc from 'fast-check';
import { isWritable, type EntityDef } from '../../../schema';
import type { Actor } from '../../../schema/roles';
import { declaredFields, declaredRules, ruleConditions } from '../declared';
import { invalidValues } from '../samples';
import { fillPath, paramNames, type Target } from './targets';
import {
  badIds,
  BUILT_IN_NAMES,
  deeplyNested,
  encodeLoose,
  ODD_VALUES,
  OUT_OF_RANGE_DATES,
  smallOddValue,
  refuses,
  shapeOf,
  UNCLEAN_TEXT,
} from './values';

export interface Probe {
  /** What is wrong with it, for the failure message. */
  what: string;
  url: string;
  contentType?: string;
  body?: string | Buffer;
}

/** What the generators know of the database: a valid create payload and an existing id per entity. */
export interface FuzzWorld {
  payloads: Map<string, Record<string, unknown>>;
  existingIds: Map<string, string>;
}

const writes = (method: string) => method !== 'get' && method !== 'head';
const json = (value: unknown) => JSON.stringify(value);

// ---- query strings ----------------------------------------------------------------------------

/** A list's sort, filter and range, at least one of them malformed. */
function listQuery(entity: EntityDef | undefined): fc.Arbitrary<{ what: string; query: string }> {
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
const badQuery = fc.constantFrom(
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
const junkQuery = fc
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
function guardedBody(base: Record<string, unknown>): fc.Arbitrary<Probe> {
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
    fc.constant(as('a body over the size limit', json({ ...base, name: 'x'.repeat(1_100_000) }))),
    fc.constantFrom('[]', '[{}]', json([base]), `[${'0,'.repeat(100_000)}0]`).map((text) => as('a JSON array', text)),
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
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

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

/** A valid payload with one field this actor may write given a value its rules refuse. */
function invalidRecord(
  entity: EntityDef,
  actor: Actor,
  action: 'create' | 'update',
  base: Record<string, unknown>,
): fc.Arbitrary<Probe> | undefined {
  // A create rule's conditions ('rows of my own profile') are the values a new row gets, whatever the body says.
  const implied = new Set(
    action === 'create'
      ? declaredRules(entity, actor, action).flatMap((r) => Object.keys(ruleConditions(r, actor)))
      : [],
  );
  const fields = declaredFields(entity, actor, action).filter(
    (f) => entity.fields[f] && isWritable(entity.fields[f]) && !implied.has(f),
  );
  const bad = fields.flatMap((field) =>
    invalidValues(field, entity.fields[field], base[field]).map((v) => ({ field, ...v })),
  );
  if (!bad.length) return undefined;
  return fc.constantFrom(...bad).map((b) => ({
    what: `${b.field} ${b.label}`,
    url: '',
    body: json(action === 'create' ? { ...base, [b.field]: b.value } : { [b.field]: b.value }),
    contentType: 'application/json',
  }));
}

// ---- per route --------------------------------------------------------------------------------

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

function resourceProbe(target: Target, actor: Actor, world: FuzzWorld): fc.Arbitrary<Probe> {
  const { entity, route } = target.resource as NonNullable<Target['resource']>;
  const base = world.payloads.get(entity.name) ?? {};
  const existing = world.existingIds.get(entity.name);
  const ids = fc.constantFrom(...badIds(entity));
  const at = (id: string) => fillPath(target.path, { id });
  const guarded = guardedBody(base);
  switch (route) {
    case 'list':
      return fc.oneof(
        listQuery(entity).map((q) => ({ what: q.what, url: withQuery(target.path, q.query) })),
        badQuery.map((q) => ({ what: `query ${q}`, url: withQuery(target.path, q) })),
      );
    case 'one':
      return fc.oneof(
        ids.map((id) => ({ what: `id ${id}`, url: at(id) })),
        fc
          .tuple(fc.constantFrom(...(existing ? [existing] : badIds(entity))), badQuery)
          .map(([id, q]) => ({ what: `query ${q}`, url: withQuery(at(id), q) })),
      );
    case 'delete':
      return ids.map((id) => ({ what: `id ${id}`, url: at(id) }));
    case 'create': {
      const invalid = invalidRecord(entity, actor, 'create', base);
      return fc.oneof(
        ...[guarded.map((p) => ({ ...p, url: target.path })), invalid?.map((p) => ({ ...p, url: target.path }))].filter(
          isArb,
        ),
      );
    }
    case 'update': {
      const invalid = invalidRecord(entity, actor, 'update', base);
      return fc.oneof(
        ...[
          fc.tuple(ids, guarded).map(([id, p]) => ({ ...p, what: `id ${id}, ${p.what}`, url: at(id) })),
          existing ? guarded.map((p) => ({ ...p, url: at(existing) })) : undefined,
          existing && invalid ? invalid.map((p) => ({ ...p, url: at(existing) })) : undefined,
        ].filter(isArb),
      );
    }
    case 'bulkStatus': {
      const valid = entity.fields.status?.choices?.[0]?.id ?? 1;
      const bodies = fc.oneof(
        fc
          .constantFrom<unknown>(
            'x',
            [],
            {},
            null,
            Array.from({ length: 1001 }, (_, i) => i + 1),
          )
          .map((ids) => ({ ids, status: valid })),
        fc.constantFrom(...badIds(entity).map(decodeSafely)).map((id) => ({ ids: [id], status: valid })),
        fc
          .constantFrom<unknown>(99, -1, 'x', null, {}, [1], 1.5)
          .map((status) => ({ ids: existing ? [existing] : [], status })),
      );
      return fc.oneof(
        bodies.map((b) => ({
          what: `bulk ${JSON.stringify(b).slice(0, 80)}`,
          url: target.path,
          body: json(b),
          contentType: 'application/json',
        })),
        guarded.map((p) => ({ ...p, url: target.path })),
      );
    }
  }
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const isArb = <T>(a: fc.Arbitrary<T> | undefined): a is fc.Arbitrary<T> => a !== undefined;

/**
 * A zod part (query or body) with one key given a value its schema refuses, the whole part
 * refused too; undefined when no such value exists (no keys, or keys that take anything).
 */
function invalidPart(
  part: Parameters<typeof shapeOf>[0],
  inQuery = false,
): fc.Arbitrary<{ what: string; value: Record<string, unknown> }> | undefined {
  const shape = shapeOf(part);
  if (!part || !shape) return undefined;
  const values = inQuery ? ODD_VALUES.filter((v) => (JSON.stringify(v) ?? '').length < 2000) : ODD_VALUES;
  const cases = Object.keys(shape).flatMap((key) =>
    values
      .filter((v) => refuses(shape[key], v) && refuses(part, { [key]: v }))
      .map((v) => ({
        what: `${key} = ${JSON.stringify(v)?.slice(0, 60)}`,
        value: { [key]: v },
      })),
  );
  return cases.length ? fc.constantFrom(...cases) : undefined;
}

function endpointProbe(target: Target): fc.Arbitrary<Probe> {
  const endpoint = target.endpoint as NonNullable<Target['endpoint']>;
  const names = paramNames(target.path);
  // Ids that name nothing: refused by the params schema, or not found when the row is loaded.
  const badParams = fc
    .tuple(...names.map(() => fc.constantFrom(...badIds())))
    .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i] as string])));
  const plausibleParams = fc.constant(Object.fromEntries(names.map((n) => [n, '1'])));
  const body = invalidPart(endpoint.input?.body);
  const query = invalidPart(endpoint.input?.query, true);
  const guarded = guardedBody({});
  const options: fc.Arbitrary<Probe>[] = [
    guarded.map((p) => ({ ...p, url: fillPath(target.path, Object.fromEntries(names.map((n) => [n, '1']))) })),
  ];
  if (names.length)
    options.push(badParams.map((p) => ({ what: `params ${JSON.stringify(p)}`, url: fillPath(target.path, p) })));
  if (body)
    options.push(
      fc
        .tuple(fc.oneof(plausibleParams, badParams), body)
        .map(([p, b]) => ({
          what: `body ${b.what}`,
          url: fillPath(target.path, p),
          body: json(b.value),
          contentType: 'application/json',
        })),
    );
  if (query) {
    options.push(
      fc.tuple(fc.oneof(plausibleParams, badParams), query).map(([p, q]) => ({
        what: `query ${q.what}`,
        url: withQuery(
          fillPath(target.path, p),
          Object.entries(q.value)
            .map(([k, v]) => `${k}=${encodeLoose(typeof v === 'string' ? v : JSON.stringify(v))}`)
            .join('&'),
        ),
      })),
    );
  }
  if (endpoint.upload) {
    const file = { filename: 'page.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' };
    options.push(
      fc
        .constantFrom(
          multipart([{ name: 'unexpected', file }]),
          multipart([
            { name: endpoint.upload.field, file },
            { name: endpoint.upload.field, file },
          ]),
          multipart([
            { name: endpoint.upload.field, file },
            { name: 'note', value: '\ud800' },
          ]),
        )
        .map((b) => ({
          what: 'a multipart upload',
          url: fillPath(target.path, Object.fromEntries(names.map((n) => [n, '1']))),
          body: b,
          contentType: MULTIPART,
        })),
    );
  }
  if (!writes(target.method))
    options.push(badQuery.map((q) => ({ what: `query ${q}`, url: withQuery(fillPath(target.path, {}), q) })));
  return fc.oneof(...options);
}

/** Routes known only by method and path: malformed ids, junk queries on reads, guarded bodies on writes. */
function walkedProbe(target: Target): fc.Arbitrary<Probe> {
  const names = paramNames(target.path);
  const params = fc
    .tuple(...names.map(() => fc.constantFrom(...badIds())))
    .map((v) => Object.fromEntries(names.map((n, i) => [n, v[i] as string])));
  const options: fc.Arbitrary<Probe>[] = [
    fc.tuple(params, badQuery).map(([p, q]) => ({ what: `query ${q}`, url: withQuery(fillPath(target.path, p), q) })),
    guardedBody({}).map((p) => ({ ...p, url: fillPath(target.path, Object.fromEntries(names.map((n) => [n, '1']))) })),
  ];
  if (names.length)
    options.push(params.map((p) => ({ what: `params ${JSON.stringify(p)}`, url: fillPath(target.path, p) })));
  if (!writes(target.method)) {
    options.push(
      fc
        .tuple(params, junkQuery)
        .map(([p, q]) => ({ what: `query ${q.slice(0, 120)}`, url: withQuery(fillPath(target.path, p), q) })),
    );
    options.push(
      listQuery(undefined).map((q) => ({ what: q.what, url: withQuery(fillPath(target.path, {}), q.query) })),
    );
  }
  return fc.oneof(...options);
}

export function probesFor(target: Target, actor: Actor, world: FuzzWorld): fc.Arbitrary<Probe> {
  if (target.resource) return resourceProbe(target, actor, world);
  if (target.endpoint) return endpointProbe(target);
  return walkedProbe(target);
}

export const isWrite = writes;
