/**
 * The ra-data-simple-rest protocol on every resource of the schema registry, as a General admin:
 * lists (sort, inclusive range with the exact total, filters, text search), getMany, getOne,
 * create, update, delete, 404s, and a 400 naming the parameter for every bad list parameter.
 * Expected rows come from SQL on the same database, never from the API under test.
 */
import type { Knex } from 'knex';
import type { FieldKind } from '../../schema/lib/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnOf, entity as entityNamed, isNullable, resources, type EntityDef, type FieldDef } from '../../schema';
import { client, signIn, DEMO_ROLES, type Client, type SignedIn } from '../helpers/actors';
import { testApp, listQuery, type TestApp } from '../helpers/app';
import { declaredFields, isAllowed, pick, whereDeclared } from '../helpers/declared';
import { MISSING_ID } from '../helpers/invalidValues';
import { apiId, dbId, insertSample, samplePayload, someRowId } from '../helpers/samples';

let t: TestApp;
let admin: SignedIn;
let api: Client;

beforeAll(async () => {
  t = await testApp();
  admin = await signIn(
    t,
    DEMO_ROLES.find((r) => r.role === 'admin' && r.adminType === 'general')!,
  );
  api = client(t, admin.token);
});

const list = (entity: EntityDef, params: Parameters<typeof listQuery>[0]) =>
  api.get(`/${entity.resource}?${listQuery(params)}`);

/** The rows the admin may read, as SQL. */
const visible = (entity: EntityDef): Knex.QueryBuilder =>
  whereDeclared(t.knex(entity.table), entity, admin.actor, 'read');

async function count(query: Knex.QueryBuilder): Promise<number> {
  const [{ n }] = await query.clone().clearSelect().clearOrder().count({ n: '*' });
  return Number(n);
}

const ids = (entity: EntityDef, body: { id: unknown }[]) => body.map((r) => dbId(entity, r.id));
const total = (res: { headers: Record<string, string> }) =>
  Number(/\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1]);

function orderExpression(entity: EntityDef, field: string): string {
  // Expected salaries sort in one currency (SGD, at the rates in currency_rates), whatever each is given in.
  if (entity.name === 'candidate' && field === 'expectedSalary') {
    return `round("candidates"."expected_salary" * (select r.to_sgd from currency_rates r where r.currency = "candidates"."expected_salary_currency"))`;
  }
  const computed = entity.computed?.[field];
  if (computed) return `(${computed.sql.replaceAll('{table}', `"${entity.table}"`)})`;
  return `"${entity.table}"."${columnOf(field === 'id' ? 'id' : field)}"`;
}

/**
 * Rows without a value sort last both ways on a column that may be empty or is computed (backend/crud/router.ts); the
 * talent list orders by its search documents' indexes as PostgreSQL does (backend/features/search/adminList.ts).
 */
function nullsLast(entity: EntityDef, field: string): boolean {
  if (entity.name === 'candidate') return false;
  if (entity.computed?.[field]) return true;
  const def = entity.fields[field];
  return !!def && isNullable(def);
}

/** A sort on text people read (the talent list keeps an email's own order, which its unique index serves). */
function alphabetical(entity: EntityDef, field: string): boolean {
  const kind = entity.fields[field]?.kind ?? entity.computed?.[field]?.kind;
  if (entity.name === 'candidate' && kind === 'email') return false;
  return kind === 'string' || kind === 'text' || kind === 'email';
}

const sortable = (entity: EntityDef) => [
  'id',
  ...Object.entries(entity.fields)
    .filter(([, d]) => d.sortable !== false && !d.hidden)
    .map(([n]) => n),
  ...Object.entries(entity.computed ?? {})
    .filter(([, c]) => c.sortable !== false)
    .map(([n]) => n),
];

const filterable = (entity: EntityDef, kinds: FieldDef['kind'][]) =>
  Object.entries(entity.fields).filter(([, d]) => d.filterable !== false && !d.hidden && kinds.includes(d.kind));

/** The API form of a database value, for filters. */
function apiValue(entity: EntityDef, field: string, value: unknown): unknown {
  const def = entity.fields[field];
  if (value instanceof Date) return value.toISOString();
  if (def.kind === 'ref' && typeof value === 'number') return apiId(entityNamed(def.ref as string), value);
  return value;
}

/** The filterable field with the most distinct values among the given kinds, and those values. */
async function richestField(entity: EntityDef, kinds: FieldDef['kind'][]): Promise<[string, unknown[]] | undefined> {
  let best: [string, unknown[]] | undefined;
  for (const [name] of filterable(entity, kinds)) {
    const col = columnOf(name);
    const values = (await visible(entity).whereNotNull(col).distinct(col).orderBy(col).limit(50)).map(
      (r: Record<string, unknown>) => r[col],
    );
    if (!best || values.length > best[1].length) best = [name, values];
  }
  return best && best[1].length > 0 ? best : undefined;
}

describe.each(resources.map((e) => [e.resource as string, e] as const))(
  'The %s resource for a General admin',
  (resource, entity) => {
    const can = (action: 'read' | 'create' | 'update' | 'delete') =>
      isAllowed(entity, { role: 'admin', adminType: 'general' }, action);

    beforeAll(async () => {
      // Enough rows to sort and page through, whatever the seeds hold.
      for (let i = 0; i < 3; i += 1) await insertSample(t.knex, entity);
    });

    it('lists rows sorted by every sortable field, both ways', async () => {
      for (const field of sortable(entity)) {
        for (const dir of ['ASC', 'DESC'] as const) {
          const res = await list(entity, { sort: [field, dir], range: [0, 9] });
          expect(res.status, `${field} ${dir}: ${JSON.stringify(res.body)}`).toBe(200);
          const nulls = nullsLast(entity, field) ? ' nulls last' : '';
          const expr = orderExpression(entity, field);
          // Text people read sorts alphabetically, case and accents aside (ICU's root order, backend/db/textOrder.ts).
          const order = alphabetical(entity, field)
            ? `${expr} collate "und-x-icu" ${dir}${nulls}`
            : `${expr} ${dir}${nulls}`;
          const expected = await visible(entity)
            .select(`${entity.table}.id`)
            .orderByRaw(`${order}, "${entity.table}"."id" ${dir}`)
            .limit(10);
          expect(ids(entity, res.body), `sorted by ${field} ${dir}`).toEqual(expected.map((r: { id: number }) => r.id));
        }
      }
    });

    it('pages with an inclusive range and a Content-Range header carrying the exact total', async () => {
      const all = await count(visible(entity));
      const res = await list(entity, { sort: ['id', 'ASC'], range: [1, 2] });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe(`${resource} 1-2/${all}`);
      expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/i);
      const expected = await visible(entity).select('id').orderBy('id').offset(1).limit(2);
      expect(ids(entity, res.body)).toEqual(expected.map((r: { id: number }) => r.id));
      const last = await list(entity, { sort: ['id', 'ASC'], range: [all - 1, all + 10] });
      expect(last.body).toHaveLength(1);
      expect(last.headers['content-range']).toBe(`${resource} ${all - 1}-${all - 1}/${all}`);
    });

    it('filters by equality and by a list of values', async () => {
      const kinds: FieldKind[] = ['enum', 'boolean', 'ref', 'string', 'email', 'phone', 'integer', 'date'];
      // A record of times and counts alone (a retention run) has nothing to filter by, and declares no filter.
      if (!Object.values(entity.fields).some((def) => kinds.includes(def.kind))) {
        expect(entity.admin?.list?.filters ?? []).toEqual([]);
        return;
      }
      const found = await richestField(entity, kinds);
      expect(found, 'a filterable field with values').toBeDefined();
      const [field, values] = found!;
      const col = `${entity.table}.${columnOf(field)}`;
      const one = await list(entity, { filter: { [field]: apiValue(entity, field, values[0]) }, range: [0, 999] });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(total(one)).toBe(await count(visible(entity).where(col, values[0] as Knex.Value)));
      for (const record of one.body) expect(record[field]).toEqual(apiValue(entity, field, values[0]));
      const some = values.slice(0, 2);
      const many = await list(entity, {
        filter: { [field]: some.map((v) => apiValue(entity, field, v)) },
        range: [0, 999],
      });
      expect(many.status).toBe(200);
      expect(total(many)).toBe(await count(visible(entity).whereIn(col, some as Knex.Value[])));
    });

    it('filters by ranges with _gte and _lte', async () => {
      const found = await richestField(entity, ['integer', 'decimal', 'date', 'datetime', 'enum']);
      expect(found, 'a field to filter by range').toBeDefined();
      const [field, values] = found!;
      const col = `${entity.table}.${columnOf(field)}`;
      const middle = values[Math.floor(values.length / 2)];
      const value = apiValue(entity, field, middle);
      const from = await list(entity, { filter: { [`${field}_gte`]: value } });
      expect(from.status, JSON.stringify(from.body)).toBe(200);
      expect(total(from)).toBe(await count(visible(entity).where(col, '>=', value as Knex.Value)));
      const to = await list(entity, { filter: { [`${field}_lte`]: value } });
      expect(total(to)).toBe(await count(visible(entity).where(col, '<=', value as Knex.Value)));
      const both = await list(entity, { filter: { [`${field}_gte`]: value, [`${field}_lte`]: value } });
      expect(total(both)).toBe(await count(visible(entity).where(col, value as Knex.Value)));
    });

    const searchable = Object.entries(entity.fields).filter(([, d]) => d.searchable);
    if (searchable.length > 0) {
      it(`searches ${searchable.map(([n]) => n).join(', ')} with q, ignoring case`, async () => {
        const id = await insertSample(t.knex, entity);
        const row = await t.knex(entity.table).where('id', id).first();
        const [field] = searchable.find(([, d]) => d.kind !== 'stringList') ?? searchable[0];
        // Fields the API never writes (a log's author name) are filled here, as the product would fill them.
        if (row[columnOf(field)] === null) {
          row[columnOf(field)] = 'Sample searchable text';
          await t
            .knex(entity.table)
            .where('id', id)
            .update({ [columnOf(field)]: row[columnOf(field)] });
        }
        const raw = row[columnOf(field)];
        const text = String(Array.isArray(raw) ? raw[0] : raw);
        const q = text.slice(1, -1).toUpperCase();
        // Newest first by id, so the sample is on the page however many rows the text also matches.
        const res = await list(entity, { filter: { q }, sort: ['id', 'DESC'], range: [0, 999] });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(ids(entity, res.body)).toContain(id);
        // Candidates' q is the search box's: it also finds employers, skills and titles (tests/api/search-admin-list.test.ts).
        for (const record of entity.name === 'candidate' ? [] : res.body) {
          const texts = searchable.map(([n]) => [record[n]].flat().join(' ').toUpperCase());
          expect(
            texts.some((s) => s.includes(q)),
            `${JSON.stringify(record)} contains ${q}`,
          ).toBe(true);
        }
        // LIKE's wildcards are searched for as themselves.
        const wild = await list(entity, { filter: { q: '%_' }, range: [0, 999] });
        expect(wild.status).toBe(200);
        for (const record of wild.body)
          expect(searchable.some(([n]) => [record[n]].flat().join(' ').includes('%_'))).toBe(true);
      });
    }

    it('answers getMany (filter by prefixed ids) with exactly those rows', async () => {
      const some: number[] = (await visible(entity).select('id').orderBy('id', 'desc').limit(3)).map(
        (r: { id: number }) => r.id,
      );
      const res = await list(entity, { filter: { id: some.map((id) => apiId(entity, id)) } });
      expect(res.status).toBe(200);
      expect(ids(entity, res.body).sort()).toEqual([...some].sort());
      for (const record of res.body) expect(record.id).toBe(apiId(entity, dbId(entity, record.id)));
    });

    it('answers getOne with the record and its prefixed id', async () => {
      const id = await someRowId(t.knex, entity);
      const res = await api.get(`/${resource}/${apiId(entity, id)}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(apiId(entity, id));
    });

    if (can('create')) {
      it('creates a record: 201 with its id, readable afterwards as sent', async () => {
        const payload = await samplePayload(t.knex, entity);
        const res = await api.post(`/${resource}`, payload);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        if (entity.idPrefix) expect(res.body.id).toEqual(expect.stringMatching(new RegExp(`^${entity.idPrefix}\\d+$`)));
        else expect(Number.isInteger(res.body.id)).toBe(true);
        expect(res.body).toMatchObject(pick(payload, declaredFields(entity, admin.actor, 'create')));
        const again = await api.get(`/${resource}/${res.body.id}`);
        expect(again.body).toEqual(res.body);
      });
    }

    if (can('update')) {
      it('updates a record with PUT and returns it', async () => {
        const stored = await insertSample(t.knex, entity);
        const id = apiId(entity, stored);
        const payload = await samplePayload(t.knex, entity);
        // A person's email is the key to their account: only they change it, through its confirmation.
        // The whole record goes back as react-admin sends it, with the email as it is.
        if (entity.fields.email?.kind === 'email')
          payload.email = (await t.knex(entity.table).where('id', stored).first('email')).email;
        const res = await api.put(`/${resource}/${id}`, { ...payload, id });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toMatchObject({ ...pick(payload, declaredFields(entity, admin.actor, 'update')), id });
        expect((await api.get(`/${resource}/${id}`)).body).toEqual(res.body);
      });
    }

    if (can('delete')) {
      it('deletes a record and returns it as it was', async () => {
        const id = await insertSample(t.knex, entity);
        const before = await api.get(`/${resource}/${apiId(entity, id)}`);
        const res = await api.delete(`/${resource}/${apiId(entity, id)}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual(before.body);
        expect(await t.knex(entity.table).where('id', id).first()).toBeUndefined();
        expect((await api.get(`/${resource}/${apiId(entity, id)}`)).status).toBe(404);
      });
    }

    it('answers 404 in the error envelope for missing and malformed ids', async () => {
      for (const id of [apiId(entity, MISSING_ID), 'abc', `${entity.idPrefix ?? ''}0`]) {
        const answers: [number, Awaited<ReturnType<typeof api.get>>][] = [
          [200, await api.get(`/${resource}/${id}`)],
          [can('update') ? 200 : 403, await api.put(`/${resource}/${id}`, {})],
          [can('delete') ? 200 : 403, await api.delete(`/${resource}/${id}`)],
        ];
        // A row that does not exist is 404 to whoever may act on such rows; an action nobody of the role may take is 403 first.
        for (const [allowed, res] of answers) {
          const code = allowed === 403 ? 'errors.forbidden' : 'errors.notFound';
          expect(res.status, `${id}`).toBe(allowed === 403 ? 403 : 404);
          expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
        }
      }
    });

    it('refuses bad list parameters with a 400 naming the parameter', async () => {
      const bad = async (query: string, field: string, key = `${field}.errors.invalid`) => {
        const res = await api.get(`/${resource}?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.error.code).toBe('errors.validation');
        expect(res.body.error.fields, query).toEqual({ [field]: key });
      };
      const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
      await bad(`sort=${enc(['noSuchField', 'ASC'])}`, 'sort');
      await bad(`sort=${enc(['id', 'SIDEWAYS'])}`, 'sort');
      await bad(`sort=${encodeURIComponent('[id,ASC')}`, 'sort');
      await bad(`range=${encodeURIComponent('[0,')}`, 'range');
      await bad(`range=${enc([10, 5])}`, 'range');
      await bad(`range=${enc([0, 1000])}`, 'range');
      await bad(`range=${enc([-1, 5])}`, 'range');
      await bad(`filter=${encodeURIComponent('{bad')}`, 'filter');
      await bad(`filter=${enc([1, 2])}`, 'filter');
      await bad(`filter=${enc({ noSuchField: 1 })}`, 'noSuchField', 'filter.errors.invalid');
      await bad(`filter=${enc({ id: ['abc'] })}`, 'id');
      await bad(`filter=${enc({ q: 42 })}`, 'q');
      const [typed] = filterable(entity, ['enum', 'integer', 'boolean', 'date', 'datetime'])[0] ?? [];
      if (typed) await bad(`filter=${enc({ [typed]: 'not-a-value' })}`, typed);
      if (typed)
        await bad(`filter=${enc({ [`${typed}_gte`]: 'not-a-value' })}`, `${typed}_gte`, `${typed}.errors.invalid`);
      const ok = await api.get(`/${resource}?range=${enc([0, 999])}`);
      expect(ok.status, 'a page of 1000 rows is allowed').toBe(200);
    });
  },
);
