/**
 * Two bulk status changes of the same projects, sent at once with their keys in opposite orders, never
 * deadlock into a 500: the bulk locks all its projects up front in id order, so one waits for the other.
 * A deadlock or a taken NOWAIT lock that still reaches the error envelope answers 409 `errors.busy`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDatabaseError } from '../../backend/errors';
import { testApp, type TestApp } from '../helpers/app';
import { projectBody, projectId, signInAll, type People } from '../helpers/projects';

let t: TestApp;
let p: People;

beforeAll(async () => {
  t = await testApp();
  p = await signInAll(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** A project of the demo company Acme, paused. */
async function pausedProject(title: string): Promise<string> {
  const res = await p.as('companyAdmin').post('/projects/create', await projectBody(t.knex, { title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.knex('projects').where('id', projectId(res.body.data.id)).update({ status: 1 });
  return res.body.data.id as string;
}

describe('Simultaneous bulk status changes in opposite orders', () => {
  it('answer 200 or 409, never 500, and leave the projects as asked', async () => {
    const a = await pausedProject('Bulk lock A');
    const b = await pausedProject('Bulk lock B');
    const statuses: number[] = [];
    for (let round = 0; round < 15; round += 1) {
      const answers = await Promise.all([
        p.as('companyAdmin').put('/projects', { keys: [a, b], status: 1 }),
        p.as('companyAdmin').put('/projects', { keys: [b, a], status: 1 }),
      ]);
      for (const res of answers) {
        expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
        statuses.push(res.status);
      }
    }
    expect(statuses).toHaveLength(30);
    const stored = await t
      .knex('projects')
      .whereIn('id', [projectId(a), projectId(b)])
      .pluck('status');
    expect(stored).toEqual([1, 1]);
  });
});

describe('Lock conflicts in the error envelope', () => {
  it.each([
    ['40P01', 'a deadlock'],
    ['55P03', 'a NOWAIT lock found taken'],
  ])('%s (%s) is a 409 errors.busy', (code) => {
    const err = fromDatabaseError({ nativeError: { code, message: 'lock conflict' } });
    expect(err).toMatchObject({ status: 409, code: 'errors.busy' });
  });
});
