import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { listQuery, type TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

describe('Candidate profiles', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  let company: string;
  let raas: string;
  let candidate: string;
  let demoId: string;
  const as = bearer;

  beforeAll(async () => {
    ({ t, ids, admin, company, raas, candidate, demoId } = await talentWorld());
  });

  it('An admin creates a complete candidate and reads it back with experience and education newest first', async () => {
    const res = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^Candidate:\d+$/),
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      linkedInUrl: 'https://linkedin.com/in/janetan',
      expectedSalaryCurrency: 'SGD',
      visibility: true,
      anonymous: false,
      sendSetPasswordEmail: false,
      status: 1,
      noticePeriod: { type: 1, option: 2 },
      skillIds: [ids.skills[0], ids.skills[1]],
      languageIds: [ids.english],
      preferredLocationIds: [ids.singapore, ids.hongKong],
      latestCompanyName: 'Globex',
      latestJobTitle: 'Senior Software Engineer',
    });
    expect(res.body.experiences.map((e: { company: string }) => e.company)).toEqual(['Globex', 'Acme']);
    expect(res.body.experiences[0]).toMatchObject({
      currentPosition: true,
      endDate: today,
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(res.body.experiences[1]).toMatchObject({ durationMonths: 41, countryId: ids.sgCountry });
    expect(res.body.educations.map((e: { institute: string }) => e.institute)).toEqual([
      'National University of Singapore',
      'Ngee Ann Polytechnic',
    ]);
    expect(res.body.educations[0].durationYears).toBe(4);
  });

  it('Saving a profile with the set-password email on invites the candidate to sign in, once', async () => {
    const created = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send(candidatePayload(ids, { sendSetPasswordEmail: true }))
      .expect(201);
    const [mail] = await listOutbox(t.knex, created.body.email, 5);
    expect(mail.subject).toBe('Your Talentbase profile is ready');
    expect(mail.text).toContain('/auth/login');
    await t.http
      .put(`/api/v1/candidates/${created.body.id}`)
      .set(as(admin))
      .send({ summary: 'Edited', sendSetPasswordEmail: true })
      .expect(200);
    expect(await listOutbox(t.knex, created.body.email, 5)).toHaveLength(1);
    const quiet = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    expect(await listOutbox(t.knex, quiet.body.email, 5)).toHaveLength(0);
  });

  it('Saving the profile with a shorter experience list replaces the stored rows', async () => {
    const created = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    const updated = await t.http
      .put(`/api/v1/candidates/${created.body.id}`)
      .set(as(admin))
      .send({
        experiences: [{ title: 'Staff Engineer', company: 'Initech', startDate: '2020-01-01', endDate: '2021-01-01' }],
      })
      .expect(200);
    expect(updated.body.experiences).toHaveLength(1);
    expect(updated.body.educations).toHaveLength(2);
    const count = await t
      .knex('candidate_experiences')
      .where('candidate_id', Number(created.body.id.split(':')[1]))
      .count({ n: '*' });
    expect(Number(count[0].n)).toBe(1);
  });

  it('A bad experience entry is reported at its index and nothing is saved', async () => {
    const before = Number((await t.knex('candidates').count({ n: '*' }))[0].n);
    // The first day of next year (UTC, as the product's days are): after today whatever the date.
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    const payload = candidatePayload(ids, {
      experiences: [
        { title: 'Engineer', company: 'Acme', startDate: '2019-01-01' },
        { title: '', company: 'Acme', startDate: future },
      ],
    });
    const res = await t.http.post('/api/v1/candidates').set(as(admin)).send(payload).expect(400);
    expect(res.body.error.fields).toEqual({ 'experiences.1.title': 'experiences.title.errors.required' });
    const dated = candidatePayload(ids, {
      experiences: [{ title: 'Engineer', company: 'Acme', startDate: future }],
    });
    const late = await t.http.post('/api/v1/candidates').set(as(admin)).send(dated).expect(400);
    expect(late.body.error.fields).toEqual({ 'experiences.0.startDate': 'experiences.startDate.errors.inFuture' });
    expect(Number((await t.knex('candidates').count({ n: '*' }))[0].n)).toBe(before);
  });

  it('The admin list shows the latest company and job title and filters by skill', async () => {
    const res = await t.http
      .get(`/api/v1/candidates?${listQuery({ filter: { skillIds: [ids.skills[0]] }, range: [0, 9] })}`)
      .set(as(admin))
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^candidates 0-\d+\/\d+$/);
    expect(res.body.length).toBeGreaterThan(0);
    for (const row of res.body) expect(row.skillIds).toContain(ids.skills[0]);
    expect(res.body[0]).toHaveProperty('latestCompanyName');
  });

  it('A company cannot list, read, create or edit talent', async () => {
    for (const token of [company, raas]) {
      await t.http.get('/api/v1/candidates').set(as(token)).expect(403);
      await t.http.get(`/api/v1/candidates/${demoId}`).set(as(token)).expect(403);
      await t.http.post('/api/v1/candidates').set(as(token)).send(candidatePayload(ids)).expect(403);
      await t.http.put(`/api/v1/candidates/${demoId}`).set(as(token)).send({ firstName: 'Hacked' }).expect(403);
      await t.http
        .post('/api/v1/candidate-experiences')
        .set(as(token))
        .send({ candidateId: demoId, title: 'X', company: 'Y', startDate: '2020-01-01' })
        .expect(403);
    }
    expect((await t.knex('candidates').where('email', 'candidate@example.com').first('first_name')).first_name).toBe(
      'Chloe',
    );
  });

  it('The demo candidate has a complete profile and reads it without the internal fields', async () => {
    const res = await t.http.get(`/api/v1/candidates/${demoId}`).set(as(candidate)).expect(200);
    expect(res.body).toMatchObject({ firstName: 'Chloe', email: 'candidate@example.com', status: 1 });
    expect(res.body.skills.length).toBeGreaterThanOrEqual(5);
    expect(res.body.languages.length).toBeGreaterThanOrEqual(2);
    expect(res.body.preferredLocations.length).toBeGreaterThanOrEqual(2);
    expect(res.body.experiences.length).toBeGreaterThanOrEqual(3);
    expect(res.body.educations.length).toBeGreaterThanOrEqual(2);
    for (const internal of [
      'source',
      'sourceOtherText',
      'reasonForLeaving',
      'lookingFor',
      'ownerId',
      'tags',
      'sendSetPasswordEmail',
    ])
      expect(res.body).not.toHaveProperty(internal);
  });

  it('A candidate cannot read or edit another candidate', async () => {
    const other = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    await t.http.get(`/api/v1/candidates/${other.body.id}`).set(as(candidate)).expect(404);
    await t.http.put(`/api/v1/candidates/${other.body.id}`).set(as(candidate)).send({ firstName: 'X' }).expect(404);
    const list = await t.http.get('/api/v1/candidates').set(as(candidate)).expect(200);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([demoId]);
    await t.http
      .get(`/api/v1/candidate-experiences?${listQuery({ filter: { candidateId: other.body.id } })}`)
      .set(as(candidate))
      .expect(200)
      .expect((r) => expect(r.body).toEqual([]));
  });

  it('A candidate updates their own profile; a change of status, visibility, email or internal fields is refused by name', async () => {
    const refused = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(as(candidate))
      .send({
        summary: 'Updated by me',
        expectedSalary: 13000,
        status: 2,
        visibility: false,
        email: 'new@example.com',
        source: 8,
        tags: [],
        ownerId: null,
      })
      .expect(403);
    expect(refused.body.error.code).toBe('errors.fieldNotWritable');
    expect(Object.keys(refused.body.error.fields).sort()).toEqual([
      'email',
      'ownerId',
      'source',
      'status',
      'tags',
      'visibility',
    ]);
    const unchanged = await t
      .knex('candidates')
      .where('email', 'candidate@example.com')
      .first('summary', 'source', 'tags', 'owner_id', 'visibility');
    expect(unchanged.summary).not.toBe('Updated by me');
    const res = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(as(candidate))
      .send({ summary: 'Updated by me', expectedSalary: 13000 })
      .expect(200);
    expect(res.body).toMatchObject({
      summary: 'Updated by me',
      expectedSalary: 13000,
      status: 1,
      visibility: true,
      email: 'candidate@example.com',
    });
    const row = await t.knex('candidates').where('email', 'candidate@example.com').first('source', 'tags', 'owner_id');
    expect(row.source).toBe(7);
    expect(row.tags.length).toBeGreaterThan(0);
    expect(row.owner_id).not.toBeNull();
  });

  it('A candidate adds an experience entry to their own profile through candidate-experiences', async () => {
    const res = await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(candidate))
      .send({ title: 'Intern', company: 'Startup', startDate: '2012-06-01', endDate: '2012-08-31' })
      .expect(201);
    expect(res.body.candidateId).toBe(demoId);
    const bad = await t.http
      .put(`/api/v1/candidate-experiences/${res.body.id}`)
      .set(as(candidate))
      .send({ endDate: '2012-01-01' })
      .expect(400);
    expect(bad.body.error.fields).toEqual({ endDate: 'endDate.errors.beforeStart' });
    await t.http.delete(`/api/v1/candidate-experiences/${res.body.id}`).set(as(candidate)).expect(200);
  });
});
