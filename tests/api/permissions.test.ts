/**
 * The permission matrix: every role (logged out included) × every resource × list, getOne,
 * create, update and delete. What is expected is the policy written by hand from spec section 6
 * (tests/helpers/policy.ts), not the schema's declarations nor the backend: allowed → 2xx on a
 * row the rule covers, denied → 401 when logged out and 403 otherwise, with nothing changed. The
 * declarations only say which row to try (oneself, a row of one's company).
 */
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnOf, isWritable, resources, type EntityDef, type RuleOptions } from '../../schema';
import type { Actor } from '../../schema/roles';
import { client, DEMO_ROLES, signIn, type Client, type DemoRole, type SignedIn } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import {
  declaredFields,
  isAllowed,
  mainRule,
  ruleConditions,
  whereDeclared,
  type CrudAction,
} from '../helpers/declared';
import { expected, POLICY } from '../helpers/policy';
import { apiId, insertSample, rowCount, sampleRecord, sampleValue, someRowId, toApi, uniq } from '../helpers/samples';

let t: TestApp;
const signedIn = new Map<string, SignedIn>();

beforeAll(async () => {
  t = await testApp();
  for (const demo of DEMO_ROLES) signedIn.set(demo.label, await signIn(t, demo));
});

const who = (demo: DemoRole) => signedIn.get(demo.label) as SignedIn;
const as = (demo: DemoRole): Client => client(t, who(demo).token);
const deniedStatus = (demo: DemoRole) => (demo.role === 'guest' ? 401 : 403);

/** The row a test acts on: the one the rule's conditions pin (e.g. oneself), else a fresh row the rule covers. */
async function targetRow(
  entity: EntityDef,
  actor: Actor,
  rule: RuleOptions | undefined,
  fresh: boolean,
): Promise<number> {
  const cond = rule ? ruleConditions(rule, actor) : {};
  if (typeof cond.id === 'number') return cond.id;
  if (!fresh && Object.keys(cond).length === 0) return someRowId(t.knex, entity);
  return insertSample(t.knex, entity, cond);
}

/** A field the actor may change (outside the rule's conditions), and a new valid value for it. */
async function change(entity: EntityDef, fields: string[], cond: Record<string, unknown>): Promise<[string, unknown]> {
  const candidates = fields.filter((f) => entity.fields[f] && isWritable(entity.fields[f]) && !(f in cond));
  const plain = (f: string) => ['string', 'text'].includes(entity.fields[f].kind) && !entity.fields[f].pattern;
  // A resource nobody may change through the API (an append-only log) is asked to change any of its fields: refused.
  const field =
    candidates.find((f) => plain(f) && !entity.fields[f].unique) ??
    candidates.find(plain) ??
    candidates[0] ??
    (Object.values(entity.permissions).some((p) => p?.update) ? undefined : Object.keys(entity.fields)[0]);
  if (!field) throw new Error(`${entity.name}: no field to change in ${fields.join(', ')}`);
  const value = toApi(entity, { [field]: await sampleValue(t.knex, entity, field, entity.fields[field]) })[field];
  return [field, value];
}

const row = (entity: EntityDef, id: number) => t.knex(entity.table).where('id', id).first();

/** An address in the company's own domains: a company adds people by invitation, within them. */
async function companyAddress(companyId: number): Promise<string> {
  const { valid_domains: domains } = await t.knex('companies').where('id', companyId).first('valid_domains');
  return `sample.${uniq()}@${(domains as string[])[0]}`;
}

describe('The expected policy', () => {
  it('names every resource, and every resource it names exists', () => {
    expect(Object.keys(POLICY).sort()).toEqual(resources.map((e) => e.resource as string).sort());
  });

  it.each(DEMO_ROLES.map((d) => [d.label, d] as const))(
    '%s: the schema declares exactly what the spec grants',
    (_label, demo) => {
      const wrong = resources.flatMap((e) =>
        (['read', 'create', 'update', 'delete'] as const)
          .filter((action) => isAllowed(e, demo as Actor, action) !== expected(demo, e.resource as string, action))
          .map((action) => `${action} ${e.resource}`),
      );
      expect(wrong).toEqual([]);
    },
  );
});

describe.each(DEMO_ROLES.map((d) => [d.label, d] as const))('%s', (_label, demo) => {
  describe.each(resources.map((e) => [e.resource as string, e] as const))('on %s', (resource, entity) => {
    const can = (action: CrudAction) => expected(demo, resource, action);
    const verb = (action: CrudAction) => (can(action) ? 'may' : 'may not');

    it(`${verb('read')} list them`, async () => {
      const actor = who(demo).actor;
      const res = await as(demo).get(`/${resource}?range=[0,999]`);
      if (!can('read')) {
        expect(res.status).toBe(deniedStatus(demo));
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const visible = whereDeclared(t.knex(entity.table) as Knex.QueryBuilder, entity, actor, 'read');
      const [{ n }] = await visible.count({ n: '*' });
      expect(res.headers['content-range'], 'the total counts only the rows the rules cover').toMatch(
        new RegExp(`/${n}$`),
      );
    });

    it(`${verb('read')} read one`, async () => {
      const actor = who(demo).actor;
      const id = await targetRow(entity, actor, mainRule(entity, actor, 'read'), false);
      const res = await as(demo).get(`/${resource}/${apiId(entity, id)}`);
      if (!can('read')) return void expect(res.status).toBe(deniedStatus(demo));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.id).toBe(apiId(entity, id));
    });

    it(`${verb('create')} create one`, async () => {
      const actor = who(demo).actor;
      const rule = mainRule(entity, actor, 'create');
      const cond = rule ? ruleConditions(rule, actor) : {};
      const payload = toApi(entity, await sampleRecord(t.knex, entity, cond));
      // A company adds people by invitation alone (POST /company-users/invite, answered the same whether or not the
      // address has an account): the generic create answers with the new row, so it refuses them whatever the address.
      const invitesOnly = entity.name === 'companyUser' && Boolean(actor.companyId);
      if (invitesOnly) payload.email = await companyAddress(actor.companyId as number);
      // A company user's new project is owned by a colleague only while they keep it (else 400 at ownerId): the
      // sample names its creator, whom a random row of company users would not be.
      if (entity.name === 'project' && actor.companyId)
        payload.ownerId = apiId(resources.find((e) => e.name === 'companyUser') as EntityDef, actor.id as number);
      const before = await rowCount(t.knex, entity);
      const res = await as(demo).post(`/${resource}`, payload);
      if (!can('create') || invitesOnly) {
        expect(res.status).toBe(invitesOnly ? 403 : deniedStatus(demo));
        expect(await rowCount(t.knex, entity), 'nothing written').toBe(before);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject(toApi(entity, cond));
      expect(await rowCount(t.knex, entity)).toBe(before + 1);
    });

    it(`${verb('update')} update one`, async () => {
      const actor = who(demo).actor;
      const rule = mainRule(entity, actor, 'update');
      const cond = rule ? ruleConditions(rule, actor) : {};
      const id = await targetRow(entity, actor, rule, true);
      const [field, value] = await change(
        entity,
        rule ? declaredFields(entity, actor, 'update') : Object.keys(entity.fields),
        cond,
      );
      const before = await row(entity, id);
      const res = await as(demo).put(`/${resource}/${apiId(entity, id)}`, { [field]: value });
      if (!can('update')) {
        expect(res.status).toBe(deniedStatus(demo));
        expect(await row(entity, id), 'nothing changed').toEqual(before);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[field]).toEqual(value);
      expect((await row(entity, id))[columnOf(field)]).not.toEqual(before[columnOf(field)]);
    });

    it(`${verb('delete')} delete one`, async () => {
      const actor = who(demo).actor;
      const id = await targetRow(entity, actor, mainRule(entity, actor, 'delete'), true);
      const res = await as(demo).delete(`/${resource}/${apiId(entity, id)}`);
      if (!can('delete')) {
        expect(res.status).toBe(deniedStatus(demo));
        expect(await row(entity, id), 'still there').toBeDefined();
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.id).toBe(apiId(entity, id));
      expect(await row(entity, id)).toBeUndefined();
    });
  });
});

describe('Rows each person may reach', () => {
  const demo = (label: string) => DEMO_ROLES.find((d) => d.label === label) as DemoRole;
  const companyAdmin = demo('A company Admin');
  const member = demo('A company Member');
  const users = resources.find((e) => e.name === 'companyUser') as EntityDef;
  const companies = resources.find((e) => e.name === 'company') as EntityDef;
  const tags = resources.find((e) => e.name === 'tag') as EntityDef;
  const admins = resources.find((e) => e.name === 'admin') as EntityDef;
  const candidates = resources.find((e) => e.name === 'candidate') as EntityDef;
  const acme = () => who(member).actor.companyId as number;
  const otherCompanyUser = async () =>
    (await t.knex('company_users').whereNot('company_id', acme()).orderBy('id').first('id')).id as number;

  it("A company user lists only their own company's users", async () => {
    const res = await as(member).get('/company-users?range=[0,999]');
    expect(res.status).toBe(200);
    const [{ n }] = await t.knex('company_users').where('company_id', acme()).count({ n: '*' });
    expect(res.body).toHaveLength(Number(n));
    expect(new Set(res.body.map((u: { companyId: string }) => u.companyId))).toEqual(
      new Set([apiId(companies, acme())]),
    );
  });

  it("A company user gets 404 for another company's user", async () => {
    const res = await as(member).get(`/company-users/${apiId(users, await otherCompanyUser())}`);
    expect(res.status).toBe(404);
  });

  it("A company Admin cannot update or delete another company's user", async () => {
    const id = await otherCompanyUser();
    const before = await t.knex('company_users').where('id', id).first();
    expect((await as(companyAdmin).put(`/company-users/${apiId(users, id)}`, { firstName: 'Hijacked' })).status).toBe(
      404,
    );
    expect((await as(companyAdmin).delete(`/company-users/${apiId(users, id)}`)).status).toBe(404);
    expect(await t.knex('company_users').where('id', id).first()).toEqual(before);
  });

  it('A user a company Admin invites always joins their own company', async () => {
    const other = await t.knex('companies').whereNot('id', acme()).first('id');
    const email = await companyAddress(acme());
    const res = await as(companyAdmin).post('/company-users/invite', {
      email,
      role: 2,
      companyId: apiId(companies, other.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await t.knex('company_users').where('email', email).first('company_id')).company_id).toBe(acme());
  });

  it('A company Admin cannot move one of their users to another company', async () => {
    const id = await insertSample(t.knex, users, { companyId: acme() });
    const other = await t.knex('companies').whereNot('id', acme()).first('id');
    const res = await as(companyAdmin).put(`/company-users/${apiId(users, id)}`, {
      companyId: apiId(companies, other.id),
    });
    // The company is not among the fields a company Admin may change: refused by name, never silently dropped.
    expect(res.status).toBe(403);
    expect(res.body.error.fields).toEqual({ companyId: 'companyId.errors.notWritable' });
    expect((await t.knex('company_users').where('id', id).first()).company_id).toBe(acme());
    // Sent back unchanged, as react-admin sends whole records, it is harmless.
    expect(
      (await as(companyAdmin).put(`/company-users/${apiId(users, id)}`, { companyId: apiId(companies, acme()) }))
        .status,
    ).toBe(200);
  });

  it('A company Member cannot add users', async () => {
    const before = await rowCount(t.knex, users);
    const res = await as(member).post(
      '/company-users',
      toApi(users, await sampleRecord(t.knex, users, { companyId: acme() })),
    );
    expect(res.status).toBe(403);
    expect(await rowCount(t.knex, users)).toBe(before);
  });

  it('A company Member edits their own name but cannot change their own role', async () => {
    const self = who(member).actor.id as number;
    const before = await t.knex('company_users').where('id', self).first('first_name', 'role');
    const refused = await as(member).put(`/company-users/${apiId(users, self)}`, { firstName: 'Marcus', role: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.fields).toEqual({ role: 'role.errors.notWritable' });
    expect(await t.knex('company_users').where('id', self).first('first_name', 'role')).toEqual(before);
    const res = await as(member).put(`/company-users/${apiId(users, self)}`, { firstName: 'Marcus' });
    expect(res.status).toBe(200);
    expect(await t.knex('company_users').where('id', self).first('first_name', 'role')).toEqual({
      first_name: 'Marcus',
      role: 2,
    });
  });

  it('A company sees its own company record only', async () => {
    for (const d of [companyAdmin, demo('A RaaS company Admin')]) {
      const res = await as(d).get('/companies');
      expect(res.body.map((c: { id: string }) => c.id)).toEqual([apiId(companies, who(d).actor.companyId as number)]);
    }
  });

  it('Companies see only active tags', async () => {
    const inactive = await insertSample(t.knex, tags, { status: 0 });
    const res = await as(member).get('/tags?range=[0,999]');
    expect(res.status).toBe(200);
    const [{ n }] = await t.knex('tags').where('status', 1).count({ n: '*' });
    expect(res.body).toHaveLength(Number(n));
    expect(res.body.every((tag: { status: number }) => tag.status === 1)).toBe(true);
    expect((await as(member).get(`/tags/${apiId(tags, inactive)}`)).status).toBe(404);
    expect((await as(demo('A General admin')).get(`/tags/${apiId(tags, inactive)}`)).status).toBe(200);
  });

  it('A candidate sees only themselves', async () => {
    const candidate = demo('A candidate');
    const other = await insertSample(t.knex, candidates);
    const res = await as(candidate).get('/candidates');
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([apiId(candidates, who(candidate).actor.id as number)]);
    expect((await as(candidate).get(`/candidates/${apiId(candidates, other)}`)).status).toBe(404);
    expect((await as(candidate).put(`/candidates/${apiId(candidates, other)}`, { firstName: 'Mallory' })).status).toBe(
      404,
    );
  });

  it('An advocate cannot create admins, nor edit other admins, nor promote themselves', async () => {
    const advocate = demo('An Advocate admin');
    const before = await rowCount(t.knex, admins);
    expect((await as(advocate).post('/admins', toApi(admins, await sampleRecord(t.knex, admins)))).status).toBe(403);
    expect(await rowCount(t.knex, admins)).toBe(before);
    const general = who(demo('A General admin')).actor.id as number;
    expect((await as(advocate).put(`/admins/${apiId(admins, general)}`, { firstName: 'Eve' })).status).toBe(403);
    const self = who(advocate).actor.id as number;
    const promoted = await as(advocate).put(`/admins/${apiId(admins, self)}`, {
      jobTitle: 'Senior Talent Advocate',
      role: 1,
    });
    expect(promoted.status).toBe(403);
    expect(promoted.body.error.fields).toEqual({ role: 'role.errors.notWritable' });
    expect((await t.knex('admins').where('id', self).first('role')).role).toBe(2);
    const res = await as(advocate).put(`/admins/${apiId(admins, self)}`, { jobTitle: 'Senior Talent Advocate' });
    expect(res.status).toBe(200);
    expect(await t.knex('admins').where('id', self).first('job_title', 'role')).toEqual({
      job_title: 'Senior Talent Advocate',
      role: 2,
    });
  });
});
