/** Two profiles of one person made through the API and found as a pair by the duplicate scan. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { runJobs } from './jobs';
import { bearer, candidatePayload, talentIds } from './talent';

const num = (id: unknown) => Number(String(id).split(':').pop());

/**
 * Creates one profile per entry of `over` (the same phone, the name `first` and `last` with its index), scans the
 * pool and answers the two profiles' ids and the queued pair's id.
 */
export async function pairOf(
  t: TestApp,
  admin: string,
  person: { phone: string; first: string; last: string },
  over: Record<string, unknown>[] = [{}, {}],
): Promise<{ a: number; b: number; pairId: string }> {
  const ids = await talentIds(t.knex);
  const made: number[] = [];
  for (const [n, extra] of over.entries()) {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(
        candidatePayload(ids, {
          linkedInUrl: null,
          firstName: person.first,
          lastName: `${person.last}${n}`,
          phone: person.phone,
          ...extra,
        }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
  const list = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
  const pair = list.body.data.find((p: { candidate: { id: string }; other: { id: string } }) =>
    [p.candidate.id, p.other.id].every((id) => made.includes(num(id))),
  );
  expect(pair, 'the pair is queued').toBeDefined();
  return { a: made[0], b: made[1], pairId: pair.id as string };
}

/**
 * Scans the pool, finds the pair of `survivor` and `merged` (both must be queued) and merges `merged` into
 * `survivor`, each of the pair's fields as `keep` says; the merge's id.
 */
export async function scanAndMerge(
  t: TestApp,
  admin: string,
  survivor: number,
  merged: number,
  keep: Record<string, string>,
): Promise<number> {
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
  const list = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
  const pair = list.body.data.find((p: { candidate: { id: string }; other: { id: string } }) =>
    [p.candidate.id, p.other.id].every((id) => [survivor, merged].includes(num(id))),
  );
  expect(pair, 'the pair is queued').toBeDefined();
  const res = await t.http
    .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mergeId as number;
}
