/**
 * "Today" is a UTC day whatever the host's zone. Run in New York's zone (UTC-5 in December: from 19:00 there the
 * UTC date is the next one), a search result's years of experience agree with the experience filter at every hour
 * around an anniversary, and an order form's date and a profile's "generated" date are the UTC day, as the order
 * number's. (A file of the forked `api` project: a worker thread's zone cannot be changed, a process's can.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderOrderForm, type OrderRow } from '../../backend/features/credits';
import { experiencePredicate, experienceYears as years } from '../../backend/features/search';
import { profileDocument, type ProfileData } from '../../backend/features/talent';
import { cvText } from '../../backend/services/documents/extractText';

const hostZone = process.env.TZ;

beforeAll(() => {
  process.env.TZ = 'America/New_York';
  // The zone took: 02:00 UTC on the 5th is the evening of the 4th in New York.
  expect(new Date('2026-12-05T02:00:00Z').getDate()).toBe(4);
});
afterAll(() => {
  vi.useRealTimers();
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

const at = (instant: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
};

describe('Today is the UTC day on a host in New York', () => {
  it('a search result’s years of experience agree with the 5+ filter at every hour around the anniversary', () => {
    const noStats = { rows: 0, columns: new Map() };
    const disagreements: string[] = [];
    for (const day of ['2026-12-04', '2026-12-05'])
      for (let hour = 0; hour < 24; hour += 1) {
        at(`${day}T${String(hour).padStart(2, '0')}:30:00Z`);
        const latest = experiencePredicate(noStats, 5, undefined).bindings[0] as string;
        for (const since of ['2021-12-03', '2021-12-04', '2021-12-05', '2021-12-06'])
          if (years(since) >= 5 !== since <= latest) disagreements.push(`${since} at ${new Date().toISOString()}`);
      }
    expect(disagreements).toEqual([]);
    // 23:30 UTC on the 4th (18:30 in New York): a career started on the 5th five years ago is 4 years old.
    at('2026-12-04T23:30:00Z');
    expect(years('2021-12-05')).toBe(4);
    expect(years('2021-12-04')).toBe(5);
  });

  it('an order form made at 02:00 UTC is dated that UTC day, as its number', async () => {
    const order = {
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
    } satisfies OrderRow;
    const pdf = await renderOrderForm({
      order,
      company: { company_name: 'Acme', legal_entity_name: null, company_registration_number: null, address: null },
      member: { email: 'owner@acme.example.com', first_name: 'Olive', last_name: 'Owner' },
      productName: 'Talentbase',
      pricing: { pricePerCredit: 100, currency: 'SGD', locale: 'en-SG', tiers: [], supportEmail: 'x@example.com' },
    });
    const { text } = await cvText(pdf, 'pdf', { maxUnpackedBytes: 16 << 20, maxTextChars: 100_000, maxPages: 5 });
    expect(text).toContain('Date: 5 Dec 2026');
  });

  it('a profile PDF generated at 02:00 UTC says that UTC day', () => {
    at('2026-12-05T02:00:00Z');
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
    expect(profileDocument(data).footer).toBe('Talentbase candidate profile · generated 5 Dec 2026 (UTC)');
  });
});
