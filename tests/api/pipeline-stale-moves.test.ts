/**
 * A move made from a stale board: the move says the stage its mover saw the candidate in (`fromStage`), and when
 * someone else moved the candidate meanwhile it is refused (409 movedMeanwhile) and changes nothing, rather than
 * applied from where the candidate is now. A company owner's reject typed while a teammate moved the candidate on and
 * sent an interview request leaves both in place; an admin's skip from a stage the candidate has left does not take
 * them backwards. A move that does not say where it started still starts wherever the candidate is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';
import { REJECT, SCHEDULE, pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const move = (who: Who, name: string, to: number, extra: Record<string, unknown> = {}) =>
  w.as(who).post('/projects/recruitment', {
    projectId: `Project:${w.projects.acme}`,
    candidateId: w.cid(name),
    recruitmentStatus: to,
    ...extra,
  });

const requestsOf = (name: string) =>
  w.knex('interview_requests').where({ project_id: w.projects.acme, candidate_id: w.ids[name] }).select('state');

describe('A move from a stale board', () => {
  it('a reject from the shortlist, after a teammate moved the candidate to interviewing and sent a request, is refused and changes nothing', async () => {
    await w.place(w.projects.acme, 'Ava', STAGES.shortlist, { revealed_at: new Date() });
    // Teammate A moves Ava on and asks her for an interview.
    const on = await move('company', 'Ava', STAGES.interviewing, {
      fromStage: STAGES.shortlist,
      scheduleFormData: SCHEDULE,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const sent = await w.as('company').post('/projects/candidate/interview/request', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: w.cid('Ava'),
      requestAction: 'request_interview',
      jdText: 'Build and run our hiring platform.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await requestsOf('Ava')).toEqual([{ state: REQUEST_STATE.sent }]);

    // Owner B's reject dialog was opened on the shortlist.
    const stale = await move('company', 'Ava', STAGES.rejected, {
      fromStage: STAGES.shortlist,
      rejectFormData: REJECT,
    });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'project.recruitment.errors.movedMeanwhile',
      message: 'This candidate was moved by someone else meanwhile',
      candidateIds: [w.cid('Ava')],
    });
    const row = await w.rowOf(w.projects.acme, 'Ava');
    expect(row).toMatchObject({ stage: STAGES.interviewing, rejected_from: null, reject_data: null });
    expect(await requestsOf('Ava')).toEqual([{ state: REQUEST_STATE.sent }]);

    // From where the board now shows her, the reject goes through.
    const fresh = await move('company', 'Ava', STAGES.rejected, {
      fromStage: STAGES.interviewing,
      rejectFormData: REJECT,
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(await w.rowOf(w.projects.acme, 'Ava')).toMatchObject({
      stage: STAGES.rejected,
      rejected_from: STAGES.interviewing,
    });
    expect(await requestsOf('Ava')).toEqual([{ state: REQUEST_STATE.expired }]);
  });

  it("an admin's skip from the longlist, after the company moved the candidate to offered, does not take them back", async () => {
    await w.place(w.projects.acme, 'Ben', STAGES.offered, {
      revealed_at: new Date(),
      interview_scheduled_at: new Date(),
    });
    const stale = await move('admin', 'Ben', STAGES.shortlist, { fromStage: STAGES.qualify });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error.code).toBe('project.recruitment.errors.movedMeanwhile');
    expect((await w.rowOf(w.projects.acme, 'Ben'))?.stage).toBe(STAGES.offered);
  });

  it('a bulk move names the candidates moved meanwhile and moves none of them', async () => {
    await w.place(w.projects.acme, 'Ava', STAGES.qualify, { revealed_at: new Date() });
    await w.place(w.projects.acme, 'Ben', STAGES.shortlist, { revealed_at: new Date() });
    const res = await w.as('admin').post('/projects/recruitment', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: [w.cid('Ava'), w.cid('Ben')],
      recruitmentStatus: STAGES.shortlist,
      fromStage: STAGES.qualify,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'project.recruitment.errors.movedMeanwhile',
      candidateIds: [w.cid('Ben')],
    });
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.stage).toBe(STAGES.qualify);
  });

  it('a move that does not say where it started still starts where the candidate is', async () => {
    await w.place(w.projects.acme, 'Ben', STAGES.offered, {
      revealed_at: new Date(),
      interview_scheduled_at: new Date(),
    });
    const res = await move('admin', 'Ben', STAGES.shortlist);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await w.rowOf(w.projects.acme, 'Ben'))?.stage).toBe(STAGES.shortlist);
  });
});
