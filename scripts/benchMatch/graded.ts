/**
 * Candidates whose relevance to a job is known by construction, as the admin API takes them:
 * - 3, a strong fit: every required skill (a few highlighted, named in the work history), the title,
 *   the years, the place, the pay and the languages;
 * - 2, most: all but one required skill, the title or a related one, the rest fitting;
 * - 1, a related title only: a title of the same trade, none of the required skills;
 * - 0, none: the trade's other skills under an unrelated title;
 * - 0, keyword traps: other trades whose summary and work history name every required skill
 *   (recruiters hiring for them, trainers teaching them): the words match, the work does not;
 * - 0, hard cases: every skill and the title, but too few years, a salary far above the range,
 *   a place far away they may not work in, or a required language missing.
 */
import type { Job } from './jobs';

export type Rng = () => number;
export type Grade = 'strong' | 'most' | 'related' | 'none' | 'trap' | 'hard';
export const RELEVANCE: Record<Grade, number> = { strong: 3, most: 2, related: 1, none: 0, trap: 0, hard: 0 };
export const COUNTS: Record<Grade, number> = { strong: 6, most: 10, related: 14, none: 6, trap: 10, hard: 10 };

export interface Ids {
  skill: (name: string) => number | undefined;
  title: (name: string) => number;
  city: (name: string) => number;
  language: (code: string) => number;
}

const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, list: T[]): T => list[Math.floor(rng() * list.length)];
const shuffle = <T>(rng: Rng, list: T[]): T[] =>
  [...list]
    .map((v) => [rng(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

const FIRST = ['Alex', 'Sam', 'Jordan', 'Priya', 'Wei', 'Siti', 'Minh', 'Yuki', 'Omar', 'Grace', 'Arjun', 'Mei'];
const LAST = ['Tan', 'Lim', 'Nguyen', 'Kumar', 'Santos', 'Wong', 'Rahman', 'Sato', 'Lee', 'Ong'];
const COMPANIES = ['Grab', 'Shopee', 'DBS', 'Sea', 'Lazada', 'Gojek', 'Carousell', 'OCBC', 'Agoda', 'Traveloka'];

/** A candidate of `grade` for `job`, numbered `n` (unique emails); `hardKind` picks the rule-out of a hard case. */
export function gradedCandidate(
  rng: Rng,
  job: Job,
  ids: Ids,
  grade: Grade,
  n: number,
  year: number,
): Record<string, unknown> {
  const required = job.required;
  const known = (names: string[]) => names.filter((s) => ids.skill(s) !== undefined);
  let skills: string[] = [];
  let title = job.title;
  let years = job.years + int(rng, 1, 6);
  let city = job.city;
  let visaType = pick(rng, [1, 1, 2, 3]);
  let salary = Math.round((job.salary[0] + rng() * (job.salary[1] - job.salary[0])) / 100) * 100;
  let languages = job.languages;
  let mentions: string[] = [];
  let summary = `${title} who ships reliable work.`;
  const hardKinds = ['years', 'salary', 'location', job.languages.length > 1 ? 'language' : 'salary'];
  const hard = grade === 'hard' ? hardKinds[n % hardKinds.length] : undefined;
  switch (grade) {
    case 'strong':
      skills = [...required, ...(rng() < 0.5 ? job.nice : [])];
      mentions = required;
      break;
    case 'most': {
      const drop = required[int(rng, 0, required.length - 1)];
      skills = [...required.filter((s) => s !== drop), ...known(job.otherSkills).slice(0, 1)];
      mentions = skills.slice(0, 2);
      if (rng() < 0.3) title = job.related;
      break;
    }
    case 'related':
      title = job.related;
      skills = shuffle(rng, known(job.otherSkills)).slice(0, 3);
      mentions = skills.slice(0, 1);
      summary = `${title} with a steady record.`;
      break;
    case 'none':
      title = pick(rng, job.trapTitles);
      skills = shuffle(rng, known(job.otherSkills)).slice(0, 2);
      summary = `${title}.`;
      break;
    case 'trap':
      title = job.trapTitles[n % job.trapTitles.length];
      skills = [];
      summary = `${title} working with ${required.join(', ')} teams every day; ${job.title.toLowerCase()} roles are what I know best.`;
      mentions = [];
      break;
    case 'hard':
      skills = [...required, ...job.nice];
      mentions = required;
      if (hard === 'years') years = job.years >= 3 ? int(rng, 0, 1) : 0;
      if (hard === 'salary') salary = Math.round((job.salary[1] * (1.6 + rng() * 0.6)) / 100) * 100;
      if (hard === 'location') {
        city = job.farCity;
        visaType = 1;
      }
      if (hard === 'language') languages = ['en'];
      break;
  }
  const start = `${year - years}-0${int(rng, 1, 9)}-01`;
  const company = pick(rng, COMPANIES);
  const description =
    grade === 'trap'
      ? `Hired ${required.join(', ')} specialists for ${company}; ran ${required.slice(0, 2).join(' and ')} meetups.`
      : `Built and ran production work${mentions.length ? ` with ${mentions.join(', ')}` : ''}.`;
  const experiences = years
    ? [{ title, company, startDate: start, currentPosition: true, description }]
    : [{ title: `${title} Intern`, company, startDate: `${year}-01-01`, currentPosition: true, description }];
  const first = pick(rng, FIRST);
  const last = pick(rng, LAST);
  return {
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${job.key}.${grade}.${n}@bench-match.example.org`.toLowerCase(),
    status: 1,
    summary,
    currentLocationId: ids.city(city),
    preferredLocations: [{ locationId: ids.city(city), visaType }],
    jobTitleLookingFor: [ids.title(title)],
    typeOfEmployment: [1],
    candidateStatus: [1],
    expectedSalary: salary,
    expectedSalaryCurrency: job.currency,
    noticePeriod: { type: 1, option: String(int(rng, 1, 3)) },
    workingRemotely: rng() < 0.5,
    skills: skills.flatMap((s, i) => {
      const id = ids.skill(s);
      return id === undefined ? [] : [{ skillId: id, isStar: i < 2 && grade !== 'most' }];
    }),
    languages: languages.map((code, i) => ({ languageId: ids.language(code), level: i === 0 ? 3 : 2 })),
    experiences,
    educations: [],
    source: 1,
  };
}
