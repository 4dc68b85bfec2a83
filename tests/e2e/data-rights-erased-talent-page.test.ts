/**
 * The console's page of an erased candidate does not offer "Export their data": there is nothing left to copy (the
 * API refuses it, 409). A live candidate's page still offers it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let erased: number;
let live: number;
const pages: Page[] = [];

/** A POST to the API as `token`; answers the parsed body, the status checked. */
async function post(path: string, token: string | null, body: unknown, status = 200) {
  const res = await fetch(`${e2e.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  expect(res.status, JSON.stringify(json)).toBe(status);
  return json as Record<string, unknown>;
}

beforeAll(async () => {
  e2e = await startE2E();
  const email = 'admin@example.com';
  await post('/auth/send-email-otp', null, { email });
  const { accessToken } = await post('/auth/login-by-email-otp', null, { email, otp: await e2e.lastCode(email) });
  const people = (await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNotNull('first_name')
    .orderBy('id', 'desc')
    .limit(2)
    .pluck('id')) as number[];
  [erased, live] = people;
  const recorded = await post(
    '/data-rights/erasures',
    accessToken as string,
    { candidateId: `Candidate:${erased}` },
    201,
  );
  await post(`/data-rights/erasures/${String(recorded.id)}/carry-out`, accessToken as string, { early: true });
}, 120_000);
afterAll(async () => {
  for (const p of pages) await p.close();
});

describe("An erased candidate's console page", () => {
  it('offers no copy of their data, where a live candidate’s page does', async () => {
    const admin = await e2e.signIn('admin@example.com', undefined, null);
    pages.push(admin);
    await admin.goto(`${e2e.baseUrl}/admin/talent/Candidate%3A${live}`);
    await admin.getByRole('button', { name: 'Export their data' }).waitFor();
    await admin.goto(`${e2e.baseUrl}/admin/talent/Candidate%3A${erased}`);
    await admin.getByRole('heading', { name: 'Erased candidate' }).waitFor();
    await admin.getByRole('button', { name: 'Profile PDF' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Export their data' }).count()).toBe(0);
  });
});
