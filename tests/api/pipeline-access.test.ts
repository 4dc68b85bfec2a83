/**
 * Who reaches which project's pipeline: a company never sees or changes another company's project
 * or its candidates' state, whatever ids it guesses; a member reaches only the projects they own
 * or that are shared with them; candidates are curated by admins and the project's advocate; and
 * adding to another project goes only to projects the caller may change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { REJECT, pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
  await w.place(w.projects.globex, 'Ava', STAGES.shortlist);
  await w.place(w.projects.globex, 'Ben', STAGES.qualify, { is_favorited: true });
}, 120_000);

/** Every pipeline call about one project and one of its candidates. */
function calls(
  projectId: number,
  candidate: string,
  guid: string,
  candidateGuid: string,
): [string, (who: Who) => Promise<{ status: number; body: Record<string, unknown> }>][] {
  const c = w.cid(candidate);
  return [
    ['the suggested tab', (who) => w.as(who).get(`/projects/candidates/search?project_id=${projectId}`)],
    ['a stage tab', (who) => w.as(who).get(`/projects/tab/search?project_id=${projectId}&tab=2`)],
    ['the counts', (who) => w.as(who).get(`/projects/pipe-line?project_id=Project:${projectId}`)],
    [
      'a move',
      (who) =>
        w.as(who).post('/projects/recruitment', {
          projectId,
          candidateId: c,
          recruitmentStatus: STAGES.rejected,
          rejectFormData: REJECT,
        }),
    ],
    ['hiding', (who) => w.as(who).post('/projects/candidate/hidden', { projectId, candidateId: c, hide: true })],
    [
      'favouriting',
      (who) => w.as(who).post('/projects/candidate/favourite', { projectId, candidateId: c, favourite: false }),
    ],
    ['marking seen', (who) => w.as(who).post('/projects/candidate/seen', { projectId, candidates: [c], tab: 2 })],
    [
      'adding a candidate to it',
      (who) => w.as(who).post('/projects/candidate/add', { projectId, candidateId: w.cid('Ivy') }),
    ],
    [
      'the tab of a candidate',
      (who) =>
        w.as(who).get(`/projects/get-project-tab-by-candidate?project_guid=${guid}&candidate_guid=${candidateGuid}`),
    ],
    [
      'writing a note',
      (who) =>
        w.as(who).post('/candidate-note', { projectId, candidateId: c, note: 'Strong candidate', visibility: 2 }),
    ],
    ['reading notes', (who) => w.as(who).get(`/candidate-note/${c}?projectId=${projectId}`)],
  ];
}

async function guids(projectId: number, candidate: string) {
  const project = await w.knex('projects').where('id', projectId).first('guid');
  const person = await w.knex('candidates').where('id', w.ids[candidate]).first('guid');
  return [project.guid as string, person.guid as string] as const;
}

describe("Another company's project", () => {
  it('answers 404 project.notFound to every pipeline call of a company, and changes nothing', async () => {
    const [guid, candidateGuid] = await guids(w.projects.globex, 'Ava');
    for (const who of ['company', 'member', 'raas'] as Who[]) {
      for (const [label, call] of calls(w.projects.globex, 'Ava', guid, candidateGuid)) {
        const res = await call(who);
        expect(res.status, `${who}: ${label}: ${JSON.stringify(res.body)}`).toBe(404);
        expect((res.body.error as { code: string }).code, `${who}: ${label}`).toBe('project.notFound');
      }
    }
    expect(await w.rowOf(w.projects.globex, 'Ava')).toMatchObject({ stage: STAGES.shortlist, is_hidden: false });
    expect(await w.rowOf(w.projects.globex, 'Ben')).toMatchObject({ is_favorited: true });
    expect(await w.rowOf(w.projects.globex, 'Ivy')).toBeUndefined();
    expect(
      Number((await w.knex('candidate_notes').where('project_id', w.projects.globex).count({ n: '*' }))[0].n),
    ).toBe(0);
  });

  it('is not in the open-projects list of a company, which lists its own open projects', async () => {
    const res = await w.as('company').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}`);
    expect(res.status).toBe(200);
    const ids = (res.body.data as { id: string }[]).map((p) => Number(p.id.replace('Project:', '')));
    expect(ids).toEqual(expect.arrayContaining([w.projects.acme, w.projects.acmeUnshared, w.projects.memberOwn]));
    const companies = await w.knex('projects').whereIn('id', ids).distinct().pluck('company_id');
    expect(companies).toEqual([w.companies.acme]);
    const globexForAdmin = await w.as('admin').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}`);
    expect(
      (globexForAdmin.body.data as { id: string; hasCandidate: boolean }[]).find(
        (p) => p.id === `Project:${w.projects.globex}`,
      )?.hasCandidate,
    ).toBe(true);
  });

  it('is reached by admins', async () => {
    const res = await w.as('admin').get(`/projects/tab/search?project_id=${w.projects.globex}&tab=2`);
    expect(res.status).toBe(200);
    expect(res.body.docs.map((d: { id: string }) => d.id)).toEqual([w.cid('Ava')]);
  });
});

describe('A company member', () => {
  it("reaches neither an Acme project not shared with them (404) nor the admins' internal project", async () => {
    const [guid, candidateGuid] = await guids(w.projects.acmeUnshared, 'Ava');
    await w.place(w.projects.acmeUnshared, 'Ava', STAGES.qualify);
    for (const [label, call] of calls(w.projects.acmeUnshared, 'Ava', guid, candidateGuid)) {
      const res = await call('member');
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    expect((await w.as('company').get(`/projects/pipe-line?project_id=${w.projects.internal}`)).status).toBe(404);
  });

  it('reaches the project once it is shared with them', async () => {
    await w
      .knex('projects')
      .where('id', w.projects.acmeUnshared)
      .update({ shared_user_ids: [w.people.member] });
    const res = await w.as('member').get(`/projects/tab/search?project_id=${w.projects.acmeUnshared}&tab=1`);
    expect(res.status).toBe(200);
    expect(res.body.docs.map((d: { id: string }) => d.id)).toEqual([w.cid('Ava')]);
    await w.knex('projects').where('id', w.projects.acmeUnshared).update({ shared_user_ids: [] });
  });
});

describe('Curation and adding to another project', () => {
  it('only admins curate: a company is refused, an advocate curates on their own projects only', async () => {
    const body = { projectId: w.projects.acme, candidateIds: [w.cid('Ivy')] };
    expect((await w.as('company').post('/projects/candidate/curate', body)).status).toBe(403);
    expect((await w.as('advocate').post('/projects/candidate/curate', body)).status).toBe(200);
    expect(
      (
        await w
          .as('advocate')
          .post('/projects/candidate/curate', { projectId: w.projects.globex, candidateIds: [w.cid('Ivy')] })
      ).status,
    ).toBe(403);
    expect(
      (
        await w
          .as('admin')
          .post('/projects/candidate/curate', { projectId: w.projects.globex, candidateIds: [w.cid('Ivy')] })
      ).body.added,
    ).toBe(1);
  });

  it("an advocate cannot appoint themself to another company's project to curate there; a General admin appoints", async () => {
    const self = `Admin:${w.people.advocate}`;
    await w
      .knex('projects')
      .where('id', w.projects.globex)
      .update({ job_description: 'Backend engineers for payments.' });
    const put = await w.as('advocate').put(`/projects/Project:${w.projects.globex}`, { advocateId: self });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('project.errors.advocateByGeneral');
    const curate = { projectId: w.projects.globex, candidateIds: [w.cid('Chloe')] };
    expect((await w.as('advocate').post('/projects/candidate/curate', curate)).status).toBe(403);
    const appointed = await w.as('admin').put(`/projects/Project:${w.projects.globex}`, { advocateId: self });
    expect(appointed.status, JSON.stringify(appointed.body)).toBe(200);
    expect((await w.as('advocate').post('/projects/candidate/curate', curate)).status).toBe(200);
    // Stepping down is the advocate's own.
    await w.as('advocate').put(`/projects/Project:${w.projects.globex}`, { advocateId: null }).expect(200);
    expect((await w.knex('projects').where('id', w.projects.globex).first('advocate_id')).advocate_id).toBeNull();
  });

  it('adds a candidate to another of my projects once: a second time says it is already there', async () => {
    const first = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: `Project:${w.projects.memberOwn}`, candidateId: w.cid('Chloe') });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ success: true, message: 'project.candidate.add.success' });
    const again = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: w.projects.memberOwn, candidateId: w.cid('Chloe') });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.candidate.add.exists');
    const list = await w.as('company').get(`/projects/candidate/list?candidateId=${w.cid('Chloe')}`);
    expect(
      (list.body.data as { title: string; hasCandidate: boolean }[]).find((p) => p.title === "Marcus's hires")
        ?.hasCandidate,
    ).toBe(true);
    const log = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.memberOwn, candidate_id: w.ids.Chloe, activity: 13 })
      .first();
    expect(log).toMatchObject({ actor_id: w.people.owner });
  });

  it('refuses a candidate the company cannot see', async () => {
    const res = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: w.projects.memberOwn, candidateId: w.cid('Cara') });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
  });
});
