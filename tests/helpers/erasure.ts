/** An erasure as an admin carries out one received elsewhere: recorded, then carried out early, over HTTP. */
import { expect } from 'vitest';
import type { TestApp } from './app';

/** Erases candidate `candidateId` (its id, plain or 'Candidate:N') as the admin holding `token`; answers the request's id. */
export async function eraseNow(t: TestApp, token: string, candidateId: number | string): Promise<number> {
  const auth = { Authorization: `Bearer ${token}` };
  const id = typeof candidateId === 'number' ? `Candidate:${candidateId}` : candidateId;
  const recorded = await t.http.post('/api/v1/data-rights/erasures').set(auth).send({ candidateId: id });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  const done = await t.http
    .post(`/api/v1/data-rights/erasures/${recorded.body.id}/carry-out`)
    .set(auth)
    .send({ early: true });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return Number(String(recorded.body.id).split(':').pop());
}
