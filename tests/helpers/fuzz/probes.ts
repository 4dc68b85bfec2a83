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
import { invalidValues } from '../invalidValues';
import { fillPath, paramNames, type Target } from './targets';
import { badIds, encodeLoose, ODD_VALUES, refuses, shapeOf } from './values';
import { listQuery, badQuery, junkQuery, guardedBody, multipart, MULTIPART } from './malformed';

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
      fc.tuple(fc.oneof(plausibleParams, badParams), body).map(([p, b]) => ({
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

/** A route's probes when they do not depend on the caller (declared endpoints, walked routes): built once per route. */
const callerFree = new WeakMap<Target, fc.Arbitrary<Probe>>();

export function probesFor(target: Target, actor: Actor, world: FuzzWorld): fc.Arbitrary<Probe> {
  if (target.resource) return resourceProbe(target, actor, world);
  let probes = callerFree.get(target);
  if (!probes) {
    probes = target.endpoint ? endpointProbe(target) : walkedProbe(target);
    callerFree.set(target, probes);
  }
  return probes;
}

export const isWrite = writes;
