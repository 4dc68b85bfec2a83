/**
 * What synthetic candidates are drawn from: the lookup rows in the database (ids and names)
 * and a few hand-written word lists for schools and degrees (people's names: names.ts; employers
 * and their industries: employers.ts). Languages are named as people type them and found through
 * the one name matcher the import and the pickers use, so 'Mandarin' is the row a recruiter's
 * 'Mandarin' finds.
 */
import type { Knex } from 'knex';
import { EMPLOYER_FACTS } from './employers';
import { businessSkills } from '../lookups/data/skills/business.js';
import { dataAndDesignSkills } from '../lookups/data/skills/dataAndDesign.js';
import { engineeringAndGeneralSkills } from '../lookups/data/skills/engineeringAndGeneral.js';
import { infrastructureSkills } from '../lookups/data/skills/infrastructure.js';
import { professionSkills } from '../lookups/data/skills/professions.js';
import { programmingSkills } from '../lookups/data/skills/programming.js';

export interface Named {
  id: number;
  name: string;
}
export interface Coded extends Named {
  code: string;
}
export interface CityRow extends Coded {
  countryId: number;
}

export type Track = 'software' | 'infrastructure' | 'data' | 'business' | 'professions';

export interface Pools {
  cities: CityRow[];
  /** Cities in the markets the product serves first, drawn more often. */
  homeCities: CityRow[];
  homeCitiesByCode: Map<string, CityRow[]>;
  countriesByCode: Map<string, Named>;
  citizenshipsByCode: Map<string, Coded>;
  citizenships: Coded[];
  jobTitles: Named[];
  titlesByTrack: Record<Track, Named[]>;
  skillsByTrack: Record<Track, Named[]>;
  languages: Coded[];
  /** The language most people speak beside English where they live, by country code. */
  localLanguages: Record<string, Coded>;
  /** The languages some people speak besides, wherever they live. */
  otherLanguages: Coded[];
  industries: Named[];
  industriesByName: Map<string, Named>;
  /** Tags any profile may carry, and the tags that state a fact (given only where the fact holds). */
  tagIds: number[];
  factTags: { sgpr?: number; senior?: number; graduate?: number };
  /** Every active tag's identifier by id. */
  tagIdentifiers: Map<number, string>;
  adminIds: number[];
}

/** The markets most candidates live in, with their salary currency and typical monthly pay (mid-level, local currency). */
export const MARKETS: Record<string, { currency: string; pay: number; weight: number }> = {
  SG: { currency: 'SGD', pay: 7000, weight: 30 },
  HK: { currency: 'HKD', pay: 40000, weight: 12 },
  MY: { currency: 'MYR', pay: 8000, weight: 10 },
  ID: { currency: 'IDR', pay: 18000000, weight: 8 },
  PH: { currency: 'PHP', pay: 70000, weight: 8 },
  TH: { currency: 'THB', pay: 60000, weight: 5 },
  VN: { currency: 'VND', pay: 30000000, weight: 5 },
  IN: { currency: 'INR', pay: 120000, weight: 8 },
  AU: { currency: 'AUD', pay: 9000, weight: 6 },
  GB: { currency: 'GBP', pay: 4500, weight: 3 },
  US: { currency: 'USD', pay: 9000, weight: 3 },
  JP: { currency: 'JPY', pay: 550000, weight: 2 },
};

/**
 * The language people speak beside English where they live, as they name it (Singapore's Chinese is
 * Mandarin, Hong Kong's Cantonese), for the markets and the other countries people most often come from.
 */
export const LOCAL_LANGUAGES: Record<string, string> = {
  SG: 'Mandarin',
  HK: 'Cantonese',
  TW: 'Mandarin',
  CN: 'Mandarin',
  MY: 'Malay',
  ID: 'Indonesian',
  PH: 'Tagalog',
  TH: 'Thai',
  VN: 'Vietnamese',
  IN: 'Hindi',
  JP: 'Japanese',
  KR: 'Korean',
  FR: 'French',
  DE: 'German',
  ES: 'Spanish',
  MX: 'Spanish',
  IT: 'Italian',
  BR: 'Portuguese',
  RU: 'Russian',
};

/** Languages some people speak besides, wherever they live. */
export const OTHER_LANGUAGES = [
  'Mandarin',
  'Cantonese',
  'Malay',
  'Tamil',
  'Hindi',
  'Japanese',
  'Korean',
  'French',
  'German',
  'Spanish',
  'Indonesian',
  'Arabic',
];

export const SCHOOLS = [
  'National University of Singapore',
  'Nanyang Technological University',
  'Singapore Management University',
  'Singapore University of Technology and Design',
  'Singapore Polytechnic',
  'Ngee Ann Polytechnic',
  'Temasek Polytechnic',
  'The University of Hong Kong',
  'Hong Kong University of Science and Technology',
  'The Chinese University of Hong Kong',
  'City University of Hong Kong',
  'Universiti Malaya',
  'Universiti Teknologi Malaysia',
  'Universitas Indonesia',
  'Institut Teknologi Bandung',
  'University of the Philippines',
  'Ateneo de Manila University',
  'De La Salle University',
  'Chulalongkorn University',
  'Vietnam National University',
  'Indian Institute of Technology Bombay',
  'Indian Institute of Technology Delhi',
  'University of Delhi',
  'University of Melbourne',
  'University of Sydney',
  'Monash University',
  'University of New South Wales',
  'University of Tokyo',
  'Imperial College London',
  'University College London',
  'University of Manchester',
  'Stanford University',
  'University of California, Berkeley',
];

export const DEGREES = [
  'Bachelor of Science',
  'Bachelor of Engineering',
  'Bachelor of Arts',
  'Bachelor of Business Administration',
  'Master of Science',
  'Master of Business Administration',
  'Diploma',
  'Bachelor of Computing',
  'Master of Engineering',
  'PhD',
];

export const FIELDS: Record<Track, string[]> = {
  software: ['Computer Science', 'Software Engineering', 'Information Systems', 'Computer Engineering'],
  infrastructure: ['Computer Engineering', 'Information Technology', 'Electrical Engineering', 'Network Engineering'],
  data: ['Statistics', 'Data Science', 'Mathematics', 'Design', 'Economics'],
  business: ['Business Administration', 'Marketing', 'Finance', 'Accountancy', 'Economics'],
  professions: ['Nursing', 'Law', 'Mechanical Engineering', 'Civil Engineering', 'Psychology', 'Communications'],
};

/** Which skill list fits a job title. */
export function trackOf(title: string): Track {
  if (/data|machine learning|\bml\b|\bai\b|analyst|design|ux|ui|research/i.test(title)) return 'data';
  if (/devops|reliab|platform|cloud|network|system|security|infrastructure|database|support|kubernetes/i.test(title))
    return 'infrastructure';
  if (/engineer|developer|programmer|architect|tech lead|qa|test/i.test(title)) return 'software';
  if (
    /sales|marketing|account|finance|product|manager|hr|human|recruit|operations|business|consult|director|officer/i.test(
      title,
    )
  )
    return 'business';
  return 'professions';
}

export async function loadPools(knex: Knex): Promise<Pools> {
  // One after another: inside a seed transaction there is a single connection.
  const cities = await knex('cities').select('id', 'name', 'code', 'country_id as countryId').orderBy('id');
  const countries = await knex('countries').select('id', 'name', 'code').orderBy('id');
  const citizenships = await knex('citizenships').select('id', 'name', 'country_code as code').orderBy('id');
  const jobTitles = await knex('job_titles').select('id', 'name').orderBy('id');
  const skills = await knex('skills').select('id', 'name').orderBy('id');
  const languages = await knex('languages').select('id', 'name', 'code').orderBy('id');
  const industries = await knex('industries').select('id', 'name').orderBy('id');
  const tagRows: { id: number; identifier: string }[] = await knex('tags')
    .where('status', 1)
    .orderBy('id')
    .select('id', 'identifier');
  const FACTS = ['sgpr', 'senior', 'graduate'];
  const tags = tagRows.filter((tag) => !FACTS.includes(tag.identifier)).map((tag) => tag.id);
  const factTags = Object.fromEntries(
    tagRows.filter((tag) => FACTS.includes(tag.identifier)).map((tag) => [tag.identifier, tag.id]),
  );
  const admins = await knex('admins').where('status', 1).orderBy('id').pluck('id');
  if (!cities.length || !jobTitles.length || !skills.length)
    throw new Error('Load the lookups first (npm run db:seed -- --only lookups)');
  // By the names people type, through the one matcher: a name, alias or code, never a guess.
  // (Imported here, not at the top: the generator threads import this file's lists, not the matcher.)
  const { loadIndex } = await import('../../backend/features/lookups');
  const languageIndex = await loadIndex(knex, 'languages');
  const languageById = new Map((languages as Coded[]).map((l) => [l.id, l]));
  const language = (name: string): Coded => {
    const match = languageIndex.exactly(name);
    const row = match && languageById.get(match.id);
    if (!row) throw new Error(`No language '${name}': load the names first (npm run db:seed -- --only names)`);
    return row;
  };
  const industriesByName = new Map((industries as Named[]).map((i) => [i.name, i]));
  for (const [employer, { industries: names }] of Object.entries(EMPLOYER_FACTS))
    for (const name of names)
      if (!industriesByName.has(name)) throw new Error(`No industry '${name}' (of ${employer}) in the lookups`);
  const skillByName = new Map((skills as Named[]).map((s) => [s.name.toLowerCase(), s]));
  const pick = (names: readonly string[]) =>
    names.map((n) => skillByName.get(n.toLowerCase())).filter((s): s is Named => Boolean(s));
  const homeCities = (cities as CityRow[]).filter((c) => c.code in MARKETS);
  const homeCitiesByCode = new Map<string, CityRow[]>();
  for (const c of homeCities) homeCitiesByCode.set(c.code, [...(homeCitiesByCode.get(c.code) ?? []), c]);
  const titlesByTrack = { software: [], infrastructure: [], data: [], business: [], professions: [] } as Record<
    Track,
    Named[]
  >;
  for (const t of jobTitles as Named[]) titlesByTrack[trackOf(t.name)].push(t);
  return {
    cities,
    homeCities,
    homeCitiesByCode,
    titlesByTrack,
    countriesByCode: new Map((countries as Coded[]).map((c) => [c.code, c])),
    citizenshipsByCode: new Map((citizenships as Coded[]).map((c) => [c.code, c])),
    citizenships,
    jobTitles,
    skillsByTrack: {
      software: pick([...programmingSkills, ...engineeringAndGeneralSkills.slice(0, 40)]),
      infrastructure: pick([...infrastructureSkills, ...programmingSkills.slice(0, 30)]),
      data: pick(dataAndDesignSkills),
      business: pick(businessSkills),
      professions: pick([...professionSkills, ...engineeringAndGeneralSkills]),
    },
    languages,
    localLanguages: Object.fromEntries(Object.entries(LOCAL_LANGUAGES).map(([code, name]) => [code, language(name)])),
    otherLanguages: OTHER_LANGUAGES.map(language),
    industries,
    industriesByName,
    tagIds: tags,
    factTags,
    tagIdentifiers: new Map(tagRows.map((tag) => [tag.id, tag.identifier])),
    adminIds: admins as number[],
  };
}
