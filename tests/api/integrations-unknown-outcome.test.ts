/**
 * A create whose outcome is unknown, against Greenhouse's, Ashby's and Workable's stand-ins on loopback: the vendor writes
 * the person or the application, then its answer never comes (the connection hangs past the time limit, or is
 * dropped), or it answers a 5xx without writing. The sync looks the record up by email before creating it again
 * and links the one found, so a retry leaves one person and one application; the run log says the outcome was
 * unknown and how it was settled, and nothing not found is reported as created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import type { StandIn } from '../helpers/ats/standIn';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { people, type People } from '../helpers/ats/world';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let ashby: AshbyStandIn;
let ws: WorkableStandIn;
let p: People;

beforeAll(async () => {
  t = await testApp();
  const limits = { maxRetryWaitMs: 2000, retries: 1 };
  [gh, ashby, ws] = await atsStandIns(t.config, ['greenhouse', 'ashby', 'workable'], limits);
  // A hanging answer ends at the time limit: a short one keeps the file quick.
  t.config.ats.limits.timeoutMs = 1500;
  p = await people(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const SHORTLIST = 2;
const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;

interface Vendor {
  name: string;
  job: string;
  standIn: () => StandIn;
  connect(): Promise<number>;
  person: RegExp;
  /** The create of an application to a person the ATS holds, where it is a call of its own. */
  application?: RegExp;
  people(email: string): number;
  applications(email: string): number;
}

const vendors: Vendor[] = [
  {
    name: 'Greenhouse',
    job: '101',
    standIn: () => gh,
    async connect() {
      const res = await p.admin.post('/integrations/greenhouse', {
        clientId: gh.clientId,
        clientSecret: gh.clientSecret,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    },
    person: /^\/v3\/candidates$/,
    application: /^\/v3\/applications$/,
    people: (email) => gh.candidates.filter((c) => c.email === email).length,
    applications: (email) => {
      const ids = gh.candidates.filter((c) => c.email === email).map((c) => c.id);
      return gh.applications.filter((a) => ids.includes(a.candidateId) && a.jobId === 101).length;
    },
  },
  {
    name: 'Ashby',
    job: 'job-eng',
    standIn: () => ashby,
    async connect() {
      const res = await p.admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    },
    person: /^\/candidate\.create$/,
    application: /^\/application\.create$/,
    people: (email) => ashby.candidates.filter((c) => c.email === email).length,
    applications: (email) => {
      const ids = ashby.candidates.filter((c) => c.email === email).map((c) => c.id);
      return ashby.applications.filter((a) => ids.includes(a.candidateId) && a.jobId === 'job-eng').length;
    },
  },
  {
    // A person and their record on the job are one create in Workable: one record on the job is one of each.
    name: 'Workable',
    job: 'BE01',
    standIn: () => ws,
    async connect() {
      const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    },
    person: /\/jobs\/BE01\/candidates$/,
    people: (email) => ws.candidates.filter((c) => c.candidate.email === email).length,
    applications: (email) => ws.candidates.filter((c) => c.candidate.email === email && c.job === 'BE01').length,
  },
];

type Entry = { candidate: string | null; outcome: string; reason?: string };

describe.each(vendors.map((v, i) => [v.name, v, i] as const))('%s', (name, vendor, index) => {
  let id: number;
  let project: TestProject;
  let skip = 700 + index * 20;

  /** A manual sync run by the worker; the run as the run log answers it. */
  const sync = async () => {
    const res = await p.admin.put(`/integrations/manual/sync/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(t);
    const log = await p.admin.get(`/integrations/run-log/${id}`);
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    return log.body.data[0] as { status: string; created: number; failed: number; entries: Entry[] };
  };
  const fresh = async () => {
    const [candidate] = await activeCandidates(t.knex, 1, { skip: skip++ });
    await addToProject(t.knex, project, [candidate], SHORTLIST);
    return emailOf(candidate);
  };

  beforeAll(async () => {
    id = await vendor.connect();
    await runJobs(t);
    project = await makeProject(t.knex, { title: `${name} unknown outcomes` });
    const linked = await p.admin.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: vendor.job });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  it('links the person a create made whose answer hung past the time limit, and a retry makes no second one', async () => {
    const email = await fresh();
    vendor.standIn().lose('POST', vendor.person, 'hang');
    const run = await sync();
    expect(run).toMatchObject({ status: 'done', created: 1, failed: 0 });
    expect(run.entries[0].reason).toBe(
      "The ATS's answer to creating the person was lost: the person was found by email and linked",
    );
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
    expect(await sync()).toMatchObject({ created: 0, failed: 0 });
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
    // Made by the product's create: the person is the product's to erase there with the candidate.
    const links = await t.knex('integration_links').where({ integration_id: id }).whereNotNull('remote_candidate_id');
    expect(links.map((l) => l.remote_person_created)).toEqual([true]);
  });

  it.runIf(vendor.application)(
    'links the application a create made whose connection dropped, and a retry makes no second one',
    async () => {
      const email = await fresh();
      vendor.standIn().lose('POST', vendor.application!, 'drop');
      const run = await sync();
      expect(run).toMatchObject({ status: 'done', created: 1, failed: 0 });
      expect(run.entries[0].reason).toBe(
        "The ATS's answer to creating the application was lost: it was found on the job and linked",
      );
      expect(await sync()).toMatchObject({ created: 0, failed: 0 });
      expect(vendor.people(email)).toBe(1);
      expect(vendor.applications(email)).toBe(1);
    },
  );

  it('reports no success when the create was lost and nothing is found, and the retry makes the person once', async () => {
    const email = await fresh();
    // Refused before anything was written, as a 503 may be: the outcome is just as unknown to the product.
    vendor.standIn().fail('POST', vendor.person, { status: 503, body: { message: 'Service Unavailable' } });
    const run = await sync();
    expect(run).toMatchObject({ status: 'done', created: 0, failed: 1 });
    expect(run.entries[0].reason).toBe(
      "The ATS's answer to creating the person was lost (the ATS answered 503: Service Unavailable) and it is not in the ATS: the next sync looks again before creating it",
    );
    expect(vendor.people(email)).toBe(0);
    const retried = await sync();
    expect(retried).toMatchObject({ created: 1, failed: 0 });
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
  });
});
