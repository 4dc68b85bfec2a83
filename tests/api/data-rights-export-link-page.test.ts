/**
 * The emailed link to a copy of one's data, as a person reads it: the email writes its expiry as the product writes
 * dates (no foreign shape such as 'Wed, 03 Mar 2027 10:00:00 GMT'), and a refusal opened in a browser (the copy
 * expired, a link not valid, signed in as someone else) is a page in the product's words with the way back to the
 * profile page, where a new copy is asked for. An API caller keeps the JSON envelope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_DATE_SHAPES } from '../../schema/rules/dates';
import { testApp, type TestApp } from '../helpers/app';
import { exportAsked, exportLink, exportReadyEmail } from '../helpers/dataExport';

let t: TestApp;
let email: string;
let candidateId: number;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

beforeAll(async () => {
  t = await testApp();
  ({ email, candidateId } = await exportAsked(t));
});

const profilePage = () => `${t.config.publicUrl}/candidate/profile`;

function expectPage(res: { status: number; headers: Record<string, string>; text: string }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.text).toContain(`href="${profilePage()}"`);
  expect(res.text).toContain('Go to your profile page');
}

describe('The data-ready email', () => {
  it('writes the link’s expiry in the product’s date format, in no foreign date shape', async () => {
    const { text } = await exportReadyEmail(t.knex, email);
    for (const shape of FOREIGN_DATE_SHAPES) expect(text).not.toMatch(shape);
    expect(text).not.toMatch(/GMT/);
    expect(text).toMatch(/works until \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m UTC\./);
  });
});

describe('A refused data-copy link opened in a browser', () => {
  it('signed in as someone else: a page saying so, with the way to the profile page', async () => {
    const other = await t.login('owner@acme.example.com');
    const res = await t.http
      .get(await exportLink(t.knex, email))
      .set('Authorization', `Bearer ${other}`)
      .set('Accept', BROWSER);
    expectPage(res, 403);
    expect(res.text).toContain('This link is for another account.');
    const api = await t.http.get(await exportLink(t.knex, email)).set('Authorization', `Bearer ${other}`);
    expect(api.status).toBe(403);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('expired: a page with the product’s message and the profile link; an API caller still gets JSON', async () => {
    const link = await exportLink(t.knex, email);
    await t
      .knex('data_exports')
      .where('candidate_id', candidateId)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const page = await t.http.get(link).set('Accept', BROWSER);
    expectPage(page, 410);
    expect(page.text).toContain('This link has expired. Ask for a new copy of your data from your profile page.');
    expect(page.text).not.toContain('"error"');
    for (const accept of [undefined, 'application/json']) {
      const req = t.http.get(link);
      const api = await (accept ? req.set('Accept', accept) : req);
      expect(api.status).toBe(410);
      expect(api.headers['content-type']).toContain('application/json');
      expect(api.body.error.fields).toEqual({ dataExport: 'dataExport.errors.expired' });
    }
  });

  it('not valid: a page saying so, with the profile link', async () => {
    const forged = (await exportLink(t.knex, email)).replace(/token=[\w-]+/, `token=${'A'.repeat(43)}`);
    const page = await t.http.get(forged).set('Accept', BROWSER);
    expectPage(page, 404);
    expect(page.text).toContain('This link is not valid');
    const api = await t.http.get(forged);
    expect(api.status).toBe(404);
    expect(api.body.error.fields).toEqual({ dataExport: 'dataExport.errors.invalidLink' });
  });
});
