/**
 * The duplicate review answers each profile's fields in words beside their values, as the talent profile reads them:
 * a city, a citizenship, a job title and the owner by name, skills with their star, languages with their level, a
 * notice period, a salary with its currency, a CV by its kind and month; nothing reads as an id or as JSON.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer, talentIds, type TalentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let ids: TalentIds;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  ids = await talentIds(t.knex);
});

describe('The duplicate review in words', () => {
  it('answers every field of both profiles as a person reads it, and what else each holds by kind', async () => {
    const { a, b, pairId } = await pairOf(t, admin, { phone: '+65 6234 5511', first: 'Maren', last: 'Oduya' }, [
      { ownerId: `Admin:${ids.adminId}` },
      { noticePeriod: { type: 2, option: '2099-01-15' }, expectedSalaryCurrency: 'USD' },
    ]);
    await t
      .knex('candidates')
      .where('id', a)
      .update({ resume_path: `cvs/2026-03/${'ab'.repeat(16)}.pdf` });
    const res = await t.http.get(`/api/v1/candidate-duplicates/${pairId}`).set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const owner = await t.knex('admins').where('id', ids.adminId).first('first_name', 'last_name');
    const citizenship = await t.knex('citizenships').where('id', ids.sgCitizenship).first('name');
    const skills = await t.knex('skills').whereIn('id', ids.skills.slice(0, 2)).orderBy('name').pluck('name');
    const first = res.body.texts[`Candidate:${a}`];
    expect(first).toMatchObject({
      firstName: 'Maren',
      currentLocationId: 'Singapore',
      citizenshipId: citizenship.name,
      ownerId: `${owner.first_name} ${owner.last_name}`.trim(),
      jobTitleLookingFor: 'Software Engineer',
      typeOfEmployment: 'Permanent, Contract',
      skills: `${skills[0]} ★, ${skills[1]}`,
      languages: 'English (Expert)',
      preferredLocations: 'Singapore (Citizen), Hong Kong (Needs sponsorship, Employment visa)',
      noticePeriod: '2 months',
      expectedSalary: 'SGD 9,000 per month',
      workingRemotely: 'Yes',
      resumePath: 'CV attached (PDF, uploaded Mar 2026)',
    });
    const second = res.body.texts[`Candidate:${b}`];
    expect(second).toMatchObject({ noticePeriod: 'From 15 Jan 2099', expectedSalary: 'USD 9,000 per month' });
    expect(second.ownerId).toBeUndefined();
    expect(second.resumePath).toBeUndefined();
    for (const text of [...Object.values(first), ...Object.values(second)] as string[])
      expect(text, 'no id list or JSON').not.toMatch(/^[[{]|^\d+$|Admin:|cvs\//);

    // The raw values stay beside the words, for the merge's choices.
    expect(res.body.candidate.currentLocationId).toBe(ids.singapore);
    expect(res.body.counts[`Candidate:${a}`]).toMatchObject({ experiences: 2, interviewRequests: 0 });
  });
});
