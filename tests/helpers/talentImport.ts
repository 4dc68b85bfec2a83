/**
 * Candidate imports through the console's API (upload a file, poll the import until it ends) on an app whose queue
 * worker runs beside it, and the smallest person a JSON Lines import accepts.
 */
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { expect } from 'vitest';
import { testApp, type TestApp } from './app';

/** An app, an admin's token and a queue worker (two threads) that runs the imports; stop the worker in afterAll. */
export async function importApp(): Promise<{ t: TestApp; admin: string; worker: Worker }> {
  const t = await testApp();
  const admin = await t.login('admin@example.com');
  const worker = await startWorker(t.url, t.config, 2);
  return { t, admin, worker };
}

/** The admin uploads `content` as a file named `name` (its extension tells the format). */
export function uploadImport(t: TestApp, admin: string, name: string, content: string) {
  return t.http
    .post('/api/v1/candidates/imports')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', Buffer.from(content), name);
}

/** The import's status body once it is done or failed. */
export async function importFinished(t: TestApp, admin: string, id: string) {
  const status = () => t.http.get(`/api/v1/candidates/imports/${id}`).set('Authorization', `Bearer ${admin}`);
  await expect
    .poll(async () => (await status()).body.status, { timeout: 60_000, interval: 200 })
    .toMatch(/^(done|failed)$/);
  return (await status()).body;
}

/** A JSON Lines person with the required fields, plus `extra`. */
export function importPerson(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email,
    firstName: 'Jo',
    lastName: 'Ng',
    currentLocation: 'Singapore',
    preferredLocations: ['Singapore (SG):1'],
    jobTitles: ['Software Engineer'],
    typeOfEmployment: ['permanent'],
    expectedSalary: 6500,
    noticePeriod: { type: 0 },
    ...extra,
  };
}
