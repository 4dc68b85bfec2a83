/**
 * A candidate's picture goes with their identity: a company that kept its address gets it only while it may see who
 * the candidate is (visible and not anonymous, or revealed in one of the company's own projects), not merely while
 * it meets the candidate at all. The candidate and admins keep it whatever the candidate chose.
 * (Status and consent: candidate-gate-pictures.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { makeProject } from '../helpers/interviews';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe("A candidate's picture once they turn anonymous or hide", () => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  let picture: string;
  let candidateId: number;

  beforeAll(async () => {
    t = await testApp();
    for (const [who, email] of [
      ['candidate', 'candidate@example.com'],
      ['company', 'owner@acme.example.com'],
      ['other', 'owner@raas.example.com'],
      ['admin', 'admin@example.com'],
    ])
      as[who] = { Authorization: `Bearer ${await t.login(email)}` };
    const saved = await t.http
      .put('/api/v1/auth/account')
      .set(as.candidate)
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    picture = saved.body.data.profilePic;
    candidateId = (await t.knex('candidates').where('profile_pic', picture).first('id')).id;
  });

  const status = async (who: string) => (await t.http.get(picture).set(as[who])).status;
  /** The candidate's own choice (anonymous), or an admin's (visibility, which only admins write). */
  const choose = async (choice: Record<string, boolean>, by = 'candidate') => {
    const res = await t.http.put(`/api/v1/candidates/Candidate:${candidateId}`).set(as[by]).send(choice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('a company that had it gets 404 once the candidate turns anonymous; the candidate and admins still get it', async () => {
    expect(await status('company')).toBe(200);
    await choose({ anonymous: true });
    expect(await status('company')).toBe(404);
    expect(await status('candidate')).toBe(200);
    expect(await status('admin')).toBe(200);
    await choose({ anonymous: false });
    expect(await status('company')).toBe(200);
  });

  it('a company gets 404 once the candidate is hidden from companies', async () => {
    await choose({ visibility: false }, 'admin');
    expect(await status('company')).toBe(404);
    expect(await status('admin')).toBe(200);
    await choose({ visibility: true }, 'admin');
    expect(await status('company')).toBe(200);
  });

  it("an anonymous candidate's picture goes to a company they were revealed to in its own project, and to no other", async () => {
    await choose({ anonymous: true });
    const project = await makeProject(t.knex, { title: 'Picture reveal' });
    await t.knex('project_candidates').insert({
      project_id: project.id,
      candidate_id: candidateId,
      company_id: project.companyId,
      stage: 1,
      revealed_at: new Date(),
    });
    expect(await status('company')).toBe(200);
    expect(await status('other')).toBe(404);
  });
});
