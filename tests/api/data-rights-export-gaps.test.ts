/**
 * What a candidate's copy of their data adds to its ATS records and interviews, over HTTP against Greenhouse's
 * stand-in connected by Acme:
 * - an application placed for a project since deleted is still listed (the erasure still finds it in the ATS): the
 *   ATS, the company, no project;
 * - each application carries the status the ATS last reported, its stage and since when, as the company's board
 *   shows them;
 * - an interview the candidate accepted keeps the time booked, and a request's kind, channel, state and response
 *   method, and a qualify request's state and reply, are named in words, not the product's codes.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_KIND } from '../../schema/rules/ats';
import { client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, ok, projectWith, type People } from '../helpers/ats/world';
import { adminExportFiles } from '../helpers/dataExport';
import { acceptSlot, candidateEmails, requestInterviews } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
const year = new Date().getUTCFullYear() + 1;
const SLOT = `${year}-10-14T10:00`;
const LATER = `${year}-10-15T15:00`;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;
let adminToken = '';
let acme = '';

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

beforeAll(async () => {
  adminToken = await t.login('admin@example.com');
  acme = (await t.knex('companies as c').join('integrations as i', 'i.company_id', 'c.id').first('c.company_name'))
    .company_name as string;
});

/** The candidate's copy, file `name` parsed. */
async function exported<T>(candidateId: number, name: string): Promise<T> {
  return JSON.parse(strFromU8((await adminExportFiles(t, adminToken, candidateId))[name])) as T;
}

/** A fresh shortlisted candidate on a new Acme project linked to `job`, synced; answers them and the project. */
async function placed(title: string, job: string, skip: number) {
  const { project, candidates } = await projectWith(t, title, 1, SHORTLIST, skip);
  ok(await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: job }), 'link');
  await sync();
  const link = await t
    .knex('integration_links')
    .where({ integration_id: integrationId, local_kind: LINK_KIND.projectCandidate, candidate_id: candidates[0] })
    .first('remote_id');
  expect(link?.remote_id).toBeTruthy();
  return { project, candidate: candidates[0], application: String(link.remote_id) };
}

async function sync() {
  ok(await p.admin.put(`/integrations/manual/sync/${integrationId}`), 'sync');
  await runJobs(t);
}

type Push = Record<string, unknown>;

describe("A candidate's copy of their ATS records", () => {
  it('lists an application placed for a project since deleted, naming the ATS and the company', async () => {
    const { project, candidate, application } = await placed('Since deleted hires', '101', 920);
    ok(await p.admin.delete('/projects').send({ keys: [project.id] }), 'delete the project');
    expect(await t.knex('project_candidates').where('project_id', project.id)).toEqual([]);

    const pushes = await exported<Push[]>(candidate, 'ats-pushes.json');

    expect(pushes).toEqual([
      expect.objectContaining({
        ats: 'Greenhouse',
        company: acme,
        project: null,
        recordId: application,
        former: false,
      }),
    ]);
  }, 90_000);

  it('gives each application the status the ATS last reported, with since when, as the board shows it', async () => {
    const { project, candidate, application } = await placed('Status read hires', '102', 925);
    const row = gh.applications.find((a) => String(a.id) === application)!;
    Object.assign(row, { rejected: true, status: 'rejected', lastActivityAt: new Date().toISOString() });
    await sync();
    const board = await p.admin.get(`/integrations/ats-status?projectId=${project.id}`);
    ok(board, 'the board');
    const shown = (board.body.data as Push[]).find((s) => s.candidateId === candidate)!;
    expect(shown.status).toBe('Rejected: Not qualified');

    const pushes = await exported<Push[]>(candidate, 'ats-pushes.json');

    expect(pushes).toEqual([
      expect.objectContaining({
        recordId: application,
        statusInAts: shown.status,
        stageInAts: shown.stage,
        statusInAtsSince: shown.since,
      }),
    ]);
    expect(Date.parse(String(pushes[0].statusInAtsSince))).not.toBeNaN();
  }, 90_000);
});

describe("A candidate's copy of their interviews", () => {
  it('keeps the time booked and names kinds, channels, states and replies in words', async () => {
    const { project, candidates } = await projectWith(t, 'Booked copy hires', 1, SHORTLIST, 930);
    const [candidate] = candidates;
    const emails = await candidateEmails(t.knex, [candidate]);
    const tokens = await requestInterviews(
      t,
      p.admin,
      emails,
      project,
      [candidate],
      'ivy@acme.example.com',
      [SLOT, LATER],
      () => runJobs(t),
    );
    ok(await acceptSlot(client(t), tokens.get(candidate) as string, SLOT), 'accept');
    await runJobs(t);
    await t.knex('qualify_requests').insert({
      ...{ candidate_id: candidate, project_id: project.id, header: 'A role for you', body: 'Interested?' },
      ...{ state: 3, reply: 2, replied_at: new Date() },
    });

    const { interviewRequests, qualifyRequests } = await exported<Record<string, Push[]>>(candidate, 'interviews.json');

    expect(interviewRequests).toEqual([
      expect.objectContaining({
        project: 'Booked copy hires',
        kind: 'interview',
        channel: 'email',
        state: 'approved',
        responseMethod: 'email',
        scheduleData: expect.objectContaining({ type: 'virtual', slots: [SLOT, LATER], chosenSlot: SLOT }),
      }),
    ]);
    expect(qualifyRequests).toEqual([expect.objectContaining({ state: 'replied', reply: 'no' })]);
  }, 90_000);
});
