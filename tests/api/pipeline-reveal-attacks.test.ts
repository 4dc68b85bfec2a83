/**
 * The reveal hole, probed from a company's side: ids of candidates who chose not to be visible,
 * pushed into the company's own project by every pipeline call. Each answers "not found" unless
 * the company reaches the candidate in that project; a hidden candidate it reaches is moved
 * without ever being revealed, unless an admin curated them in; and the name a viewer reads is the
 * same on the board and in the profile panel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { REJECT, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const IDENTITY = ['firstName', 'lastName', 'name', 'email', 'phone', 'profilePic'];

describe('A company injecting the id of a hidden candidate into its own project', () => {
  // Dev is active and hidden (visibility false); the Acme confidential project has no saved
  // filters, so its suggested tab finds nobody and Dev was never in its pipeline.
  it('is told the candidate is not found by every call, and nothing is written or revealed', async () => {
    const p = w.projects.acmeUnshared;
    const dev = w.cid('Dev');
    const calls: [string, () => Promise<{ status: number; body: Record<string, unknown> }>][] = [
      [
        'a move',
        () =>
          w.as('company').post('/projects/recruitment', {
            projectId: `Project:${p}`,
            candidateId: dev,
            recruitmentStatus: STAGES.qualify,
          }),
      ],
      [
        'a confirmed move',
        () =>
          w.as('company').post('/projects/recruitment', {
            projectId: `Project:${p}`,
            candidateId: dev,
            recruitmentStatus: STAGES.qualify,
            confirmReveal: true,
          }),
      ],
      [
        'a bulk move',
        () =>
          w.as('company').post('/projects/recruitment', {
            projectId: p,
            candidateId: [dev, w.cid('Ava')],
            recruitmentStatus: 1,
            confirmReveal: true,
          }),
      ],
      [
        'hiding',
        () => w.as('company').post('/projects/candidate/hidden', { projectId: p, candidateId: dev, hide: true }),
      ],
      [
        'favouriting',
        () =>
          w.as('company').post('/projects/candidate/favourite', { projectId: p, candidateId: dev, favourite: true }),
      ],
      ['a note', () => w.as('company').post('/candidate-note', { projectId: p, candidateId: dev, note: 'probe' })],
      [
        'the tab of the candidate',
        () => w.as('company').get(`/projects/get-project-tab-by-candidate?project_guid=${p}&candidate_guid=${dev}`),
      ],
      [
        'the profile panel of the project',
        () => w.as('company').get(`/search/candidates/${dev}?projectId=Project:${p}`),
      ],
      [
        'a rejection',
        () =>
          w.as('company').post('/projects/recruitment', {
            projectId: p,
            candidateId: dev,
            recruitmentStatus: STAGES.rejected,
            rejectFormData: REJECT,
          }),
      ],
    ];
    for (const [label, call] of calls) {
      const res = await call();
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
      expect((res.body.error as { code: string }).code, label).toBe('project.candidate.notFound');
    }
    expect(await w.rowOf(p, 'Dev')).toBeUndefined();
    expect(await w.rowOf(p, 'Ava')).toBeUndefined();
    expect(
      await w.knex('candidate_recruitment_stage_logs').where({ project_id: p, candidate_id: w.ids.Dev }).first(),
    ).toBeUndefined();
    const tab = await w.as('company').get(`/projects/tab/search?project_id=${p}&tab=1`);
    expect(tab.status).toBe(200);
    expect(tab.body.docs).toEqual([]);
  });

  it('moves a hidden candidate its saved filters find, but never reveals them: no warning, no name, no contact', async () => {
    // The Acme engineers project's saved search (software engineers) finds Dev in its suggested tab.
    const res = await w.as('company').post('/projects/recruitment', {
      projectId: w.projects.acme,
      candidateId: w.cid('Dev'),
      recruitmentStatus: STAGES.qualify,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await w.rowOf(w.projects.acme, 'Dev'))?.revealed_at).toBeNull();
    const tab = await w.as('company').get(`/projects/tab/search?project_id=${w.projects.acme}&tab=1`);
    const doc = tab.body.docs.find((d: { id: string }) => d.id === w.cid('Dev'));
    expect(doc).toBeDefined();
    for (const key of IDENTITY) expect(doc[key] ?? null, key).toBeNull();
    expect(
      await w
        .knex('candidate_recruitment_stage_logs')
        .where({ project_id: w.projects.acme, candidate_id: w.ids.Dev, activity: 3 })
        .first(),
    ).toBeUndefined();
    // The panel opened from that board says the same.
    const panel = await w.as('company').get(`/search/candidates/${w.cid('Dev')}?projectId=Project:${w.projects.acme}`);
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ name: null, anonymous: true });
    expect(panel.body.email).toBeUndefined();
  });
});

describe('One candidate, one name', () => {
  it('a revealed anonymous candidate is named on the board and in the panel opened from it, with the contact; in search she stays anonymous', async () => {
    const curated = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Eve')] });
    expect(curated.status).toBe(200);
    const moved = await w.as('company').post('/projects/recruitment', {
      projectId: w.projects.acme,
      candidateId: w.cid('Eve'),
      recruitmentStatus: STAGES.qualify,
      confirmReveal: true,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const tab = await w.as('company').get(`/projects/tab/search?project_id=${w.projects.acme}&tab=1`);
    const card = tab.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    expect(card).toMatchObject({ firstName: 'Eve', lastName: 'Ng', email: 'eve@talent.example.org' });
    const panel = await w.as('company').get(`/search/candidates/${w.cid('Eve')}?projectId=${w.projects.acme}`);
    expect(panel.status, JSON.stringify(panel.body)).toBe(200);
    expect(panel.body).toMatchObject({
      firstName: 'Eve',
      lastName: 'Ng',
      name: 'Eve Ng',
      anonymous: false,
      email: 'eve@talent.example.org',
    });
    const outside = await w.as('company').get(`/search/candidates/${w.cid('Eve')}`);
    expect(outside.body).toMatchObject({ name: null, anonymous: true });
    expect(outside.body.email).toBeUndefined();
    // The reveal is logged with who and which fields, and counts in her insights.
    const log = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, candidate_id: w.ids.Eve, activity: 3 })
      .first();
    expect(log).toMatchObject({
      actor_id: w.people.owner,
      data: { fields: expect.arrayContaining(['firstName', 'email']) },
    });
  });

  it("a member's panel of a project they cannot read is not found", async () => {
    const res = await w.as('member').get(`/search/candidates/${w.cid('Eve')}?projectId=${w.projects.acmeUnshared}`);
    expect(res.status).toBe(404);
  });
});
