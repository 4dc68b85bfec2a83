/**
 * GET tags/semi-active-tag: the badge of semi-active candidates with their count, for those whose search returns
 * semi-active candidates (admins) only; and the tag list, whose counts are for admins too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { signInAll, type People } from '../helpers/projects';

let t: TestApp;
let people: People;
beforeAll(async () => {
  t = await testApp();
  people = await signInAll(t);
});

describe('The semi-active badge', () => {
  it('An admin reads it, shaped as a tag, with the count of semi-active candidates', async () => {
    const [{ n }] = await t.knex('candidates').where('status', 3).count({ n: '*' });
    const res = await people.as('advocate').get('/tags/semi-active-tag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        identifier: 'semiactive',
        name: 'Semi-active',
        description: expect.any(String),
        icon: 'schedule',
        status: 1,
        noOfTagged: Number(n),
      },
    });
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('Companies never see the badge nor the count, nor do candidates; visitors are asked to sign in', async () => {
    for (const who of ['companyAdmin', 'member', 'raasAdmin', 'candidate'] as const) {
      const res = await people.as(who).get('/tags/semi-active-tag');
      expect(res.status, who).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('noOfTagged');
    }
    expect((await people.as('guest').get('/tags/semi-active-tag')).status).toBe(401);
  });

  it('Companies read the tags to filter by, without how many candidates carry each (hidden ones included)', async () => {
    for (const who of ['companyAdmin', 'member', 'raasAdmin'] as const) {
      const res = await people.as(who).get('/tags?range=[0,999]');
      expect(res.status, who).toBe(200);
      expect(res.body.length, who).toBeGreaterThan(0);
      expect(res.body[0], who).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
      expect(JSON.stringify(res.body), who).not.toContain('noOfTagged');
    }
    const admin = await people.as('advocate').get('/tags?range=[0,999]');
    expect(admin.body.every((tag: { noOfTagged?: number }) => typeof tag.noOfTagged === 'number')).toBe(true);
  });
});
