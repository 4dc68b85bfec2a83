/**
 * The admins' logs read their days in the reader's zone: an event at 12:57 pm on 27 Nov in Auckland (23:57 UTC on
 * the 26th) is in the recruitment log and the assignment log filtered to 27 Nov with `timeZone=Pacific/Auckland`,
 * as the page writes its time; a zone the runtime or PostgreSQL does not know is a 400 on `timeZone`, the credit
 * log's own check. Exports and PDFs that write UTC say so: the credit log's CSV "Date (UTC)", the order form's and
 * the profile PDF's day "(UTC)".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOrderForm } from '../../backend/features/credits';
import { profileDocument, type ProfileData } from '../../backend/features/talent';
import { cvText } from '../../backend/services/documents/extractText';
import { PROJECT_LOG_KIND } from '../../schema/entities/internal/projectLog';
import { ACTIVITY } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

const ZONE = 'Pacific/Auckland';
/** 12:57 pm on 27 Nov 2026 in Auckland (UTC+13). */
const AT = '2026-11-26T23:57:00Z';
const DAY = 'from=2026-11-27&to=2026-11-27';

let t: TestApp;
let admin: Client;
let project: TestProject;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  project = await makeProject(t.knex, { title: 'Auckland Day Role' });
  const [candidate] = await activeCandidates(t.knex, 1, { skip: 330 });
  await addToProject(t.knex, project, [candidate], 1);
  await t.knex('candidate_recruitment_stage_logs').insert({
    candidate_id: candidate,
    project_id: project.id,
    activity: ACTIVITY.noteAdded,
    actor_kind: 2,
    actor_id: project.ownerId,
    company_id: project.companyId,
    created_at: AT,
  });
  const adminId = (await t.knex('admins').where('email', 'admin@example.com').first('id')).id as number;
  await t.knex('project_logs').insert({
    project_id: project.id,
    company_id: project.companyId,
    kind: PROJECT_LOG_KIND.advocate,
    to_value: adminId,
    actor_kind: 1,
    actor_id: adminId,
    created_at: AT,
  });
});
afterAll(async () => {
  await t?.knex.destroy();
});

const LOGS = [
  ['recruitment log', '/dashboard/ta-recruitment-event-log'],
  ['assignment log', '/dashboard/ta-project-assignment-log'],
] as const;

describe.each(LOGS)('The %s in the reader’s zone', (_name, path) => {
  const ofProject = () => `projectId=Project:${project.id}`;

  it('holds the event of 12:57 pm on 27 Nov in Auckland when 27 Nov is asked in Auckland', async () => {
    const res = await admin.get(`${path}?${ofProject()}&${DAY}&timeZone=${encodeURIComponent(ZONE)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((r: { at: string }) => r.at)).toEqual([new Date(AT).toISOString()]);
    expect(res.body.range).toEqual({ from: '2026-11-27', to: '2026-11-27' });
  });

  it('reads UTC days when no zone is named, and the day before in Auckland holds nothing of it', async () => {
    const utc = await admin.get(`${path}?${ofProject()}&${DAY}`);
    expect(utc.status).toBe(200);
    expect(utc.body.data).toEqual([]);
    const before = await admin.get(
      `${path}?${ofProject()}&from=2026-11-26&to=2026-11-26&timeZone=${encodeURIComponent(ZONE)}`,
    );
    expect(before.body.data).toEqual([]);
  });

  it('refuses a zone it does not know with a 400 on timeZone', async () => {
    const res = await admin.get(`${path}?${ofProject()}&${DAY}&timeZone=Mars%2FOlympus`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ timeZone: 'timeZone.errors.invalid' });
  });
});

describe('Times written in UTC say so', () => {
  it('titles the credit log CSV’s time column "Date (UTC)"', async () => {
    const res = await admin.get('/credit/logs?format=csv');
    expect(res.status).toBe(200);
    expect(res.text.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(/^Date \(UTC\),Action,/);
  });

  it('dates an order form "(UTC)"', async () => {
    const pdf = await renderOrderForm({
      order: {
        id: 1,
        order_number: 'SO-20261205-7F3A2C',
        channel: 1,
        status: 0,
        company_id: 1,
        user_id: 1,
        quantity: 10,
        unit_price: '100',
        discount_percent: '0',
        total: '1000',
        currency: 'SGD',
        checkout_session_id: null,
        lot_id: null,
        created_at: new Date('2026-12-05T02:00:00Z'),
        paid_at: null,
      },
      company: { company_name: 'Acme', legal_entity_name: null, company_registration_number: null, address: null },
      member: { email: 'owner@acme.example.com', first_name: 'Olive', last_name: 'Owner' },
      productName: 'Talentbase',
      pricing: { pricePerCredit: 100, currency: 'SGD', locale: 'en-SG', tiers: [], supportEmail: 'x@example.com' },
    });
    const { text } = await cvText(pdf, 'pdf', { maxUnpackedBytes: 16 << 20, maxTextChars: 100_000, maxPages: 5 });
    expect(text).toContain('Date: 5 Dec 2026 (UTC)');
  });

  it('dates a profile PDF "(UTC)"', () => {
    const data: ProfileData = {
      row: { id: 1, firstName: 'Ava', lastName: 'Tan' },
      city: null,
      jobTitles: [],
      skills: [],
      languages: [],
      preferredLocations: [],
      experiences: [],
      educations: [],
    };
    expect(profileDocument(data).footer).toMatch(/generated \d{1,2} \w{3} \d{4} \(UTC\)$/);
  });
});
