/**
 * One realistic candidate as the API takes it (camelCase, lookup ids, experiences and
 * educations): a job title and a career that fits it, skills of that trade, a home market with
 * its currency and pay, and the spread of statuses, visibility and notice periods of a live pool.
 * Deterministic for a given seed, and cheap enough to make a million in a minute.
 */
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { DEGREES, FIELDS, MARKETS, SCHOOLS, trackOf, type CityRow, type Pools } from './pools';
import { employersFor, industriesOf } from './employers';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { mobileNumber, planOf } from './phones';
import { FACT_TAGS, supports, type CandidateFacts } from './tagRules';

export type Rng = () => number;

/** mulberry32: a small, fast, seedable generator. */
export function rngFrom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const one = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
function some<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const picked = new Set<T>();
  const n = Math.min(count, list.length);
  while (picked.size < n) picked.add(one(rng, list));
  return [...picked];
}
interface Weights<K extends string> {
  keys: K[];
  cumulative: number[];
}
/** Precomputed cumulative weights: drawing is then a short scan, with no allocation. */
function weights<K extends string>(table: Record<K, number>): Weights<K> {
  const keys = Object.keys(table) as K[];
  let sum = 0;
  return { keys, cumulative: keys.map((k) => (sum += table[k])) };
}
function weighted<K extends string>(rng: Rng, w: Weights<K>): K {
  const r = rng() * w.cumulative[w.cumulative.length - 1];
  for (let i = 0; i < w.keys.length; i += 1) if (r < w.cumulative[i]) return w.keys[i];
  return w.keys[w.keys.length - 1];
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d = 1) => `${y}-${pad(m)}-${pad(d)}`;
const SUMMARY_OPENERS = [
  'Results-driven',
  'Hands-on',
  'Curious and pragmatic',
  'Customer-focused',
  'Detail-oriented',
  'Collaborative',
  'Analytical',
];
const STATUS_WEIGHTS = weights({ active: 70, pendingCuration: 8, inactive: 8, semiActive: 9, pendingActivation: 5 });
const SOURCES = weights({ 1: 35, 2: 10, 3: 8, 4: 6, 5: 5, 6: 4, 7: 22, 8: 10 });
const NOTICE_TYPES = weights({ 0: 15, 1: 65, 2: 5, 3: 15 });
const MARKET_WEIGHTS = weights(
  Object.fromEntries(Object.entries(MARKETS).map(([code, m]) => [code, m.weight])) as Record<string, number>,
);

/** Years of experience a title implies: [fewest, most]. */
export function yearsFor(title: string): [number, number] {
  if (/\b(intern|trainee|graduate|apprentice)\b/i.test(title)) return [0, 1];
  if (/\b(junior|assistant|associate)\b/i.test(title)) return [0, 4];
  if (/\b(chief|vp|vice president|head|director|partner|principal)\b/i.test(title)) return [10, 25];
  if (/\b(senior|sr|lead|architect|manager|staff)\b/i.test(title)) return [5, 22];
  return [1, 20];
}

/** Whether someone with `years` of experience could hold `title`. */
export const fitsYears = (title: string, years: number) => yearsFor(title)[0] <= years;

/** A title of the trade fitting `years` of experience (the current title when none fits). */
function titleFor<T extends { name: string }>(rng: Rng, titles: readonly T[], years: number, fallback: T): T {
  for (let tries = 0; tries < 8; tries += 1) {
    const candidate = one(rng, titles);
    if (fitsYears(candidate.name, Math.max(0, years))) return candidate;
  }
  return fallback;
}

/** `total` months cut into `parts` whole-month spans of at least 3 months each (their sum is exactly `total`). */
function splitMonths(rng: Rng, total: number, parts: number): number[] {
  if (parts === 0) return [];
  const weightsOf = Array.from({ length: parts }, () => 0.5 + rng());
  const sum = weightsOf.reduce((a, b) => a + b, 0);
  const spans = weightsOf.map((w) => Math.max(3, Math.floor((total * w) / sum)));
  spans[0] += total - spans.reduce((a, b) => a + b, 0);
  return spans;
}

/** Names and codes of the lookup ids a profile holds, per pools (made once per pools, in each thread). */
interface Names {
  cityCode: Map<number, string>;
  countryCode: Map<number, string>;
  citizenshipCode: Map<number, string>;
  industry: Map<number, string>;
  skill: Map<number, string>;
  languageCode: Map<number, string>;
}
const namesOfPools = new WeakMap<Pools, Names>();
function namesOf(pools: Pools): Names {
  let names = namesOfPools.get(pools);
  if (!names) {
    names = {
      cityCode: new Map(pools.cities.map((c) => [c.id, c.code])),
      countryCode: new Map([...pools.countriesByCode].map(([code, c]) => [c.id, code])),
      citizenshipCode: new Map(pools.citizenships.map((c) => [c.id, c.code])),
      industry: new Map(pools.industries.map((i) => [i.id, i.name])),
      skill: new Map(Object.values(pools.skillsByTrack).flatMap((list) => list.map((s) => [s.id, s.name]))),
      languageCode: new Map(pools.languages.map((l) => [l.id, l.code])),
    };
    namesOfPools.set(pools, names);
  }
  return names;
}

/** What a generated profile says, for the tag rules (tagRules.ts). */
export function factsOf(person: Record<string, unknown>, pools: Pools): CandidateFacts {
  const names = namesOf(pools);
  const ids = <T>(key: string) => (person[key] ?? []) as T[];
  return {
    status: person.status as number,
    visa: (person.visa as string | null) ?? null,
    home: names.cityCode.get(person.currentLocationId as number) ?? null,
    citizenship: names.citizenshipCode.get(person.citizenshipId as number) ?? null,
    preferredCountries: ids<{ locationId: number }>('preferredLocations').map(
      (p) => names.cityCode.get(p.locationId) ?? '',
    ),
    typeOfEmployment: ids<number>('typeOfEmployment'),
    noticeType: (person.noticePeriod as { type: number } | null)?.type ?? null,
    workingRemotely: (person.workingRemotely as boolean | null) ?? null,
    source: (person.source as number | null) ?? null,
    ownerId: (person.ownerId as number | null) ?? null,
    experiences: ids<Record<string, unknown>>('experiences').map((e) => ({
      title: e.title as string,
      company: e.company as string,
      industry: names.industry.get(e.industryId as number) ?? null,
      country: names.countryCode.get(e.countryId as number) ?? null,
      startDate: e.startDate as string,
      endDate: (e.endDate as string | null) ?? null,
      current: Boolean(e.currentPosition),
    })),
    educationEndYears: ids<{ endYear: number | null }>('educations')
      .map((e) => e.endYear)
      .filter((y): y is number => typeof y === 'number'),
    skills: ids<{ skillId: number }>('skills').map((s) => names.skill.get(s.skillId) ?? ''),
    languages: ids<{ languageId: number; level: number }>('languages').map((l) => ({
      code: names.languageCode.get(l.languageId) ?? '',
      level: l.level,
    })),
  };
}

/**
 * The tags a generated profile carries: of those a curator picked (`drawn`), the ones its facts support,
 * and every tag that states a fact which holds (tagRules.ts).
 */
function tagsOf(pools: Pools, drawn: number[], facts: CandidateFacts, today: string): number[] {
  const identifier = (id: number) => pools.tagIdentifiers?.get(id) ?? '';
  const stated = Object.entries(pools.factTags ?? {})
    .filter(([name, id]) => FACT_TAGS.includes(name) && id !== undefined && supports(name, facts, today))
    .map(([, id]) => id as number);
  return [...new Set([...drawn.filter((id) => supports(identifier(id), facts, today)), ...stated])];
}

/** The candidate's timestamps, which generated rows carry rather than take from the database's default. */
export const SIGN_UP_FIELDS = ['createdAt', 'updatedAt'];

/**
 * When generated candidate `id` signed up: a live pool grew over time, so the creation dates spread
 * evenly over the two years before `now` in the order of the ids (ids are handed out as people sign
 * up), each within an hour of its place, the same for the same ids. `lastId` and `total` are the
 * whole run's, whichever thread makes the candidate.
 */
export function signedUpAt(id: number, lastId: number, total: number, now: number): Date {
  const seconds = ((lastId - id) * 63_072_000) / total + ((id * 104_729) % 3600);
  return new Date(now - seconds * 1000);
}

export interface FactoryOptions {
  /** Makes emails unique across runs and sets. */
  emailDomain?: string;
  /** YYYY-MM-DD the histories end at. */
  today?: string;
}

/** A mobile of the country someone lives in (phones.ts). */
function phone(rng: Rng, country: string): string | null {
  return mobileNumber(rng, planOf(country));
}

function homeCity(rng: Rng, pools: Pools): CityRow {
  if (rng() < 0.08 || !pools.homeCities.length) return one(rng, pools.cities);
  const code = weighted(rng, MARKET_WEIGHTS);
  const inMarket = pools.homeCitiesByCode.get(code) ?? [];
  // The biggest cities come first in the lookups (seeded by population): favour them.
  return inMarket.length ? inMarket[Math.floor(inMarket.length * rng() * rng())] : one(rng, pools.homeCities);
}

export function makeCandidate(
  rng: Rng,
  pools: Pools,
  n: number,
  options: FactoryOptions = {},
): Record<string, unknown> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const thisYear = Number(today.slice(0, 4));
  const firstName = one(rng, FIRST_NAMES);
  const lastName = one(rng, LAST_NAMES);
  const title = one(rng, pools.jobTitles);
  const track = trackOf(title.name);
  const city = homeCity(rng, pools);
  const market = MARKETS[city.code] ?? MARKETS.US;
  const [minYears, maxYears] = yearsFor(title.name);
  const years = int(rng, minYears, maxYears);
  const seniority = 0.6 + years * 0.09;
  const slug = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const status = CANDIDATE_STATUS[weighted(rng, STATUS_WEIGHTS)];

  // Career backwards from today: the newest job is often the current one.
  const experiences: Record<string, unknown>[] = [];
  let endYear = thisYear;
  let endMonth = Number(today.slice(5, 7));
  const jobs = years === 0 ? 0 : Math.min(5, 1 + Math.floor(years / 4) + int(rng, 0, 1));
  const spans = splitMonths(rng, years * 12, jobs);
  for (let j = 0; j < jobs; j += 1) {
    const current = j === 0 && rng() < 0.65;
    const spanMonths = spans[j];
    const endTotal = endYear * 12 + endMonth - 1 - (current ? 0 : int(rng, 1, 3));
    const startTotal = Math.max(1950 * 12, endTotal - spanMonths);
    // Earlier jobs are in the same trade and never more senior than the years behind them then.
    const jobTitle =
      j === 0
        ? title
        : titleFor(
            rng,
            pools.titlesByTrack[track],
            years - Math.round(spans.slice(0, j).reduce((a, b) => a + b, 0) / 12),
            title,
          );
    const country = pools.countriesByCode.get(city.code);
    const company = one(rng, employersFor(jobTitle.name));
    experiences.push({
      title: jobTitle.name,
      company,
      countryId: country?.id ?? null,
      location: city.name,
      startDate: iso(Math.floor(startTotal / 12), (startTotal % 12) + 1),
      endDate: current ? null : iso(Math.floor(endTotal / 12), (endTotal % 12) + 1, 28),
      currentPosition: current,
      // One of the employer's own industries.
      industryId: pools.industriesByName.get(one(rng, industriesOf(company)))?.id ?? null,
      description: `${one(rng, ['Led', 'Built', 'Owned', 'Delivered', 'Improved'])} ${one(rng, ['the core platform', 'regional operations', 'a team of five', 'customer onboarding', 'the data pipeline', 'key accounts'])} and ${one(rng, ['cut costs by 20%', 'doubled throughput', 'grew revenue', 'shipped on time', 'raised satisfaction scores'])}.`,
    });
    endYear = Math.floor(startTotal / 12);
    endMonth = (startTotal % 12) + 1;
  }

  const gradYear = Math.max(1955, thisYear - years - int(rng, 0, 2));
  const educations: Record<string, unknown>[] = [
    {
      degree: one(rng, DEGREES),
      institute: one(rng, SCHOOLS),
      fieldOfStudy: one(rng, FIELDS[track]),
      startYear: gradYear - int(rng, 2, 4),
      endYear: gradYear,
      description: null,
    },
  ];
  if (rng() < 0.25)
    educations.unshift({
      degree: 'Master of Science',
      institute: one(rng, SCHOOLS),
      fieldOfStudy: one(rng, FIELDS[track]),
      startYear: Math.min(thisYear - 1, gradYear + 3),
      endYear: Math.min(thisYear, gradYear + 4),
      description: null,
    });

  const skillPool = pools.skillsByTrack[track].length ? pools.skillsByTrack[track] : pools.skillsByTrack.professions;
  const skills = some(rng, skillPool, int(rng, 4, 14)).map((s, i) => ({ skillId: s.id, isStar: i < 3 && rng() < 0.7 }));
  const english = pools.languages.find((l) => l.code === 'en');
  const languageIds = [
    english,
    pools.localLanguages[city.code],
    rng() < 0.15 ? one(rng, pools.otherLanguages) : undefined,
  ].filter(Boolean);
  const languages = [...new Map(languageIds.map((l) => [l!.id, l!])).values()].map((l, i) => ({
    languageId: l.id,
    level: i === 0 ? 3 : int(rng, 1, 3),
  }));

  const preferred = [city, ...some(rng, pools.homeCities, int(rng, 0, 2))];
  const preferredLocations = [...new Map(preferred.map((c) => [c.id, c])).values()].map((c) => ({
    locationId: c.id,
    visaType: c.code === city.code ? 1 : one(rng, [3, 4]),
    visaCategory:
      c.code === city.code ? null : one(rng, ['Employment Pass', 'S Pass', 'Work Permit', 'Dependant Pass']),
  }));
  const pay = Math.round((market.pay * seniority * (0.85 + rng() * 0.4)) / 100) * 100;
  const noticeType = weighted(rng, NOTICE_TYPES);
  const noticeDate = iso(thisYear + 1, int(rng, 1, 12), 1);
  const source = Number(weighted(rng, SOURCES));
  // Most people work where they are citizens; the others hold a residence or work pass there.
  const local = pools.citizenshipsByCode.get(city.code);
  const citizenship = local && rng() < 0.82 ? local : one(rng, pools.citizenships);
  const isLocal = citizenship.code === city.code;
  const visa = city.code === 'SG' ? (isLocal ? 'Citizen' : one(rng, ['Permanent Resident', 'Employment Pass'])) : null;
  const handle = `${slug.replace('.', '')}${n}`;

  const person: Record<string, unknown> = {
    email: `${slug}.${n}@${options.emailDomain ?? 'talent.example.com'}`,
    firstName,
    lastName,
    phone: phone(rng, city.code),
    phoneWhatsapp: rng() < 0.6,
    linkedInUrl: rng() < 0.8 ? `https://www.linkedin.com/in/${handle}` : null,
    githubUrl: track === 'software' && rng() < 0.5 ? `https://github.com/${handle}` : null,
    stackoverflowUrl:
      track === 'software' && rng() < 0.15 ? `https://stackoverflow.com/users/${100000 + n}/${handle}` : null,
    dribbbleUrl: /design/i.test(title.name) && rng() < 0.5 ? `https://dribbble.com/${handle}` : null,
    portfolioUrl: rng() < 0.1 ? `https://${handle}.example.com` : null,
    summary: `${one(rng, SUMMARY_OPENERS)} ${title.name.toLowerCase()} with ${years} year${years === 1 ? '' : 's'} of experience${experiences.length ? ` at companies such as ${experiences[0].company}` : ''}. Looking for a role where I can ${one(rng, ['grow into leadership', 'ship products people love', 'work with modern tools', 'solve hard problems', 'mentor others'])}.`,
    currentLocationId: city.id,
    citizenshipId: citizenship.id,
    preferredLocations,
    visa,
    // Wanted next: the current title, or one a step along the same trade.
    jobTitleLookingFor: [
      ...new Set([
        title.id,
        ...some(rng, pools.titlesByTrack[track], int(rng, 0, 2))
          .filter((t) => fitsYears(t.name, years + 2))
          .map((t) => t.id),
      ]),
    ].slice(0, 5),
    typeOfEmployment: rng() < 0.8 ? [1] : some(rng, [1, 2, 3, 4], int(rng, 1, 3)),
    candidateStatus: [one(rng, [0, 1, 1, 1, 2, 3, 4])],
    expectedSalary: Math.round((pay * (1.1 + rng() * 0.2)) / 100) * 100,
    expectedSalaryCurrency: market.currency,
    currentSalary: experiences[0]?.currentPosition ? pay : null,
    currentSalaryCurrency: market.currency,
    noticePeriod: {
      type: Number(noticeType),
      option:
        noticeType === '1' ? String(int(rng, 1, 3)) : noticeType === '2' ? noticeDate : noticeType === '0' ? '0' : null,
    },
    workingRemotely: one(rng, [true, true, false, null]),
    visibility: rng() < 0.9,
    anonymous: rng() < 0.1,
    status,
    // Tags a curator picked; those the facts do not support are taken off below.
    tags: pools.tagIds.length && rng() < 0.3 ? some(rng, pools.tagIds, int(rng, 1, 2)) : [],
    source,
    sourceOtherText: source === 8 ? one(rng, ['Career fair', 'Meetup', 'University talk', 'Podcast']) : null,
    reasonForLeaving:
      rng() < 0.5
        ? one(rng, ['Looking for growth', 'Relocating', 'Company restructuring', 'Contract ended', 'Better pay'])
        : null,
    lookingFor:
      rng() < 0.5
        ? one(rng, [
            'A senior role in a product company',
            'Remote-friendly team',
            'Regional scope',
            'Early-stage startup',
          ])
        : null,
    ownerId: pools.adminIds.length ? one(rng, pools.adminIds) : null,
    skills,
    languages,
    experiences,
    educations,
  };
  person.tags = tagsOf(pools, person.tags as number[], factsOf(person, pools), today);
  return person;
}
