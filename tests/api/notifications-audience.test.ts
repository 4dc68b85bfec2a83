/**
 * A kind of notification never reaches a person outside its audience (NOTIFICATION_AUDIENCE), by notice or by email:
 * the curated candidates are news for a project's company users. A General admin who creates an internal project with
 * candidates (its owner) is not emailed about them, as their settings neither show nor let them turn off the kind;
 * the owner of a company project the admin curates into is, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { projectBody, projectId, signInAll, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let candidates: number[];

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
  candidates = (await t
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .orderBy('id')
    .limit(2)
    .pluck('id')) as number[];
});
afterAll(async () => {
  await t?.knex.destroy();
});

const curatedMailsTo = async (email: string) =>
  (await t.knex('outbox_emails').where('to', email).where('subject', 'like', 'New curated%').select('subject')).map(
    (m) => m.subject as string,
  );

describe('The curated-candidates email, by whom a project belongs to', () => {
  it('An admin who owns an internal project is not emailed about the candidates curated into it', async () => {
    const general = p.who('general');
    const prefs = await p.as('general').get('/notification-preferences');
    expect(prefs.status).toBe(200);
    expect(JSON.stringify(prefs.body)).not.toContain('candidateCurated');

    const res = await p
      .as('general')
      .post(
        '/projects/create',
        await projectBody(t.knex, { isAdminProject: true, title: 'Internal curated', candidateIds: candidates }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.ownerAdminId).toBe(`Admin:${general.actor.id}`);
    const id = projectId(res.body.data.id);
    expect(await t.knex('project_candidates').where({ project_id: id, curated: true })).toHaveLength(2);
    await runJobs(t);
    expect(await curatedMailsTo(general.email!)).toEqual([]);
    expect(
      await t.knex('outbox_emails').where('to', general.email!).where('text', 'like', '%Internal curated%'),
    ).toEqual([]);
    expect(await t.knex('notifications').where({ recipient_kind: 1, recipient_id: general.actor.id, kind: 2 })).toEqual(
      [],
    );
  });

  it("A company project's owner is still emailed about the candidates an admin curated into it", async () => {
    const owner = p.who('companyAdmin');
    const res = await p.as('general').post(
      '/projects/create',
      await projectBody(t.knex, {
        companyId: owner.actor.companyId,
        ownerId: owner.actor.id,
        title: 'Company curated',
        candidateIds: candidates,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs(t);
    expect(await curatedMailsTo(owner.email!)).toEqual(['New curated candidates for Company curated: 2']);
  });
});
