/**
 * A copy of a candidate's data lists as moves only the stage changes: an admin curates the candidate into Acme's
 * project, Acme moves them to qualify, writes a note on them and asks them for an interview. In the copy, the
 * project's `moves` are the one move from open to qualify, never the note nor the request as a move from nowhere to
 * nowhere; those, and the curation, are the project's `events`, named as what they are (and nothing they carried).
 */
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import type { Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

const NOTE = 'Strong on systems design, asked about relocation';

let w: PipelineWorld;
let admin: Client;
let candidateId: number;

const ok = (res: { status: number; body: unknown }, what: string) =>
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

/** An admin makes a copy for the candidate; its companies.json. */
async function companiesInCopy(): Promise<Record<string, unknown>[]> {
  const made = await admin.post('/data-rights/exports', { candidateId: `Candidate:${candidateId}` });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  await runJobs(w.t);
  const row = await w.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();
  const res = await w.t.http
    .get(`/api/v1/data-rights/exports/DataExport:${row.id}/file`)
    .set('Authorization', `Bearer ${w.tokens.admin}`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return JSON.parse(strFromU8(unzipSync(new Uint8Array(res.body as Buffer))['companies.json']));
}

beforeAll(async () => {
  w = await pipelineWorld();
  admin = w.as('admin');
  const owner = w.as('company');
  const name = Object.keys(w.ids).find((n) => n !== 'Chloe') as string;
  candidateId = w.ids[name];
  const projectId = `Project:${w.projects.acme}`;
  const candidate = `Candidate:${candidateId}`;
  ok(await admin.post('/projects/candidate/curate', { projectId, candidateIds: [candidate] }), 'curate');
  ok(
    await owner.post('/projects/recruitment', {
      projectId,
      candidateId: [candidate],
      recruitmentStatus: STAGES.qualify,
      confirmReveal: true,
    }),
    'move to qualify',
  );
  ok(await owner.post('/candidate-note', { projectId, candidateId: candidate, note: NOTE, visibility: 1 }), 'note');
  ok(
    await owner.post('/projects/candidate/interview/request', {
      projectId,
      candidateId: candidate,
      requestAction: 'request_interview',
      jdText: 'Build the payment services.',
    }),
    'ask for an interview',
  );
  await runJobs(w.t);
}, 240_000);

describe("The moves in a copy of a candidate's data", () => {
  it('are the stage changes only; the note, the request and the curation are events named as such', async () => {
    const title = (await w.knex('projects').where('id', w.projects.acme).first('title')).title as string;
    const acme = (await companiesInCopy()).find((c) => c.project === title);
    expect(acme).toBeDefined();
    expect(acme?.moves).toEqual([{ from: 'open', to: 'qualify', at: expect.any(String) }]);
    const events = (acme?.events as { event: string; at: string }[]).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['curated', 'noteAdded', 'interviewRequested']));
    expect(events).not.toContain('stageChanged');
    for (const e of acme?.events as Record<string, unknown>[]) expect(Object.keys(e).sort()).toEqual(['at', 'event']);
    expect(JSON.stringify(acme)).not.toContain(NOTE.slice(0, 20));
  });
});
