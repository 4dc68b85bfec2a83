/**
 * A notice period's specific date that has passed since it was chosen does not block a save: the portal and the
 * console send every field of the profile on each save, so a stored "Available from" of yesterday comes back as it
 * is with an unrelated change, and must not be refused as a past date (an old stored value never blocks an
 * unrelated change, schema/rules/candidate.ts). Choosing a new past date is still refused; so is the browser's
 * check of the same form, which runs the same rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toFormValues, toPayload } from '../../ui/candidate-profile/profileFields';
import { profileProblems } from '../../ui/candidate-profile/profileValidation';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const yesterday = daysAgo(1);
const PAST_DATE = { 'noticePeriod.option': 'noticePeriod.option.errors.pastDate' };

/** Stores a notice period of `option` as a date-specific one, as a save made when that day was ahead would have. */
async function noticeStored(ref: string, option: string): Promise<void> {
  const id = Number(ref.replace(/^Candidate:/, ''));
  await w.t
    .knex('candidates')
    .where('id', id)
    .update({ notice_period: JSON.stringify({ type: 2, option }) });
}

beforeAll(async () => {
  w = await talentWorld();
});

describe('A stored notice date that has passed', () => {
  it("does not block an admin's save that sends it back unchanged; a new past date is still refused", async () => {
    const created = await w.t.http
      .post('/api/v1/candidates')
      .set(bearer(w.admin))
      .send(candidatePayload(w.ids))
      .expect(201);
    const ref = created.body.id as string;
    await noticeStored(ref, yesterday);

    const saved = await w.t.http
      .put(`/api/v1/candidates/${ref}`)
      .set(bearer(w.admin))
      .send({ summary: 'x', noticePeriod: { type: 2, option: yesterday } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ summary: 'x', noticePeriod: { type: 2, option: yesterday } });

    const moved = await w.t.http
      .put(`/api/v1/candidates/${ref}`)
      .set(bearer(w.admin))
      .send({ summary: 'y', noticePeriod: { type: 2, option: daysAgo(2) } })
      .expect(400);
    expect(moved.body.error.fields).toEqual(PAST_DATE);
  });

  it("does not block the candidate's own profile save, as the portal sends it", async () => {
    await noticeStored(w.demoId, yesterday);
    const profile = (await w.t.http.get(`/api/v1/candidates/${w.demoId}`).set(bearer(w.candidate)).expect(200)).body;
    expect(profile.noticePeriod).toEqual({ type: 2, option: yesterday });

    // The portal's form checks the same rules against the stored profile before it sends anything.
    const values = { ...toFormValues(profile, 'candidate'), summary: 'Changed only the summary' };
    expect(profileProblems(values, { editor: 'candidate', existing: profile })).toEqual({});

    const saved = await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ ...toPayload(values, 'candidate'), updatedAt: profile.updatedAt });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      summary: 'Changed only the summary',
      noticePeriod: { type: 2, option: yesterday },
    });

    const moved = await w.t.http
      .put(`/api/v1/candidates/${w.demoId}`)
      .set(bearer(w.candidate))
      .send({ noticePeriod: { type: 2, option: daysAgo(2) } })
      .expect(400);
    expect(moved.body.error.fields).toEqual(PAST_DATE);
  });
});
