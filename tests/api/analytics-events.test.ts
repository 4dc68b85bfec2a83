/**
 * Analytics events (spec section 6): searches, project creation and candidate moves are recorded
 * for company and RaaS company users only. Admins and candidates doing the same send nothing, and
 * no event carries a candidate's personal data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardPending } from '../../backend/adapters/analytics/forward';
import { client, type Client } from '../helpers/actors';
import { analyticsStandIn } from '../helpers/analytics';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { projectBody } from '../helpers/projects';

let t: TestApp;
let owner: Client;
let admin: Client;
let candidate: Client;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  candidate = client(t, await t.login('candidate@example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const events = () =>
  t.knex('analytics_events').orderBy('id').select('event', 'company_id', 'user_id', 'project_id', 'properties');
const userOf = async (email: string) =>
  (await t.knex('company_users').where('email', email).first('id', 'company_id')) as { id: number; company_id: number };

describe('Analytics events', () => {
  it('admins and candidates searching, creating projects and moving candidates send nothing', async () => {
    expect((await admin.get('/search?ts=engineer')).status).toBe(200);
    expect((await candidate.get('/search?ts=engineer')).status).toBe(403);
    const acme = await userOf('owner@acme.example.com');
    const created = await admin.post(
      '/projects/create',
      await projectBody(t.knex, { title: 'Admins own project', companyId: `Company:${acme.company_id}` }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const project = await makeProject(t.knex, { title: 'Moves by an admin' });
    const [c] = await activeCandidates(t.knex, 1, { skip: 60 });
    await addToProject(t.knex, project, [c], 1);
    const moved = await admin.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${c}`,
      recruitmentStatus: 2,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Give any write after the answers time to land.
    await new Promise((r) => setTimeout(r, 300));
    expect(await events()).toEqual([]);
  });

  it('company users searching, creating projects and moving candidates are recorded, without candidate data', async () => {
    const acme = await userOf('owner@acme.example.com');
    const search = await owner.get('/search?ts=engineer');
    expect(search.status).toBe(200);
    await expect.poll(async () => (await events()).length).toBe(1);
    const created = await owner.post('/projects/create', await projectBody(t.knex, { title: 'Tracked project' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const project = await makeProject(t.knex, { title: 'Moves by the owner' });
    const [c] = await activeCandidates(t.knex, 1, { skip: 61 });
    await addToProject(t.knex, project, [c], 1);
    const moved = await owner.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${c}`,
      recruitmentStatus: 2,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const rows = await events();
    expect(rows.map((r) => [r.event, r.company_id, r.user_id])).toEqual([
      ['search', acme.company_id, acme.id],
      ['project_created', acme.company_id, acme.id],
      ['candidates_moved', acme.company_id, acme.id],
    ]);
    expect(rows[0].properties).toMatchObject({ resultCount: search.body.total ?? expect.any(Number), filters: ['ts'] });
    expect(rows[2]).toMatchObject({ project_id: project.id, properties: { fromStage: 1, toStage: 2, count: 1 } });
    // No candidate's id, name or email in any event.
    const person = await t.knex('candidates').where('id', c).first('first_name', 'last_name', 'email');
    const text = JSON.stringify(rows);
    for (const value of [person.first_name, person.last_name, person.email, `Candidate:${c}`])
      expect(text).not.toContain(value);
  });
});

describe('What leaves for the analytics service', () => {
  it('only declared keys: a query string key or a stored property nobody declared is never forwarded', async () => {
    const service = await analyticsStandIn();
    try {
      await t.knex('analytics_events').update({ forwarded_at: t.knex.fn.now() });
      const probe = 'pii.probe@example.com';
      const res = await owner.get(`/search?ts=engineer&${encodeURIComponent(probe)}=1&priya=iyer&p=1`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expect.poll(async () => (await t.knex('analytics_events').whereNull('forwarded_at')).length).toBe(1);
      const [stored] = await t.knex('analytics_events').whereNull('forwarded_at').select('properties');
      expect(stored.properties.filters).toEqual(['ts']);
      // A row written with a property nobody declared (as by older code) loses it on the way out.
      const acme = await userOf('owner@acme.example.com');
      await t.knex('analytics_events').insert({
        event: 'search',
        company_id: acme.company_id,
        user_id: acme.id,
        properties: JSON.stringify({ resultCount: 2, filters: ['ts', probe], email: probe }),
      });
      expect(await forwardPending(t.knex, { url: service.url, key: service.key })).toBe(2);
      const sent = service.batches.flat();
      expect(sent).toHaveLength(2);
      expect(JSON.stringify(sent)).not.toContain('probe');
      expect(JSON.stringify(sent)).not.toContain('priya');
      for (const e of sent) {
        expect(e.event).toBe('search');
        expect(Object.keys(e.properties).sort()).toEqual(['$groups', '$lib', 'company_id', 'filters', 'resultCount']);
        expect(e.properties.filters).toEqual(['ts']);
      }
    } finally {
      await service.close();
    }
  });
});
