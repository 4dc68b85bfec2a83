/**
 * A company reaches a project's candidate only as its board shows them. A RaaS company's board starts
 * at shortlist and has no suggested tab (schema/rules/stages.ts, stageVisibleToRaas): saved filters
 * reach nobody for it, and a candidate on the longlist is "not found" to every call (flags, moves,
 * notes, downloads, "seen" marks) and to the projects list's hasCandidate. A company's list no
 * longer confirms a candidate who paused or withdrew consent to be shown to companies. The recruiter
 * dashboard counts interview requests and moves as the board shows them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const rows = async (projectId: number) =>
  Number((await w.knex('project_candidates').where('project_id', projectId).count({ n: '*' }))[0].n);

/** The answer to an id that names nobody, to compare refusals with. */
const unknownResume = async () => (await w.as('raas').get('/candidates/resume/Candidate:999999')).body.error;

/** hasCandidate of `projectId` in the projects list for `candidate`, as `who` reads it. */
async function hasCandidate(who: Who, projectId: number, candidate: string): Promise<boolean | undefined> {
  const res = await w.as(who).get(`/projects/candidate/list?candidateId=${w.cid(candidate)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string; hasCandidate: boolean }[]).find((p) => p.id === `Project:${projectId}`)
    ?.hasCandidate;
}

describe('A RaaS company with saved filters', () => {
  it('reaches nobody through them: no CV download, no "seen" rows for candidates it never had', async () => {
    // A project saves its filters once it has a job description.
    await w
      .knex('projects')
      .where('id', w.projects.raasPower)
      .update({ job_description: 'Build and run the services behind our hiring product.' });
    const saved = await w
      .as('raas')
      .put('/projects/update/filters', { projectId: `Project:${w.projects.raasPower}`, filters: 'ef=0&et=98' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const unknown = await unknownResume();
    for (const name of ['Ava', 'Ben', 'Ivy']) {
      const res = await w.as('raas').get(`/candidates/resume/${w.cid(name)}`);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error, name).toEqual(unknown);
    }
    const before = await rows(w.projects.raasPower);
    const seen = await w.as('raas').post('/projects/candidate/seen', {
      projectId: w.projects.raasPower,
      candidates: [w.cid('Ava'), w.cid('Ben'), w.cid('Ivy')],
      tab: 0,
    });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.seen).toBe(0);
    expect(await rows(w.projects.raasPower)).toBe(before);
  });
});

describe("A candidate on a RaaS project's longlist", () => {
  const project = () => w.projects.raasFree;

  it('is not found to the RaaS company: favourite, move, note, download; the list does not confirm them', async () => {
    await w.place(project(), 'Ben', STAGES.qualify);
    const c = w.cid('Ben');
    const calls: [string, () => Promise<{ status: number; body: { error?: { code: string } } }>][] = [
      [
        'favourite',
        () =>
          w
            .as('raas')
            .post('/projects/candidate/favourite', { projectId: project(), candidateId: c, favourite: false }),
      ],
      [
        'move',
        () =>
          w.as('raas').post('/projects/recruitment', {
            projectId: project(),
            candidateId: c,
            recruitmentStatus: STAGES.shortlist,
          }),
      ],
      [
        'a note',
        () =>
          w.as('raas').post('/candidate-note', {
            projectId: `Project:${project()}`,
            candidateId: c,
            note: 'Strong candidate',
            visibility: 2,
          }),
      ],
    ];
    for (const [label, call] of calls) {
      const res = await call();
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error?.code, label).toBe('project.candidate.notFound');
    }
    expect((await w.as('raas').get(`/candidates/resume/${c}`)).body.error).toEqual(await unknownResume());
    expect(await hasCandidate('raas', project(), 'Ben')).toBe(false);
    expect(await w.rowOf(project(), 'Ben')).toMatchObject({ stage: STAGES.qualify, is_favorited: false });
    // Admins see every stage.
    expect(await hasCandidate('admin', project(), 'Ben')).toBe(true);
  });

  it("does not show the RaaS company the advocates' notes of them until the board does", async () => {
    await w.place(project(), 'Ben', STAGES.qualify);
    const c = w.cid('Ben');
    const written = await w.as('admin').post('/candidate-note', {
      projectId: `Project:${project()}`,
      candidateId: c,
      note: 'Ben met us',
      visibility: 2,
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const read = async () =>
      (await w.as('raas').get(`/candidate-note/${c}?projectId=Project:${project()}`)).body.data as { note: string }[];
    expect(await read()).toEqual([]);
    await w.place(project(), 'Ben', STAGES.shortlist);
    expect((await read()).map((n) => n.note)).toContain('Ben met us');
  });

  it('is reached once on the shortlist, and the list confirms them', async () => {
    await w.place(project(), 'Ben', STAGES.shortlist);
    const c = w.cid('Ben');
    const fav = await w
      .as('raas')
      .post('/projects/candidate/favourite', { projectId: project(), candidateId: c, favourite: true });
    expect(fav.status, JSON.stringify(fav.body)).toBe(200);
    const note = await w
      .as('raas')
      .post('/candidate-note', { projectId: `Project:${project()}`, candidateId: c, note: 'Strong candidate' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // Reached: the download goes on to the file, which this candidate has none of.
    const cv = await w.as('raas').get(`/candidates/resume/${c}`);
    expect(cv.body.error).not.toEqual(await unknownResume());
    expect(await hasCandidate('raas', project(), 'Ben')).toBe(true);
  });
});

describe("A company's projects list", () => {
  it('no longer confirms a candidate of its pipeline who paused, or withdrew consent to be shown to companies', async () => {
    await w.place(w.projects.acme, 'Chloe', STAGES.shortlist);
    expect(await hasCandidate('company', w.projects.acme, 'Chloe')).toBe(true);
    const me = w.cid('Chloe');
    const paused = await w.as('candidate').post(`/candidates/${me}/pause`, {});
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await hasCandidate('company', w.projects.acme, 'Chloe')).toBe(false);
    expect(await hasCandidate('admin', w.projects.acme, 'Chloe')).toBe(true);
    const active = await w.as('candidate').post(`/candidates/${me}/activate`, {});
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(await hasCandidate('company', w.projects.acme, 'Chloe')).toBe(true);

    const withdrawn = await w.as('candidate').put('/data-rights/consents', { shownToCompanies: false });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await hasCandidate('company', w.projects.acme, 'Chloe')).toBe(false);
    const given = await w.as('candidate').put('/data-rights/consents', { shownToCompanies: true });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(await hasCandidate('company', w.projects.acme, 'Chloe')).toBe(true);
  });
});

describe("A RaaS company's recruiter dashboard", () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
  const dashboard = async () => {
    const res = await w
      .as('raas')
      .get(`/dashboard/recruiter?from=${day(-7)}&to=${day(0)}&projectId=Project:${w.projects.raasPower}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { interviewRequests: Record<string, number>; movedInto: Record<string, number> };
  };

  it('counts no interview request nor move of a candidate its board does not show', async () => {
    const before = await dashboard();
    expect(before.interviewRequests.sent).toBe(0);
    await w.place(w.projects.raasPower, 'Ivy', STAGES.qualify);
    const sent = await w.as('admin').post('/projects/candidate/interview/request', {
      projectId: `Project:${w.projects.raasPower}`,
      candidateId: w.cid('Ivy'),
      requestAction: 'request_interview',
      jdText: 'Analyse our hiring data.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // An admin's skip to offered, no interview scheduled: the RaaS board does not show it yet.
    const skipped = await w.as('admin').post('/projects/recruitment', {
      projectId: w.projects.raasPower,
      candidateId: w.cid('Ivy'),
      recruitmentStatus: STAGES.offered,
      withoutGuarantee: true,
    });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const after = await dashboard();
    expect(after.interviewRequests).toEqual(before.interviewRequests);
    expect(after.movedInto).toEqual(before.movedInto);

    // Once an interview is scheduled the board shows them, and the figures count them.
    await w.knex('project_candidates').where({ project_id: w.projects.raasPower, candidate_id: w.ids.Ivy }).update({
      interview_scheduled_at: new Date(),
    });
    const shown = await dashboard();
    expect(shown.interviewRequests.sent).toBe(before.interviewRequests.sent + 1);
    expect(shown.movedInto.offered).toBe(before.movedInto.offered + 1);
  });
});
