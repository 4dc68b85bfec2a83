/**
 * Moving candidates through the API: the whole state machine as a table (every stage × next
 * step, reject and skip × admin, company and RaaS company), the form data each move needs, the
 * upgrade and guarantee refusals, the reveal of anonymous candidates, bulk moves that are all or
 * nothing, and the activity log every move writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES, type StageId } from '../../schema/rules/pipeline';
import { canMove, nextStage, stageVisibleToRaas } from '../../schema/rules/stages';
import { REJECT, SCHEDULE, pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const NAME: Record<number, string> = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k]));
const ALL: StageId[] = [0, 1, 2, 3, 7, 4, 5, 6];

const move = (
  who: Who,
  projectId: number,
  candidateId: string | string[],
  to: number,
  extra: Record<string, unknown> = {},
) =>
  w
    .as(who)
    .post('/projects/recruitment', { projectId: `Project:${projectId}`, candidateId, recruitmentStatus: to, ...extra });

/** A stage other than the next one to try a skip to. */
const skipTarget = (from: StageId): StageId =>
  nextStage(from) === STAGES.placed || from === STAGES.placed ? STAGES.shortlist : STAGES.placed;

describe('The state machine through the API', () => {
  const roles: [string, Who, 'admin' | 'company' | 'raasCompany', () => number][] = [
    ['an admin', 'admin', 'admin', () => w.projects.acme],
    ['a company', 'company', 'company', () => w.projects.acme],
    ['a RaaS company', 'raas', 'raasCompany', () => w.projects.raasPower],
  ];
  for (const [label, who, role, projectOf] of roles) {
    for (const from of ALL) {
      const actions: [string, StageId | null][] = [
        ['moves to the next stage', nextStage(from)],
        ['rejects', STAGES.rejected],
        ['skips', skipTarget(from)],
      ];
      for (const [action, to] of actions) {
        if (to === null) continue;
        // A RaaS company sees a candidate beyond interviewing once an interview was scheduled.
        const allowed = canMove(from, to, role, { interviewScheduled: true }).ok;
        // A candidate the RaaS board does not show (the suggested tab, the longlist) is not found by it at all.
        const seen = { interviewScheduled: true, rejectedFrom: from === STAGES.rejected ? 2 : null };
        const unseen = role === 'raasCompany' && !stageVisibleToRaas(from, seen);
        const outcome = allowed ? 'moved' : unseen ? 'not found' : 'refused';
        it(`${label} ${action} from ${NAME[from]} (${NAME[to]}): ${outcome}`, async () => {
          const at = new Date();
          const placed = { interview_scheduled_at: at, guaranteed_at: at, rejected_from: seen.rejectedFrom };
          // Added by the company: the suggested tab holds them whatever the saved filters find (tabs.ts heldSql).
          await w.place(projectOf(), 'Ava', from, { ...placed, added: true });
          const res = await move(who, projectOf(), w.cid('Ava'), to, {
            rejectFormData: REJECT,
            scheduleFormData: SCHEDULE,
          });
          const row = await w.rowOf(projectOf(), 'Ava');
          expect(row?.stage).toBe(allowed ? to : from);
          if (allowed) {
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body.moved).toEqual([w.cid('Ava')]);
          } else if (unseen) {
            expect(res.status, JSON.stringify(res.body)).toBe(404);
            expect(res.body.error.code).toBe('project.candidate.notFound');
          } else {
            expect(res.status, JSON.stringify(res.body)).toBe(409);
            expect(res.body.error).toMatchObject({
              code: 'project.recruitment.errors.notAllowed',
              candidateIds: [w.cid('Ava')],
            });
          }
        });
      }
    }
  }

  it('refuses to skip or reject a semi-active candidate, even for an admin', async () => {
    await w.place(w.projects.acme, 'Cara', STAGES.shortlist);
    expect((await move('admin', w.projects.acme, w.cid('Cara'), STAGES.placed)).status).toBe(409);
    expect(
      (await move('admin', w.projects.acme, w.cid('Cara'), STAGES.rejected, { rejectFormData: REJECT })).status,
    ).toBe(409);
    const next = await move('admin', w.projects.acme, w.cid('Cara'), STAGES.interviewing, {
      scheduleFormData: SCHEDULE,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it('does not let a company move a candidate it does not see (semi-active, inactive)', async () => {
    await w.place(w.projects.acme, 'Finn', STAGES.qualify);
    const res = await move('company', w.projects.acme, w.cid('Finn'), STAGES.shortlist);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
    expect(res.body.error.candidateIds).toEqual([w.cid('Finn')]);
  });
});

describe('The form data of a move', () => {
  beforeAll(async () => {
    // The moves above booked SCHEDULE's interviewer at its time: those candidates leave the interview stages first.
    await w.knex('project_candidates').whereIn('stage', [3, 7]).update({ stage: STAGES.shortlist });
    await w.place(w.projects.acme, 'Ben', STAGES.shortlist, { revealed_at: new Date() });
  });

  it('needs a reason to reject, and keeps it with where the candidate came from', async () => {
    const bare = await move('company', w.projects.acme, w.cid('Ben'), STAGES.rejected);
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toEqual({ 'rejectFormData.reason': 'rejectFormData.reason.errors.required' });
    const blank = await move('company', w.projects.acme, w.cid('Ben'), STAGES.rejected, {
      rejectFormData: { reason: '  ' },
    });
    expect(blank.status).toBe(400);
    const res = await move('company', w.projects.acme, w.cid('Ben'), STAGES.rejected, { rejectFormData: REJECT });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await w.rowOf(w.projects.acme, 'Ben');
    expect(row).toMatchObject({ stage: STAGES.rejected, rejected_from: STAGES.shortlist, reject_data: REJECT });
  });

  it('needs the interview details to move to an interview, checked as spec section 5 says', async () => {
    await w.place(w.projects.acme, 'Ben', STAGES.shortlist, { revealed_at: new Date() });
    expect((await move('company', w.projects.acme, w.cid('Ben'), STAGES.interviewing)).body.error.fields).toEqual({
      scheduleFormData: 'scheduleFormData.errors.required',
    });
    const bad = async (change: Record<string, unknown>) =>
      (
        await move('company', w.projects.acme, w.cid('Ben'), STAGES.interviewing, {
          scheduleFormData: { ...SCHEDULE, ...change },
        })
      ).body.error?.fields;
    for (const duration of [50, 135])
      expect(await bad({ duration })).toEqual({
        'scheduleFormData.duration': 'scheduleFormData.duration.errors.invalid',
      });
    expect(await bad({ timezone: 'Mars/Olympus' })).toEqual({
      'scheduleFormData.timezone': 'scheduleFormData.timezone.errors.invalid',
    });
    expect(await bad({ interviewerEmail: 'not-an-email' })).toEqual({
      'scheduleFormData.interviewerEmail': 'scheduleFormData.interviewerEmail.errors.invalid',
    });
    expect(await bad({ type: 3 })).toEqual({ 'scheduleFormData.type': 'scheduleFormData.type.errors.invalid' });
    expect(await bad({ meetingLink: null })).toEqual({
      'scheduleFormData.meetingLink': 'scheduleFormData.meetingLink.errors.required',
    });
    expect(await bad({ type: 1, meetingLink: null })).toEqual({
      'scheduleFormData.address': 'scheduleFormData.address.errors.required',
    });
    expect(await bad({ slots: undefined })).toEqual({
      'scheduleFormData.slots': 'scheduleFormData.slots.errors.required',
    });
    expect(await bad({ slots: ['2020-03-02T10:00'] })).toEqual({
      'scheduleFormData.slots.0': 'scheduleFormData.slots.errors.inPast',
    });
    expect(await bad({ slots: ['tomorrow at ten'] })).toEqual({
      'scheduleFormData.slots.0': 'scheduleFormData.slots.errors.invalid',
    });
    expect(await bad({ meetingLink: 'not a link' })).toEqual({
      'scheduleFormData.meetingLink': 'scheduleFormData.meetingLink.errors.invalid',
    });
    expect((await w.rowOf(w.projects.acme, 'Ben'))?.stage).toBe(STAGES.shortlist);
    const res = await move('company', w.projects.acme, w.cid('Ben'), STAGES.interviewing, {
      scheduleFormData: { ...SCHEDULE, type: 1, address: '1 Raffles Place' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await w.rowOf(w.projects.acme, 'Ben');
    expect(row?.interview_scheduled_at).toBeInstanceOf(Date);
    expect(row?.schedule_data).toMatchObject({
      interviewerName: 'Olivia Tan',
      type: 1,
      address: '1 Raffles Place',
      duration: 45,
      timezone: 'Asia/Singapore',
    });
    expect((row?.schedule_data as { slots: string[] }).slots).toEqual(SCHEDULE.slots);
  });

  it('reads a meeting link typed without https:// as an https link, as every typed link is', async () => {
    await w.place(w.projects.acme, 'Ben', STAGES.shortlist, { revealed_at: new Date() });
    const res = await move('company', w.projects.acme, w.cid('Ben'), STAGES.interviewing, {
      scheduleFormData: { ...SCHEDULE, meetingLink: 'meet.example.com/xyz' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(((await w.rowOf(w.projects.acme, 'Ben'))?.schedule_data as { meetingLink: string }).meetingLink).toBe(
      'https://meet.example.com/xyz',
    );
  });

  it('records who moved whom, from where to where, with the form data', async () => {
    const log = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, candidate_id: w.ids.Ben, activity: 1 })
      .orderBy('id', 'desc')
      .first();
    expect(log).toMatchObject({
      from_stage: 2,
      to_stage: 3,
      actor_kind: 2,
      actor_id: w.people.owner,
      actor_name: 'Olivia Tan',
      company_id: w.companies.acme,
    });
    expect(log.data.scheduleFormData).toMatchObject({ interviewerEmail: 'olivia@acme.example.com' });
  });
});

describe('Upgrade and guarantee refusals', () => {
  it('a RaaS free-plan project cannot move a candidate to interviewing or beyond: upgrade required', async () => {
    await w.place(w.projects.raasFree, 'Ava', STAGES.shortlist, { revealed_at: new Date() });
    const res = await move('raas', w.projects.raasFree, w.cid('Ava'), STAGES.interviewing, {
      scheduleFormData: SCHEDULE,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'project.recruitment.errors.upgradeRequired',
      candidateIds: [w.cid('Ava')],
    });
    expect((await w.rowOf(w.projects.raasFree, 'Ava'))?.stage).toBe(STAGES.shortlist);
    expect(
      (await move('raas', w.projects.raasFree, w.cid('Ava'), STAGES.rejected, { rejectFormData: REJECT })).status,
    ).toBe(200);
  });

  it('a power-plan project asks for the guarantee before offered, then moves once guaranteed', async () => {
    await w.place(w.projects.raasPower, 'Ivy', STAGES.interviewing2, {
      interview_scheduled_at: new Date(),
      revealed_at: new Date(),
    });
    const res = await move('raas', w.projects.raasPower, w.cid('Ivy'), STAGES.offered);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'project.recruitment.errors.guaranteeRequired',
      candidateIds: [w.cid('Ivy')],
    });
    await w
      .knex('project_candidates')
      .where({ project_id: w.projects.raasPower, candidate_id: w.ids.Ivy })
      .update({ guaranteed_at: new Date() });
    expect((await move('raas', w.projects.raasPower, w.cid('Ivy'), STAGES.offered)).status).toBe(200);
  });

  it('the guarantee is optional: a move that says withoutGuarantee goes to offered unguaranteed', async () => {
    await w.place(w.projects.raasPower, 'Ava', STAGES.interviewing2, {
      interview_scheduled_at: new Date(),
      revealed_at: new Date(),
      guaranteed_at: null,
    });
    const res = await move('raas', w.projects.raasPower, w.cid('Ava'), STAGES.offered, { withoutGuarantee: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await w.rowOf(w.projects.raasPower, 'Ava')).toMatchObject({ stage: STAGES.offered, guaranteed_at: null });
  });

  it('an inactive project refuses every move', async () => {
    await w.knex('projects').where('id', w.projects.memberOwn).update({ status: 3 });
    await w.place(w.projects.memberOwn, 'Ava', STAGES.qualify);
    const res = await move('member', w.projects.memberOwn, w.cid('Ava'), STAGES.shortlist);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('project.recruitment.errors.projectInactive');
    await w.knex('projects').where('id', w.projects.memberOwn).update({ status: 0 });
  });
});

describe('Revealing an anonymous candidate', () => {
  beforeAll(async () => {
    await w.place(w.projects.acme, 'Eve', STAGES.open, { curated: true });
    // The platform's decision: an admin curates the hidden candidate into the project.
    const curated = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Dev')] });
    expect(curated.status, JSON.stringify(curated.body)).toBe(200);
  });

  it('asks for a confirmation before moving an anonymous, or a curated invisible, candidate out of suggested', async () => {
    const res = await move('company', w.projects.acme, [w.cid('Eve'), w.cid('Dev')], STAGES.qualify);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('project.recruitment.errors.revealRequired');
    expect([...res.body.error.candidateIds].sort()).toEqual([w.cid('Eve'), w.cid('Dev')].sort());
    expect((await w.rowOf(w.projects.acme, 'Eve'))?.stage).toBe(STAGES.open);
  });

  it('moves and reveals them once confirmed: the company then sees their names, and the reveal is logged with its fields', async () => {
    const res = await move('company', w.projects.acme, [w.cid('Eve'), w.cid('Dev')], STAGES.qualify, {
      confirmReveal: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tab = await w.as('company').get(`/projects/tab/search?project_id=${w.projects.acme}&tab=1`);
    const eve = tab.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    expect(eve).toMatchObject({
      firstName: 'Eve',
      lastName: 'Ng',
      revealed: true,
      anonymous: false,
      email: 'eve@talent.example.org',
    });
    const reveals = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, activity: 3 })
      .select('candidate_id', 'data', 'actor_id');
    expect(reveals.map((r) => r.candidate_id).sort()).toEqual([w.ids.Eve, w.ids.Dev].sort());
    for (const r of reveals)
      expect(r).toMatchObject({
        actor_id: w.people.owner,
        data: { fields: expect.arrayContaining(['firstName', 'email', 'phone']) },
      });
  });

  it('a revealed candidate is not revealed again', async () => {
    const res = await move('company', w.projects.acme, w.cid('Eve'), STAGES.shortlist);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('Bulk moves are all or nothing', () => {
  beforeAll(async () => {
    for (const name of ['Ava', 'Ben', 'Ivy'])
      await w.place(w.projects.acme, name, STAGES.qualify, { revealed_at: new Date() });
    await w.place(w.projects.acme, 'Cara', STAGES.qualify);
  });

  it('a refusal in the middle moves nobody and leaves the counts as they were', async () => {
    const before = (await w.as('admin').get(`/projects/pipe-line?project_id=${w.projects.acme}`)).body.stats;
    const res = await move('admin', w.projects.acme, [w.cid('Ava'), w.cid('Cara'), w.cid('Ben')], STAGES.rejected, {
      rejectFormData: REJECT,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'project.recruitment.errors.notAllowed',
      candidateIds: [w.cid('Cara')],
    });
    for (const name of ['Ava', 'Ben', 'Cara'])
      expect((await w.rowOf(w.projects.acme, name))?.stage).toBe(STAGES.qualify);
    const after = (await w.as('admin').get(`/projects/pipe-line?project_id=${w.projects.acme}`)).body.stats;
    expect(after).toEqual(before);
  });

  it('refuses candidates taken from different tabs', async () => {
    await w.place(w.projects.acme, 'Chloe', STAGES.shortlist);
    const res = await move('company', w.projects.acme, [w.cid('Ava'), w.cid('Chloe')], STAGES.interviewing, {
      scheduleFormData: SCHEDULE,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('project.recruitment.errors.differentStages');
  });

  it('two people moving the same suggested candidate at once: one moves them, the other is refused', async () => {
    await w.place(w.projects.acme, 'Chloe', STAGES.open, { curated: true });
    const [a, b] = await Promise.all([
      move('company', w.projects.acme, w.cid('Chloe'), STAGES.qualify),
      move('admin', w.projects.acme, w.cid('Chloe'), STAGES.qualify),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const moves = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, candidate_id: w.ids.Chloe, activity: 1, from_stage: 0 });
    expect(moves).toHaveLength(1);
  });

  it('moves them all together and answers the new counts', async () => {
    const res = await move('company', w.projects.acme, [w.cid('Ava'), w.cid('Ben'), w.cid('Ivy')], STAGES.shortlist);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([...res.body.moved].sort()).toEqual([w.cid('Ava'), w.cid('Ben'), w.cid('Ivy')].sort());
    expect(res.body.stats.shortlist).toBeGreaterThanOrEqual(3);
    const logged = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, activity: 1, from_stage: 1, to_stage: 2 })
      .count({ n: '*' });
    expect(Number(logged[0].n)).toBeGreaterThanOrEqual(3);
  });

  it('answers a move into a project deleted while it waited as not found, never a 500', async () => {
    const source = await w.knex('projects').where('id', w.projects.acme).first();
    const { id: _id, guid: _guid, ...copy } = source;
    const [row] = await w
      .knex('projects')
      .insert({ ...copy, title: 'Soon gone' })
      .returning('id');
    await w.place(row.id, 'Ava', STAGES.qualify);
    const held = await w.knex.transaction();
    try {
      await held('projects').where('id', row.id).forUpdate().first('id');
      // Asked now (a request starts when it is awaited or followed).
      const moving = move('company', row.id, w.cid('Ava'), STAGES.shortlist).then((r) => r);
      // The move waits on the project's row; the deletion commits first.
      await new Promise((r) => setTimeout(r, 300));
      await held('projects').where('id', row.id).delete();
      await held.commit();
      const res = await moving;
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.error.code).toBe('project.notFound');
    } finally {
      if (!held.isCompleted()) await held.rollback();
    }
  });
});
