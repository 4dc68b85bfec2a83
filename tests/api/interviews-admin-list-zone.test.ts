/**
 * The admins' interview-request list reads its `from`/`to` days in the reader's zone when the page names one
 * (`timeZone`, the browser's IANA zone), as the page shows each request's time in that zone: picked in Singapore,
 * 5 Dec runs from 16:00 UTC on the 4th to 16:00 UTC on the 5th. Without a zone the days stay UTC days; a zone the
 * product does not know is a 400 naming `timeZone`, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_KIND } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let admin: Client;
let project: TestProject;

/** Each request's instant, by a name for the moment it is in Singapore (UTC+8). */
const SENT = {
  lastOf4th: '2026-12-04T15:59:59Z', // 4 Dec 23:59:59 in Singapore
  startOf5th: '2026-12-04T16:00:00Z', // 5 Dec 00:00
  early5th: '2026-12-04T20:00:00Z', // 5 Dec 04:00
  lastOf5th: '2026-12-05T15:59:59Z', // 5 Dec 23:59:59
  startOf6th: '2026-12-05T16:00:00Z', // 6 Dec 00:00
  morning6th: '2026-12-05T23:30:00Z', // 6 Dec 07:30
} as const;
type Moment = keyof typeof SENT;
const candidateAt = new Map<string, Moment>();

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  project = await makeProject(t.knex, { title: 'Zone Day Role' });
  const moments = Object.keys(SENT) as Moment[];
  const candidates = await activeCandidates(t.knex, moments.length, { skip: 120 });
  await addToProject(t.knex, project, candidates, 1);
  moments.forEach((m, i) => candidateAt.set(`Candidate:${candidates[i]}`, m));
  await t.knex('interview_requests').insert(
    moments.map((m, i) => ({
      project_id: project.id,
      candidate_id: candidates[i],
      company_id: project.companyId,
      kind: REQUEST_KIND.interview,
      created_at: SENT[m],
      updated_at: SENT[m],
      expires_at: '2026-12-20T00:00:00Z',
    })),
  );
});
afterAll(() => t?.knex.destroy());

/** The moments of the requests the list gives for `range` (and the zone, when named). */
async function listed(range: string, timeZone?: string): Promise<Moment[]> {
  const zone = timeZone === undefined ? '' : `&timeZone=${encodeURIComponent(timeZone)}`;
  const res = await admin.get(`/dashboard/interview-request-list?projectId=Project:${project.id}&${range}${zone}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.pagination.dataCount).toBe(res.body.data.length);
  return (res.body.data as { candidate: { id: string } }[]).map((r) => candidateAt.get(r.candidate.id)!).sort();
}

describe('The interview-request list in the reader’s zone', () => {
  it('lists a day picked in Singapore from its first to its last second there', async () => {
    expect(await listed('from=2026-12-05&to=2026-12-05', 'Asia/Singapore')).toEqual(
      ['early5th', 'lastOf5th', 'startOf5th'].sort(),
    );
  });

  it('keeps each open end at the zone’s day boundary', async () => {
    expect(await listed('from=2026-12-05', 'Asia/Singapore')).toEqual(
      ['early5th', 'lastOf5th', 'morning6th', 'startOf5th', 'startOf6th'].sort(),
    );
    expect(await listed('to=2026-12-04', 'Asia/Singapore')).toEqual(['lastOf4th']);
  });

  it('reads a zone behind UTC too, and a zone named in another case', async () => {
    // New York is UTC-5 in December: 5 Dec there runs from 05:00 UTC on the 5th to 05:00 UTC on the 6th, so it
    // also holds the request of 23:30 UTC, and 4 Dec holds the three of the 4th.
    expect(await listed('from=2026-12-05&to=2026-12-05', 'America/New_York')).toEqual(
      ['lastOf5th', 'morning6th', 'startOf6th'].sort(),
    );
    expect(await listed('from=2026-12-04&to=2026-12-04', 'America/New_York')).toEqual(
      ['early5th', 'lastOf4th', 'startOf5th'].sort(),
    );
    expect(await listed('from=2026-12-05&to=2026-12-05', 'asia/singapore')).toEqual(
      ['early5th', 'lastOf5th', 'startOf5th'].sort(),
    );
  });

  it('keeps UTC days when no zone is named', async () => {
    expect(await listed('from=2026-12-05&to=2026-12-05')).toEqual(['lastOf5th', 'morning6th', 'startOf6th'].sort());
    expect(await listed('from=2026-12-05&to=2026-12-05', 'UTC')).toEqual(
      ['lastOf5th', 'morning6th', 'startOf6th'].sort(),
    );
  });

  it('refuses a zone it does not know with a 400 naming timeZone', async () => {
    for (const zone of ['Mars/Olympus_Mons', "UTC'; select 1; --", 'x'.repeat(65)]) {
      const res = await admin.get(
        `/dashboard/interview-request-list?from=2026-12-05&to=2026-12-05&timeZone=${encodeURIComponent(zone)}`,
      );
      expect(res.status, `${zone}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['timeZone']);
    }
  });
});
