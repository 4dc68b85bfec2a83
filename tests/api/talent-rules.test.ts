import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

type Case = [rule: string, change: (ids: TalentIds) => Record<string, unknown>, fields: Record<string, string>];

const thisYear = new Date().getUTCFullYear();
const exp = (e: Record<string, unknown>) => ({
  experiences: [{ title: 'Engineer', company: 'Acme', startDate: '2015-01-01', ...e }],
});
const edu = (e: Record<string, unknown>) => ({ educations: [{ institute: 'NUS', ...e }] });

/** Each rule of spec section 5 (and the profile's own), as a change to a valid profile and the errors it must give. */
const CASES: Case[] = [
  [
    'first and last name are required',
    () => ({ firstName: '', lastName: undefined }),
    { firstName: 'firstName.errors.required', lastName: 'lastName.errors.required' },
  ],
  ['the email must look like one', () => ({ email: 'not-an-email' }), { email: 'email.errors.invalid' }],
  [
    'an email carries no link parameters (a mailto link would take them as recipients or a body)',
    () => ({ email: 'jane@corp.example?cc=x%40evil.example&body=Pay' }),
    { email: 'email.errors.invalid' },
  ],
  ["an admin's email cannot be taken", () => ({ email: 'admin@example.com' }), { email: 'email.errors.exists' }],
  ['the phone has the product shape', () => ({ phone: '12-34' }), { phone: 'phone.errors.invalid' }],
  [
    'a professional-network link needs an /in/, /pub/ or /profile path',
    () => ({ linkedInUrl: 'https://www.linkedin.com/company/acme' }),
    { linkedInUrl: 'linkedInUrl.errors.profilePath' },
  ],
  [
    'a code-hosting link must be one',
    () => ({ githubUrl: 'https://gitlab.com/jane' }),
    { githubUrl: 'githubUrl.errors.notGithub' },
  ],
  [
    'a developer Q&A link must be one',
    () => ({ stackoverflowUrl: 'https://example.com/users/1' }),
    { stackoverflowUrl: 'stackoverflowUrl.errors.notStackoverflow' },
  ],
  [
    'a design-portfolio link must be one',
    () => ({ dribbbleUrl: 'https://behance.net/jane' }),
    { dribbbleUrl: 'dribbbleUrl.errors.notDribbble' },
  ],
  [
    'at least one job title',
    () => ({ jobTitleLookingFor: [] }),
    { jobTitleLookingFor: 'jobTitleLookingFor.errors.required' },
  ],
  [
    'at most five job titles',
    (i) => ({ jobTitleLookingFor: [1, 2, 3, 4, 5, i.softwareEngineer] }),
    { jobTitleLookingFor: 'jobTitleLookingFor.errors.tooMany' },
  ],
  [
    'job titles must exist',
    () => ({ jobTitleLookingFor: [999999] }),
    { jobTitleLookingFor: 'jobTitleLookingFor.errors.notFound' },
  ],
  [
    'at least one employment type',
    () => ({ typeOfEmployment: [] }),
    { typeOfEmployment: 'typeOfEmployment.errors.required' },
  ],
  [
    'employment types are 1 to 4',
    () => ({ typeOfEmployment: [5] }),
    { typeOfEmployment: 'typeOfEmployment.errors.invalid' },
  ],
  [
    'the expected salary is required',
    () => ({ expectedSalary: null }),
    { expectedSalary: 'expectedSalary.errors.required' },
  ],
  [
    'the expected salary is capped',
    () => ({ expectedSalary: 1_000_000_001 }),
    { expectedSalary: 'expectedSalary.errors.tooBig' },
  ],
  ['salaries are not negative', () => ({ currentSalary: -5 }), { currentSalary: 'currentSalary.errors.tooSmall' }],
  [
    'salary currencies are the supported ones',
    () => ({ expectedSalaryCurrency: 'XYZ' }),
    { expectedSalaryCurrency: 'currency.errors.unsupported' },
  ],
  ['the notice period is required', () => ({ noticePeriod: null }), { noticePeriod: 'noticePeriod.errors.required' }],
  [
    'the notice period type is one of four',
    () => ({ noticePeriod: { type: 9 } }),
    { 'noticePeriod.type': 'noticePeriod.type.errors.invalid' },
  ],
  [
    'an immediate notice period has option 0',
    () => ({ noticePeriod: { type: 0, option: 3 } }),
    { 'noticePeriod.option': 'noticePeriod.option.errors.invalid' },
  ],
  [
    'a notice of N months gives 1 to 12 months',
    () => ({ noticePeriod: { type: 1, option: 13 } }),
    { 'noticePeriod.option': 'noticePeriod.option.errors.months' },
  ],
  [
    'a specific-date notice needs a real date',
    () => ({ noticePeriod: { type: 2, option: '2026-02-30' } }),
    { 'noticePeriod.option': 'noticePeriod.option.errors.date' },
  ],
  [
    'a specific-date notice is not in the past',
    () => ({ noticePeriod: { type: 2, option: '2001-01-01' } }),
    { 'noticePeriod.option': 'noticePeriod.option.errors.pastDate' },
  ],
  [
    'at least one preferred location',
    () => ({ preferredLocations: [] }),
    { preferredLocations: 'preferredLocations.errors.required' },
  ],
  [
    'a preferred location once only',
    (i) => ({ preferredLocations: [{ locationId: i.singapore }, { locationId: i.singapore }] }),
    { preferredLocations: 'preferredLocations.errors.duplicate' },
  ],
  [
    'a preferred location must exist',
    () => ({ preferredLocations: [{ locationId: 999999 }] }),
    { 'preferredLocations.0.locationId': 'preferredLocations.locationId.errors.notFound' },
  ],
  [
    'a visa type is one of the options',
    (i) => ({ preferredLocations: [{ locationId: i.singapore, visaType: 9 }] }),
    { 'preferredLocations.0.visaType': 'preferredLocations.visaType.errors.invalid' },
  ],
  [
    'at most five highlighted skills',
    (i) => ({ skills: i.skills.slice(0, 6).map((skillId) => ({ skillId, isStar: true })) }),
    { skills: 'skills.errors.tooManyStarred' },
  ],
  [
    'no skill twice',
    (i) => ({ skills: [{ skillId: i.skills[0] }, { skillId: i.skills[0], isStar: true }] }),
    { skills: 'skills.errors.duplicate' },
  ],
  [
    'a skill must exist',
    () => ({ skills: [{ skillId: 999999 }] }),
    { 'skills.0.skillId': 'skills.skillId.errors.notFound' },
  ],
  [
    'a language level is 1 to 3',
    (i) => ({ languages: [{ languageId: i.english, level: 4 }] }),
    { 'languages.0.level': 'languages.level.errors.invalid' },
  ],
  [
    'no language twice',
    (i) => ({
      languages: [
        { languageId: i.english, level: 1 },
        { languageId: i.english, level: 3 },
      ],
    }),
    { languages: 'languages.errors.duplicate' },
  ],
  [
    'a current location must exist',
    () => ({ currentLocationId: 999999 }),
    { currentLocationId: 'currentLocationId.errors.notFound' },
  ],
  ['tags must exist', () => ({ tags: [999999] }), { tags: 'tags.errors.notFound' }],
  ['status is 0 to 4', () => ({ status: 7 }), { status: 'status.errors.invalid' }],
  [
    'a CV path is one the upload gave',
    () => ({ resumePath: '../../etc/passwd' }),
    { resumePath: 'resumePath.errors.notUploaded' },
  ],
  [
    'the Hong Kong candidate needs an HK ID and a passport',
    () => ({ isSpecialHkCandidate: true }),
    { hkId: 'hkId.errors.requiredForHk', hkPassport: 'hkPassport.errors.requiredForHk' },
  ],
  [
    'an HK ID has its shape',
    () => ({ isSpecialHkCandidate: true, hkId: '12345', hkPassport: 'K1234567' }),
    { hkId: 'hkId.errors.invalid' },
  ],
  [
    'the HK address, city and zip have minimum lengths',
    () => ({ hkAddress: 'abc', hkCity: 'x', hkZip: '12' }),
    { hkAddress: 'hkAddress.errors.tooShort', hkCity: 'hkCity.errors.tooShort', hkZip: 'hkZip.errors.tooShort' },
  ],
  [
    'experience starts from 1950-01-01',
    () => exp({ startDate: '1949-12-01' }),
    { 'experiences.0.startDate': 'experiences.startDate.errors.tooEarly' },
  ],
  [
    'experience ends by today',
    () => exp({ endDate: `${thisYear + 1}-01-01` }),
    { 'experiences.0.endDate': 'experiences.endDate.errors.inFuture' },
  ],
  [
    'experience starts before it ends',
    () => exp({ endDate: '2014-01-01' }),
    { 'experiences.0.endDate': 'experiences.endDate.errors.beforeStart' },
  ],
  [
    'experience dates are real dates',
    () => exp({ startDate: '2015-13-01' }),
    { 'experiences.0.startDate': 'experiences.startDate.errors.invalid' },
  ],
  [
    'experience needs a title and a company',
    () => exp({ title: '', company: '' }),
    {
      'experiences.0.title': 'experiences.title.errors.required',
      'experiences.0.company': 'experiences.company.errors.required',
    },
  ],
  [
    'an experience country must exist',
    () => exp({ countryId: 999999 }),
    { 'experiences.0.countryId': 'experiences.countryId.errors.notFound' },
  ],
  [
    'education starts before it ends',
    () => edu({ startYear: 2015, endYear: 2012 }),
    { 'educations.0.endYear': 'educations.endYear.errors.beforeStart' },
  ],
  [
    'education years start from 1950',
    () => edu({ startYear: 1900 }),
    { 'educations.0.startYear': 'educations.startYear.errors.tooSmall' },
  ],
  [
    'education does not start in the future',
    () => edu({ startYear: thisYear + 1 }),
    { 'educations.0.startYear': 'educations.startYear.errors.inFuture' },
  ],
  [
    'education ends at most ten years ahead',
    () => edu({ endYear: thisYear + 11 }),
    { 'educations.0.endYear': 'educations.endYear.errors.tooLate' },
  ],
  [
    'education needs a school',
    () => edu({ institute: '' }),
    { 'educations.0.institute': 'educations.institute.errors.required' },
  ],
];

describe('Candidate validation rules', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    ids = await talentIds(t.knex);
    admin = await t.login('admin@example.com');
  });

  it.each(CASES)('Creating a candidate checks that %s', async (_rule, change, fields) => {
    const before = Number((await t.knex('candidates').count({ n: '*' }))[0].n);
    const res = await t.http
      .post('/api/v1/candidates')
      .set('Authorization', `Bearer ${admin}`)
      .send(candidatePayload(ids, change(ids)));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual(fields);
    expect(Number((await t.knex('candidates').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('Choosing another source than Other clears the free text', async () => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set('Authorization', `Bearer ${admin}`)
      .send(candidatePayload(ids, { source: 8, sourceOtherText: 'Career fair' }))
      .expect(201);
    expect(res.body.sourceOtherText).toBe('Career fair');
    const changed = await t.http
      .put(`/api/v1/candidates/${res.body.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ source: 7 })
      .expect(200);
    expect(changed.body).toMatchObject({ source: 7, sourceOtherText: null });
  });

  it('An update checks a rule only when it touches its fields, against the stored values', async () => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set('Authorization', `Bearer ${admin}`)
      .send(candidatePayload(ids))
      .expect(201);
    const flagged = await t.http
      .put(`/api/v1/candidates/${res.body.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ isSpecialHkCandidate: true })
      .expect(400);
    expect(flagged.body.error.fields).toEqual({
      hkId: 'hkId.errors.requiredForHk',
      hkPassport: 'hkPassport.errors.requiredForHk',
    });
    await t.http
      .put(`/api/v1/candidates/${res.body.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Only the summary' })
      .expect(200);
    const cleared = await t.http
      .put(`/api/v1/candidates/${res.body.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ expectedSalary: null, typeOfEmployment: [] })
      .expect(400);
    expect(cleared.body.error.fields).toEqual({
      expectedSalary: 'expectedSalary.errors.required',
      typeOfEmployment: 'typeOfEmployment.errors.required',
    });
  });
});
