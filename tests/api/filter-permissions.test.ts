/**
 * Filters, sorts and text search as an oracle: a role filters and sorts only on fields it may
 * read, so a field hidden from it cannot be recovered row by row (binary search on `_gte`,
 * equality on ids or enums, ordering). Refused exactly like an unknown field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AbilityBuilder, createMongoAbility } from '@casl/ability';
import type { AppAbility } from '../../schema/ability';
import { f } from '../../schema';
import { defineEntity } from '../../schema/lib/define';
import { listableFields, parseListParams } from '../../backend/crud/query';
import { client, DEMO_ROLES, signIn, type Client } from '../helpers/actors';
import { listQuery, testApp, type TestApp } from '../helpers/app';
import { talentIds } from '../helpers/talent';

let t: TestApp;
let candidate: Client;
let admin: Client;
let self: { id: number };

beforeAll(async () => {
  t = await testApp();
  candidate = client(
    t,
    (
      await signIn(
        t,
        DEMO_ROLES.find((r) => r.role === 'candidate')!,
      )
    ).token,
  );
  admin = client(
    t,
    (
      await signIn(
        t,
        DEMO_ROLES.find((r) => r.adminType === 'general')!,
      )
    ).token,
  );
  self = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
  const ids = await talentIds(t.knex);
  await t
    .knex('candidates')
    .where('id', self.id)
    .update({ reason_for_leaving: 'secret admin note', tags: [ids.tag], owner_id: ids.adminId, source: 2 });
});

const list = (who: Client, params: Parameters<typeof listQuery>[0]) => who.get(`/candidates?${listQuery(params)}`);

describe('A candidate listing their own profile', () => {
  it('cannot binary-search the admin-only reason for leaving: every probe gets the same refusal as an unknown field', async () => {
    const unknown = await list(candidate, { filter: { noSuchField_gte: 'a' } });
    expect(unknown.status).toBe(400);
    const answers = [];
    for (const probe of ['a', 'r', 's', 'secret', 'secret admin note', 't', 'z']) {
      for (const op of ['_gte', '_lte', '']) {
        const res = await list(candidate, { filter: { [`reasonForLeaving${op}`]: probe } });
        expect(res.status, `${op} ${probe}`).toBe(400);
        expect(res.body.error.fields).toEqual({ [`reasonForLeaving${op}`]: 'filter.errors.invalid' });
        answers.push(
          JSON.stringify({ ...res.body, error: { ...res.body.error, fields: Object.values(res.body.error.fields) } }),
        );
      }
    }
    expect(new Set(answers).size, 'every probe answers alike').toBe(1);
  });

  it('cannot learn their tags, owner or source by equality filters, or any hidden field by sorting', async () => {
    const ids = await talentIds(t.knex);
    for (const [key, value] of [
      ['tags', `Tags:${ids.tag}`],
      ['ownerId', `Admin:${ids.adminId}`],
      ['source', 2],
      ['reasonForLeaving', null],
    ] as const) {
      const res = await list(candidate, { filter: { [key]: value } });
      expect(res.status, key).toBe(400);
      expect(res.body.error.fields, key).toEqual({ [key]: 'filter.errors.invalid' });
    }
    for (const field of ['reasonForLeaving', 'tags', 'ownerId', 'source', 'lookingFor']) {
      const res = await list(candidate, { sort: [field, 'ASC'] });
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields, field).toEqual({ sort: 'sort.errors.invalid' });
    }
  });

  it('still filters, sorts and searches on the fields they may read', async () => {
    const res = await list(candidate, { sort: ['firstName', 'ASC'], filter: { q: 'candidate@example', status: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = await list(candidate, { filter: { q: 'example.com' } });
    expect(mine.body.map((r: { email: string }) => r.email)).toEqual(['candidate@example.com']);
  });
});

describe('An admin, who may read every field', () => {
  it('filters on reasonForLeaving, tags and source, and sorts on source', async () => {
    const ids = await talentIds(t.knex);
    const found = await list(admin, {
      filter: { reasonForLeaving_gte: 'secret', tags: [`Tags:${ids.tag}`], source: 2 },
      sort: ['source', 'DESC'],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.map((r: { id: string }) => r.id)).toContain(`Candidate:${self.id}`);
  });
});

describe('Which fields a role may list by (table-driven over declared read rules)', () => {
  const probe = defineEntity({
    name: 'probeNote',
    table: 'probe_notes',
    resource: 'probe-notes',
    subject: 'ProbeNote',
    fields: {
      title: f.string({ searchable: true }),
      secret: f.string({ searchable: true }),
      ownerId: f.ref('admin'),
    },
    permissions: {
      admin: { manage: true },
      candidate: { read: { when: 'self', fields: ['title'] } },
    },
  });

  /** An ability with the given rules on ProbeNote, as schema/ability.ts builds them from a declaration. */
  function abilityWith(
    rules: { fields?: string[]; conditions?: Record<string, unknown>; inverted?: boolean }[],
  ): AppAbility {
    const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
    for (const r of rules) {
      const grant = r.inverted ? cannot : can;
      if (r.fields) grant('read', 'ProbeNote', r.fields, r.conditions as never);
      else grant('read', 'ProbeNote', r.conditions as never);
    }
    return build();
  }

  it.each([
    ['one rule naming no fields', [{}], ['title', 'secret', 'ownerId']],
    ['one rule naming a field, on own rows', [{ fields: ['title'], conditions: { ownerId: 1 } }], ['title']],
    [
      'two rules on different rows with different fields',
      [{ fields: ['title', 'secret'], conditions: { ownerId: 1 } }, { fields: ['title'] }],
      ['title'],
    ],
    [
      'a rule naming no fields, less an inverted rule on one',
      [{}, { fields: ['secret'], inverted: true }],
      ['title', 'ownerId'],
    ],
    ['no rule at all', [], ['title', 'secret', 'ownerId']],
  ] as const)('%s', (_case, rules, expected) => {
    const fields = [...listableFields(probe, abilityWith(rules as never))].filter((name) => name in probe.fields);
    expect(fields.sort()).toEqual([...expected].sort());
  });

  it('a text search looks only in searchable fields the caller may read', () => {
    expect(parseListParams(probe, {}, abilityWith([{ fields: ['title'], conditions: { ownerId: 1 } }])).search).toEqual(
      ['title'],
    );
    expect(parseListParams(probe, {}, abilityWith([{}])).search).toEqual(['title', 'secret']);
  });
});
