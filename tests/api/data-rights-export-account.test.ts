/**
 * A copy of a candidate's data holds what the erasure treats as theirs, beyond the profile: a person with address E1
 * and phone P, asked by WhatsApp at P and rejected with a comment, whose other profile (address E2, the same phone)
 * was merged into theirs, who signed in and asked to move to E3. Their copy then has:
 * - the company's rejection, its reason and comment, on the project in companies.json;
 * - the merged profile's details (E2, its name) in former-profiles.json;
 * - the emails sent to E1 and E2 and the WhatsApp message to P in messages.json, and no one else's mail;
 * - their sign-in, the change of address waiting for its code and the number an admin replaced in account.json.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { adminExportFiles } from '../helpers/dataExport';
import { requestByWhatsapp } from '../helpers/interviews';
import { scanAndMerge } from '../helpers/duplicatePairs';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

const E1 = 'orvelle.tanaka@copy.example.org';
const E2 = 'orvelle.t.work@copy.example.org';
const E3 = 'orvelle.new@copy.example.org';
const PHONE = '+65 8123 7101';
const NEW_PHONE = '+65 8123 7102';
const REJECT = { reason: 'Notice period too long', comment: 'Strong, but cannot start before March' };

let t: TestApp;
let admin: string;
let id: number;
let files: (name: string) => unknown;
/** The mail sent to E1 and E2 before the copy was made (the copy's own notice comes after). */
let sentBefore: number;
const num = (ref: unknown) => Number(String(ref).split(':').pop());

async function create(email: string, firstName: string): Promise<number> {
  const res = await t.http
    .post('/api/v1/candidates')
    .set(bearer(admin))
    .send(
      candidatePayload(await talentIds(t.knex), {
        ...{ firstName, lastName: 'Tanaka', email, phone: PHONE, phoneWhatsapp: true },
        ...{ linkedInUrl: null, status: 1, visibility: true },
      }),
    );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return num(res.body.id);
}

/** Scans for twins and merges `merged` into `survivor`, which keeps its own email. */
const merge = (survivor: number, merged: number) => scanAndMerge(t, admin, survivor, merged, { email: 'survivor' });

/** An admin makes a copy for the candidate; its files, by name, as parsed JSON. */
async function exported(): Promise<(name: string) => unknown> {
  const zip = await adminExportFiles(t, admin, id);
  return (name) => JSON.parse(strFromU8(zip[name]));
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  id = await create(E1, 'Orvelle');

  const company = client(t, await t.login('owner@acme.example.com'));
  const { project } = await requestByWhatsapp(t.knex, company, id);
  await runJobs(t);
  const rejected = await company.post('/projects/recruitment', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${id}`,
    recruitmentStatus: STAGES.rejected,
    rejectFormData: REJECT,
  });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

  // The other profile signs in once (its code goes to E2), then is merged in.
  const other = await create(E2, 'Orv');
  await t.login(E2);
  await merge(id, other);

  // An admin gives the person a new number; the old one is a replaced identifier.
  const edited = await t.http.put(`/api/v1/candidates/Candidate:${id}`).set(bearer(admin)).send({ phone: NEW_PHONE });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);

  const me = await t.login(E1);
  const asked = await t.http
    .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/Candidate:${id}`)
    .set(bearer(me))
    .send({ email: E3 });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  sentBefore = Number(
    (await t.knex('outbox_emails').whereRaw('lower("to") in (?, ?)', [E1, E2]).count({ n: '*' }))[0].n,
  );
  files = await exported();
}, 240_000);

describe("A copy of a candidate's data, beyond the profile", () => {
  it("has the company's rejection with its reason and comment", () => {
    const companies = files('companies.json') as { stage: string; rejection: unknown }[];
    expect(companies).toEqual([expect.objectContaining({ stage: 'rejected', rejection: REJECT })]);
  });

  it('has the profile merged into theirs', () => {
    expect(files('former-profiles.json')).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: E2, firstName: 'Orv', lastName: 'Tanaka' })]),
    );
  });

  it('has the messages sent to each of their addresses and their number, and no one else’s', () => {
    const { emails, whatsapp } = files('messages.json') as {
      emails: { to: string; subject: string; delivery: string }[];
      whatsapp: { to: string; template: string }[];
    };
    expect(emails).toHaveLength(sentBefore);
    expect(new Set(emails.map((e) => e.to.toLowerCase()))).toEqual(new Set([E1, E2]));
    expect(emails.every((e) => e.subject && e.delivery)).toBe(true);
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0].to.replace(/\D/g, '')).toBe(PHONE.replace(/\D/g, ''));
  });

  it('has their sign-ins, the change of address waiting for its code and the number they replaced', () => {
    const account = files('account.json') as {
      signIns: { signedInAt: string }[];
      addressChanges: { newEmail: string; confirmedAt: string | null }[];
      replaced: { kind: string; value: string }[];
    };
    expect(account.replaced.map((r) => [r.kind, r.value.replace(/\D/g, '')])).toEqual([
      ['phone', PHONE.replace(/\D/g, '')],
    ]);
    expect(account.signIns.length).toBeGreaterThanOrEqual(1);
    expect(account.addressChanges).toEqual([expect.objectContaining({ newEmail: E3, confirmedAt: null })]);
  });
});
