/**
 * A current position's duration runs to today (UTC) whenever it is read: the end date stored with
 * it is the day it was written, and a duration counted to that day would stop growing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

let t: TestApp;
let ids: TalentIds;
let admin: string;

beforeAll(async () => {
  ({ t, ids, admin } = await talentWorld());
});

/** Whole months from the first of a month to today in UTC, as PostgreSQL's age() counts them. */
function monthsSince(year: number, month: number): number {
  const now = new Date();
  return (now.getUTCFullYear() - year) * 12 + now.getUTCMonth() + 1 - month;
}

describe('The duration of a current position', () => {
  it('counts to today, not to the day the position was written', async () => {
    const created = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(candidatePayload(ids)).expect(201);
    const id = Number(String(created.body.id).replace('Candidate:', ''));
    // Written on 1 Jan 2020, as if the clock had since moved on: the stored end date is that day.
    const moved = await t
      .knex('candidate_experiences')
      .where({ candidate_id: id, current_position: true })
      .update({ end_date: '2020-01-01', created_at: '2020-01-01', updated_at: '2020-01-01' });
    expect(moved).toBe(1);

    const read = await t.http.get(`/api/v1/candidates/${created.body.id}`).set(bearer(admin)).expect(200);
    const byCompany = new Map(read.body.experiences.map((e: { company: string }) => [e.company, e]));
    // Globex, current since 1 Jul 2018; Acme ran 1 Jan 2015 to 30 Jun 2018 and keeps its 41 months.
    expect(byCompany.get('Globex')).toMatchObject({ currentPosition: true, durationMonths: monthsSince(2018, 7) });
    expect(byCompany.get('Acme')).toMatchObject({ currentPosition: false, durationMonths: 41 });
    expect(monthsSince(2018, 7)).toBeGreaterThan(18);
  });
});
