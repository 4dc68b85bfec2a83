/**
 * The demo pool a fresh start shows (the demo candidate and the 1,999 generated with it) and a batch the
 * generator adds look like real people: each phone is a valid mobile of the country the person lives in
 * (libphonenumber-js, full metadata), each tag is one the profile's facts support (the rules of
 * seeds/synthetic/tagRules.ts, read here from the stored rows), each experience's industry is one of its
 * employer's (seeds/synthetic/employers.ts), and each language is the row the one name matcher gives for
 * its name, never ISO 639-1's written Chinese where the spoken languages (Mandarin, Cantonese, ...) are rows
 * of their own. Company users' and admins' phones are numbers of their company's country (Singapore for
 * the platform's team).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadIndex, type NameIndex } from '../../backend/features/lookups';
import { DEMO_COMPANIES } from '../../seeds/demo/people';
import { makeCandidate, rngFrom } from '../../seeds/synthetic/candidateFactory';
import { industriesOf } from '../../seeds/synthetic/employers';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { loadPools } from '../../seeds/synthetic/pools';
import { supports, type CandidateFacts } from '../../seeds/synthetic/tagRules';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let people: { email: string; phone: string | null; tags: string[]; languageIds: number[]; facts: CandidateFacts }[];
let languages: NameIndex;
const today = new Date().toISOString().slice(0, 10);

async function storedPeople() {
  const { knex } = t;
  const codeOf = async (table: string, column: string) =>
    new Map<number, string>((await knex(table).select('id', `${column} as v`)).map((r) => [r.id, r.v]));
  const [cityCode, countryCode, citizenshipCode, industry, skill, languageCode, tag] = await Promise.all([
    codeOf('cities', 'code'),
    codeOf('countries', 'code'),
    codeOf('citizenships', 'country_code'),
    codeOf('industries', 'name'),
    codeOf('skills', 'name'),
    codeOf('languages', 'code'),
    codeOf('tags', 'identifier'),
  ]);
  const rows = await knex('candidates').select('*');
  const jobs = await knex('candidate_experiences').select(
    'candidate_id',
    'title',
    'company',
    'country_id',
    'industry_id',
    'current_position',
    knex.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`),
    knex.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`),
  );
  const schools = await knex('candidate_educations').select('candidate_id', 'end_year');
  const byCandidate = <T extends { candidate_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of list) map.set(row.candidate_id, [...(map.get(row.candidate_id) ?? []), row]);
    return map;
  };
  const jobsOf = byCandidate(jobs);
  const schoolsOf = byCandidate(schools);
  return rows.map((c) => ({
    email: c.email as string,
    phone: c.phone as string | null,
    tags: ((c.tags ?? []) as number[]).map((id) => tag.get(id) ?? `#${id}`),
    languageIds: ((c.languages ?? []) as { languageId: number }[]).map((l) => l.languageId),
    facts: {
      status: c.status,
      visa: c.visa,
      home: cityCode.get(c.current_location_id) ?? null,
      citizenship: citizenshipCode.get(c.citizenship_id) ?? null,
      preferredCountries: ((c.preferred_locations ?? []) as { locationId: number }[]).map(
        (p) => cityCode.get(p.locationId) ?? '',
      ),
      typeOfEmployment: c.type_of_employment ?? [],
      noticeType: c.notice_period?.type ?? null,
      workingRemotely: c.working_remotely,
      source: c.source,
      ownerId: c.owner_id,
      experiences: (jobsOf.get(c.id) ?? []).map((e) => ({
        title: e.title,
        company: e.company,
        industry: industry.get(e.industry_id) ?? null,
        country: countryCode.get(e.country_id) ?? null,
        startDate: e.start_date,
        endDate: e.end_date,
        current: Boolean(e.current_position),
      })),
      educationEndYears: (schoolsOf.get(c.id) ?? []).map((e) => e.end_year).filter((y) => typeof y === 'number'),
      skills: ((c.skills ?? []) as { skillId: number }[]).map((s) => skill.get(s.skillId) ?? ''),
      languages: ((c.languages ?? []) as { languageId: number; level: number }[]).map((l) => ({
        code: languageCode.get(l.languageId) ?? '',
        level: l.level,
      })),
    } satisfies CandidateFacts,
  }));
}

beforeAll(async () => {
  t = await testApp();
  await generateCandidates({ knex: t.knex, connectionString: t.url, count: 400, workers: 2, chunk: 200 });
  people = await storedPeople();
  languages = await loadIndex(t.knex, 'languages');
});

/** The first few offenders, so a failure names them. */
const offenders = <T>(list: T[]) => list.slice(0, 10);

describe('Seeded candidates look like real data', () => {
  it('covers the demo candidate, the demo pool and a generated batch', () => {
    const emails = people.map((p) => p.email);
    expect(emails).toContain('candidate@example.com');
    expect(emails.filter((e) => e.endsWith('@talent.example.com')).length).toBe(1999);
    expect(emails.filter((e) => e.endsWith('@synthetic.example.com')).length).toBe(400);
  });

  it('Each phone is a valid mobile of the country the candidate lives in, and the pool has several countries', () => {
    const wrong = people
      .filter((p) => p.phone !== null)
      .map((p) => ({
        email: p.email,
        phone: p.phone,
        home: p.facts.home,
        parsed: parsePhoneNumberFromString(p.phone!),
      }))
      .filter((p) => !p.parsed?.isValid() || p.parsed.country !== p.home)
      .map(({ email, phone, home }) => ({ email, phone, home }));
    expect(offenders(wrong)).toEqual([]);
    const callingCodes = new Set(people.map((p) => parsePhoneNumberFromString(p.phone ?? '')?.countryCallingCode));
    expect(callingCodes.size).toBeGreaterThan(8);
    expect(people.filter((p) => p.phone).length).toBeGreaterThan(people.length * 0.95);
  });

  it("Each tag a candidate carries is supported by the candidate's facts", () => {
    const wrong = people.flatMap((p) =>
      p.tags.filter((tag) => !supports(tag, p.facts, today)).map((tag) => ({ email: p.email, tag })),
    );
    expect(offenders(wrong)).toEqual([]);
    // Tags are still given: the pool is not left bare.
    expect(people.filter((p) => p.tags.length).length).toBeGreaterThan(people.length * 0.1);
  });

  it("Each experience's industry is one of its employer's industries", () => {
    const wrong = people.flatMap((p) =>
      p.facts.experiences
        .filter((e) => e.industry !== null && !industriesOf(e.company).includes(e.industry))
        .map((e) => ({ email: p.email, company: e.company, industry: e.industry, title: e.title })),
    );
    expect(offenders(wrong)).toEqual([]);
    const withIndustry = people.flatMap((p) => p.facts.experiences).filter((e) => e.industry !== null);
    expect(withIndustry.length).toBeGreaterThan(1000);
  });

  it('Each language is the row the one name matcher gives for its name, and Chinese is spoken as Mandarin or Cantonese', () => {
    // ISO 639-1's Chinese ('zh') is a written language: people speak Mandarin, Cantonese or Hokkien, rows of their own.
    const written = languages.exactly('zh')?.id;
    const wrong = people.flatMap((p) =>
      p.languageIds
        .map((id) => languages.byId(id))
        .filter((row) => !row || languages.exactly(row.name)?.id !== row.id || row.id === written)
        .map((row) => ({ email: p.email, language: row?.name })),
    );
    expect(offenders(wrong)).toEqual([]);
    const demo = people.find((p) => p.email === 'candidate@example.com')!;
    expect(demo.languageIds.map((id) => languages.byId(id)?.name)).toEqual(['English', 'Mandarin', 'Malay']);
    // The names people type find the languages the pool speaks.
    const spoken = new Set(people.flatMap((p) => p.languageIds));
    for (const name of ['Mandarin', 'Cantonese', 'Malay', 'Bahasa Indonesia', 'Filipino'])
      expect(spoken.has(languages.resolve(name)!.id), name).toBe(true);
  });

  it("Company users' phones are mobiles of their company's country, the admins' of Singapore", async () => {
    const users = await t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .whereNotNull('u.phone')
      .select('u.email', 'u.phone', 'c.company_name');
    const home = new Map(DEMO_COMPANIES.map((c) => [c.companyName, c.countries[0]]));
    const wrong = users
      .filter((u) => home.has(u.company_name))
      .filter((u) => {
        const parsed = parsePhoneNumberFromString(u.phone);
        return !parsed?.isValid() || parsed.country !== home.get(u.company_name);
      });
    expect(offenders(wrong)).toEqual([]);
    expect(new Set(users.map((u) => parsePhoneNumberFromString(u.phone)?.country)).size).toBeGreaterThan(2);
    const admins = await t.knex('admins').whereNotNull('phone').pluck('phone');
    expect(admins.filter((phone: string) => parsePhoneNumberFromString(phone)?.country !== 'SG')).toEqual([]);
  });

  it('The same seed gives the same people', async () => {
    const pools = await loadPools(t.knex);
    const batch = () => {
      const rng = rngFrom(20261206);
      return Array.from({ length: 200 }, (_, n) => makeCandidate(rng, pools, n + 1, { today }));
    };
    expect(batch()).toEqual(batch());
  });
});
