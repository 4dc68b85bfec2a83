/**
 * AI match runs through HTTP and the real match_candidates job, judged by the real openai SDK
 * against its loopback stand-in: admins only; requirements read and confirmed before judging; the
 * states from queued to done; cancellation mid-run; each failure of the model (malformed JSON, a
 * time-out, 429 every time, a 500 once) marking only that candidate "not judged"; what the model
 * never reads; a re-run of the same description reusing verdicts; the product matcher as the judge
 * without a model; identities as the visibility rule shows them; curation into a project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { docxBomb, docxOf, pdfOf } from '../helpers/cvs';
import { makeProject } from '../helpers/interviews';
import { rankOf, startLlmStandIn, type LlmStandIn } from '../helpers/llm';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;
const people: Record<string, number> = {};
const PRIVATE = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.quillfeather@example.org',
  phone: '+65 9876 5432',
  linkedInUrl: 'linkedin.com/in/zquillfeather',
  githubUrl: 'github.com/zquillfeather',
};

beforeAll(async () => {
  llm = await startLlmStandIn();
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 6 };
  t.config.llm = {
    baseUrl: llm.baseUrl,
    model: llm.model,
    apiKey: 'local',
    timeoutMs: 1500,
    retries: 2,
    backoffMs: 10,
    concurrency: 3,
  };
  w = await matchWorld(t);
  people.private = await w.fit({
    ...PRIVATE,
    experiences: [
      {
        title: 'Senior Backend Engineer',
        company: 'Grab',
        startDate: `${new Date().getUTCFullYear() - 8}-01-01`,
        currentPosition: true,
        description: `Zephyrine Quillfeather led payments in Java and Kafka. Reach me at ${PRIVATE.email} or ${PRIVATE.phone}, https://zq.example.dev`,
      },
    ],
  });
  people.hidden = await w.fit({ visibility: false, firstName: 'Hidra', lastName: 'Veil' });
  for (let i = 0; i < 4; i += 1) people[`fit${i}`] = await w.fit({ firstName: `Fit${i}`, lastName: 'Person' });
});
afterAll(async () => {
  await llm?.close();
  await t?.knex.destroy();
});

describe('Who may match', () => {
  it('Refuses company users and candidates with 403, and anyone signed out with 401', async () => {
    for (const who of [w.company, w.candidate]) {
      expect((await who.post('/projects/ai-match', { jobDescription: JD })).status).toBe(403);
      expect((await who.get('/projects/ai-match')).status).toBe(403);
      expect((await who.get('/projects/ai-status/AiMatchRun:1')).status).toBe(403);
      expect((await who.get('/projects/ai-match/AiMatchRun:1/results')).status).toBe(403);
    }
    expect((await w.anonymous.post('/projects/ai-match', { jobDescription: JD })).status).toBe(401);
    expect(Number((await t.knex('ai_match_runs').count({ n: '*' }))[0].n)).toBe(0);
  });
});

describe('Starting a match', () => {
  it('Reads the requirements and waits for the admin to confirm them', async () => {
    const res = await w.admin.post('/projects/ai-match', {
      jobDescription: JD,
      filters: { experience: { from: 0, to: 80 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'review', source: 'text', judge: 'model', model: llm.model });
    expect(res.body.requirements.skills.map((s: { label: string }) => s.label)).toContain('Java');
    expect(res.body.requirements.years).toEqual({ min: 5 });
    expect(
      Number(
        (await t.knex('graphile_worker.jobs').where('task_identifier', 'match_candidates').count({ n: '*' }))[0].n,
      ),
    ).toBe(0);
  });

  it('Refuses a missing description, an experience past 80 and a bad edit of the requirements, by field', async () => {
    const none = await w.admin.post('/projects/ai-match', {});
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('jobDescription');
    const old = await w.admin.post('/projects/ai-match', { jobDescription: JD, filters: { experience: { from: 81 } } });
    expect(old.status).toBe(400);
    expect(Object.keys(old.body.error.fields)[0]).toMatch(/^filters/);
    const run = (await w.admin.post('/projects/ai-match', { jobDescription: JD })).body;
    const bad = await w.admin.post(`/projects/ai-match/${run.id}/judge`, {
      requirements: { skills: [], jobTitles: [], languages: [], locations: [], employmentTypes: [9] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)[0]).toMatch(/^requirements/);
    expect((await w.admin.get(`/projects/ai-status/${run.id}`)).body.status).toBe('review');
  });

  it("Starts from a project's own job description", async () => {
    const project = await makeProject(t.knex, { title: 'Payments' });
    await t.knex('projects').where('id', project.id).update({ job_description: JD });
    const res = await w.admin.post('/projects/ai-match', { projectId: `Project:${project.id}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ source: 'project', projectId: `Project:${project.id}`, jobDescription: JD });
    // Reopened and listed, the run names its project.
    const opened = await w.admin.get(`/projects/ai-status/${res.body.id}`);
    expect(opened.body).toMatchObject({ projectTitle: 'Payments', jobDescription: JD });
    const listed = await w.admin.get('/projects/ai-match?perPage=100');
    expect(listed.body.data.find((r: { id: string }) => r.id === res.body.id)).toMatchObject({
      projectTitle: 'Payments',
    });
  });
});

describe('Starting from an uploaded file', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login('admin@example.com');
  });
  const upload = (file: Buffer, name: string) =>
    t.http.post('/api/v1/projects/ai-match').set('Authorization', `Bearer ${token}`).attach('file', file, name);
  const runs = async () => Number((await t.knex('ai_match_runs').count({ n: '*' }))[0].n);

  it('Reads the requirements from a Word file and from a PDF, keeping the file name', async () => {
    for (const [file, name] of [
      [await docxOf(JD.split('\n')), 'Payments role.docx'],
      [await pdfOf(JD.split('\n')), 'payments-role.pdf'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ status: 'review', source: 'file', fileName: name });
      expect(res.body.jobDescription).toContain('Spring Boot');
      expect(res.body.requirements.skills.map((s: { label: string }) => s.label)).toContain('Java');
    }
  });

  it('Refuses a file renamed to .pdf, a script and a Word file that unpacks to 200 MB, by field, starting nothing', async () => {
    const before = await runs();
    const renamed = await upload(await docxOf(JD.split('\n')), 'role.pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.fields).toEqual({ file: 'upload.errors.unsupportedType' });
    const script = await upload(Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(20)), 'role.docx');
    expect(script.status).toBe(400);
    expect(script.body.error.fields).toEqual({ file: 'upload.errors.unsupportedType' });
    const bomb = await upload(await docxBomb(200_000_000), 'role.docx');
    expect(bomb.status).toBe(400);
    expect(bomb.body.error.fields).toEqual({ file: 'upload.errors.tooComplex' });
    expect(await runs()).toBe(before);
  });

  it('Reads at most CV_UPLOADS_PER_WINDOW files a person a window (the job descriptions of projects counted too), then answers 429', async () => {
    const allowed = t.config.cv.uploadsPerWindow;
    t.config.cv.uploadsPerWindow = 1;
    try {
      const file = await docxOf(JD.split('\n'));
      const statuses = [(await upload(file, 'a.docx')).status, (await upload(file, 'b.docx')).status];
      expect(statuses).toContain(429);
    } finally {
      t.config.cv.uploadsPerWindow = allowed;
    }
  });

  it('Refuses a company user an upload too', async () => {
    const token = await t.login('owner@acme.example.com');
    const res = await t.http
      .post('/api/v1/projects/ai-match')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', await docxOf(JD.split('\n')), 'role.docx');
    expect(res.status).toBe(403);
  });
});

describe('A run judged by the language model', () => {
  let run: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    llm.reset();
    run = await matchOnce(t, w.admin, { jobDescription: JD });
  });

  it('Goes from queued to done, every one of the top candidates judged by the model', async () => {
    expect(run).toMatchObject({ status: 'done', judge: 'model', model: llm.model, promptVersion: 'v4' });
    expect(run.progress.toJudge).toBe(6);
    expect(run.progress.judged).toBe(6);
    expect(run.progress.retrieved).toBeGreaterThanOrEqual(6);
    expect(llm.requests).toHaveLength(6);
  });

  it('Lists the shortlist best verdict first, with strengths, a recommendation, reasoning and the evidence', async () => {
    const res = await w.admin.get(`/projects/ai-match/${run.id}/results`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    const scores = res.body.data.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const r of res.body.data) {
      expect(r).toMatchObject({ judge: 'model', notJudged: null });
      expect(r.strengths.length).toBeGreaterThan(0);
      expect(['strong_yes', 'yes', 'maybe', 'no']).toContain(r.recommendation);
      expect(r.reasoning).toBeTruthy();
      expect(r.parts.find((p: { key: string }) => p.key === 'skills').evidence).toMatch(/Java/);
    }
    const one = res.body.data[0].recommendation;
    const filtered = await w.admin.get(`/projects/ai-match/${run.id}/results?recommendation=${one}`);
    expect(filtered.body.data.every((r: { recommendation: string }) => r.recommendation === one)).toBe(true);
  });

  it('Never tells the model a name, e-mail, phone, link or citizenship, not even inside a job description', async () => {
    const prompts = llm.prompts();
    expect(prompts.some((p) => p.includes('led payments in Java and Kafka'))).toBe(true);
    const citizenship = (await t.knex('citizenships').where('id', w.ids.sgCitizenship).first()) as Record<
      string,
      unknown
    >;
    const markers = [
      ...Object.values(PRIVATE),
      'zq.example.dev',
      'Hidra',
      'Veil',
      'Fit0',
      'Jane',
      String(citizenship.name ?? citizenship.label),
    ];
    for (const prompt of prompts)
      for (const marker of markers) expect(prompt.toLowerCase(), marker).not.toContain(marker.toLowerCase());
  });

  it('Re-running the same description reuses the verdicts instead of asking again', async () => {
    llm.reset();
    const again = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(again.inputHash).toBe(run.inputHash);
    expect(again).toMatchObject({ status: 'done', progress: { judged: 6, reused: 6 } });
    expect(llm.requests).toHaveLength(0);
  });

  it('Shows names to admins, flagging the hidden candidate so the name is not shown by mistake', async () => {
    const res = await w.admin.get(`/projects/ai-match/${run.id}/results?perPage=100&judgedOnly=false`);
    const hidden = res.body.data.find((r: { candidateId: string }) => r.candidateId === `Candidate:${people.hidden}`);
    expect(hidden).toMatchObject({ name: 'Hidra Veil', adminAnonymous: true });
    const shown = res.body.data.find((r: { candidateId: string }) => r.candidateId === `Candidate:${people.fit0}`);
    expect(shown).toMatchObject({ name: 'Fit0 Person', adminAnonymous: false });
  });

  it("Adds a result to a project's suggested tab through curation", async () => {
    const project = await makeProject(t.knex, { title: 'Payments shortlist' });
    const res = await w.admin.post('/projects/candidate/curate', {
      projectId: `Project:${project.id}`,
      candidateIds: [`Candidate:${people.fit1}`],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      await t
        .knex('project_candidates')
        .where({ project_id: project.id, candidate_id: people.fit1 })
        .first('stage', 'curated'),
    ).toEqual({
      stage: 0,
      curated: true,
    });
  });
});

describe("The model's failures", () => {
  it('Marks only the candidate whose call failed as not judged, with the reason, and finishes the run', async () => {
    llm.reset();
    llm.misbehave(1, 'malformed');
    llm.misbehave(2, 'hang');
    llm.misbehave(3, 429);
    llm.misbehave(4, 500, 1);
    llm.misbehave(5, 'wrongShape');
    const run = await matchOnce(t, w.admin, { jobDescription: `${JD}\nTeam: card payments.` });
    expect(run).toMatchObject({ status: 'done', progress: { toJudge: 6, judged: 2, notJudged: 4 } });
    const rows = (await w.admin.get(`/projects/ai-match/${run.id}/results?sort=rank`)).body.data as {
      rank: number;
      notJudged: string | null;
      score: number | null;
    }[];
    const byRank = Object.fromEntries(rows.map((r) => [r.rank, r]));
    expect(byRank[1]).toMatchObject({ notJudged: 'malformed', score: null });
    expect(byRank[2]).toMatchObject({ notJudged: 'timeout', score: null });
    expect(byRank[3]).toMatchObject({ notJudged: 'rateLimited', score: null });
    expect(byRank[4].notJudged).toBeNull();
    expect(byRank[4].score).not.toBeNull();
    expect(byRank[5]).toMatchObject({ notJudged: 'malformed', score: null });
    // 429 asked three times (two retries), the 500 once more.
    expect(llm.requests.filter((r) => rankOf(r) === 3)).toHaveLength(3);
    expect(llm.requests.filter((r) => rankOf(r) === 4)).toHaveLength(2);
  });
});

describe('Progress and cancellation', () => {
  it('Reports retrieving and judging n of N while it runs, and stops before the next candidate once cancelled', async () => {
    llm.reset();
    llm.delay(400);
    // One call at a time, so the run is caught between two candidates.
    const saved = t.config.llm!;
    t.config.llm = { ...saved, concurrency: 1 };
    const started = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: risk.` })).body;
    expect((await w.admin.post(`/projects/ai-match/${started.id}/judge`, {})).body.status).toBe('queued');
    const job = runJobs(t);
    let status: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let i = 0; i < 100 && !(status.status === 'judging' && status.progress.judged >= 1); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
    }
    expect(status.status).toBe('judging');
    const cancelled = await w.admin.post(`/projects/ai-match/${started.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    await job;
    const final = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
    expect(final.status).toBe('cancelled');
    expect(final.progress.judged).toBeLessThan(6);
    const left = (
      await t
        .knex('ai_match_results')
        .where({ run_id: Number(started.id.split(':')[1]), not_judged: 'cancelled' })
        .count({ n: '*' })
    )[0].n;
    expect(Number(left)).toBe(6 - final.progress.judged - final.progress.notJudged);
    expect((await w.admin.post(`/projects/ai-match/${started.id}/cancel`, {})).status).toBe(409);
    t.config.llm = saved;
  });
});

describe('Without a language model', () => {
  it("Has the product's matcher write every verdict and says so", async () => {
    const saved = t.config.llm;
    t.config.llm = undefined;
    try {
      llm.reset();
      const run = await matchOnce(t, w.admin, { jobDescription: JD });
      expect(run).toMatchObject({ status: 'done', judge: 'product', model: null, progress: { judged: 6 } });
      expect(llm.requests).toHaveLength(0);
      const rows = (await w.admin.get(`/projects/ai-match/${run.id}/results`)).body.data;
      expect(rows[0]).toMatchObject({ judge: 'product' });
      expect(rows[0].strengths.length).toBeGreaterThan(0);
      expect(rows[0].reasoning).toBeTruthy();
    } finally {
      t.config.llm = saved;
    }
  });
});
