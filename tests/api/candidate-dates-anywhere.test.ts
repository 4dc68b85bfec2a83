/**
 * (The clock is set back, never ahead: a session signed in now stays valid.)
 *
 * The server does not know a candidate's zone, so it accepts a date that is valid somewhere on Earth now: "not in the
 * past" against the day in UTC−12, "not in the future" against the day in UTC+14. A candidate in Los Angeles at
 * 8:47 pm on 6 Dec gives 6 Dec as their notice date (already 7 Dec in UTC); one in Singapore at 4 am on 1 Jan 2026
 * enters the job they started that month (still 31 Dec in UTC), and its end date is kept as their day.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

let t: TestApp;
let ids: TalentIds;
let admin: string;

beforeAll(async () => {
  ({ t, ids, admin } = await talentWorld());
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};
const create = (overrides: Record<string, unknown>) =>
  t.http.post('/api/v1/candidates').set(bearer(admin)).send(candidatePayload(ids, overrides));
const idOf = (ref: unknown) => Number(String(ref).replace('Candidate:', ''));

describe('Candidate dates on the server, valid somewhere on Earth', () => {
  it('a notice date of 6 Dec at 04:47 UTC on 7 Dec (8:47 pm on the 6th in Los Angeles), not 5 Dec', async () => {
    at('2026-12-07T04:47:00Z');
    const notice = (option: string) => ({ noticePeriod: { type: 2, option } });
    await create(notice('2026-12-06')).expect(201);
    const refused = await create(notice('2026-12-05')).expect(400);
    expect(JSON.stringify(refused.body)).toContain('noticePeriod');
  });

  it('a current job started 1 Jan 2026 at 20:00 UTC on 31 Dec (4 am on 1 Jan in Singapore), not one on the 2nd', async () => {
    at('2025-12-31T20:00:00Z');
    const job = (startDate: string, endDate: string) => ({
      experiences: [{ title: 'Engineer', company: 'Initech', startDate, endDate, currentPosition: true }],
      educations: [{ institute: 'NUS', degree: 'MSc', startYear: 2026 }],
    });
    const created = await create(job('2026-01-01', '2026-01-01')).expect(201);
    const stored = await t
      .knex('candidate_experiences')
      .where({ candidate_id: idOf(created.body.id) })
      .first();
    expect(stored.end_date instanceof Date ? stored.end_date.toISOString() : String(stored.end_date)).toMatch(
      /^2026-01-01/,
    );
    await create(job('2026-01-02', '2026-01-02')).expect(400);
  });
});
