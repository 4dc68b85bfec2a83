/**
 * The second judged pool: the demo-like synthetic candidates (seeds/synthetic, whose 'Manufacturing
 * Engineer' or 'Solar Engineer' may list programming skills, as the demo's do) with, planted among
 * them, the shapes that once misled the matcher: full fits, fits missing one skill, near-miss titles
 * that share a word with the role ('Manufacturing Engineer' for a backend role, 'Solar Engineer' in
 * Yokohama for a data analyst), candidates with the exact title and none of the skills, and
 * candidates with every skill whose expected pay is far above an 'up to' salary.
 *
 * Relevance is not the matcher's: every candidate of the pool that holds a required skill or a title
 * the recruiter would shortlist is judged by the rubric a recruiter writes down (judge()):
 * 3 every required skill under an accepted title; 2 every required skill under another title, or
 * half of them under an accepted one; 1 an accepted title with some or none of the skills, or half
 * of them under another title; 0 otherwise, and 0 when the years, the pay or the place rule them out.
 */
import type { MatchProfile } from '../../backend/features/aiMatch';
import type { Ids, Rng } from './graded';

export interface SyntheticJob {
  key: string;
  /** The description as a recruiter pastes it. */
  text: string;
  /** The lookups' title of the planted fits. */
  title: string;
  /** Titles the recruiter would shortlist (the role's trade). */
  accept: string[];
  /** Each requirement with its alternatives: [['Apache Kafka', 'RabbitMQ']] is 'Kafka or RabbitMQ'. */
  required: string[][];
  /** Skills of the trade that are none of the required ones. */
  otherSkills: string[];
  /** Titles sharing a word with the role, of another trade. */
  nearMiss: string[];
  years: number;
  /** The top of the 'up to' monthly salary. */
  salaryMax: number;
  currency: string;
  city: string;
  /** Where the near misses of another country live (Yokohama for the Solar Engineer). */
  farCity: string;
}

export const SYNTHETIC_JOBS: SyntheticJob[] = [
  {
    key: 'backend-upto',
    text: `Senior Backend Engineer

We build the payment rails behind thousands of merchants across Southeast Asia.

What you will need
- 5+ years building backend services
- Java and Spring Boot
- PostgreSQL
- Kafka or RabbitMQ

Nice to have: Kubernetes, Docker.

Location: Singapore (hybrid).
Salary up to SGD 12,000 per month.`,
    title: 'Senior Backend Engineer',
    accept: [
      'Senior Backend Engineer',
      'Backend Engineer',
      'Backend Developer',
      'Software Engineer',
      'Senior Software Engineer',
      'Java Developer',
      'Full Stack Engineer',
      'Full Stack Developer',
      'Software Developer',
      'Staff Software Engineer',
    ],
    required: [['Java'], ['Spring Boot'], ['PostgreSQL'], ['Apache Kafka', 'RabbitMQ']],
    otherSkills: ['Ruby', 'PHP', 'Laravel', 'MySQL', 'Vue.js'],
    nearMiss: ['Manufacturing Engineer', 'Chemical Engineer', 'Solar Engineer', 'Sales Engineer'],
    years: 5,
    salaryMax: 12000,
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Yokohama',
  },
  {
    key: 'data-analyst',
    text: `Data Analyst

You will turn our sales and operations data into answers the business acts on.

SQL first, Python welcome. You build dashboards in Tableau or Power BI and explain them to people who do not read SQL.
At least 3 years as an analyst.

Based in Singapore. Pay: up to SGD 7,500 a month.`,
    title: 'Data Analyst',
    accept: [
      'Data Analyst',
      'Senior Data Analyst',
      'Business Intelligence Analyst',
      'Business Intelligence Developer',
      'Product Analyst',
      'Reporting Analyst',
      'Analytics Engineer',
      'Business Analyst',
      'Insights Analyst',
      'Marketing Analyst',
    ],
    required: [['SQL'], ['Tableau', 'Microsoft Power BI']],
    otherSkills: ['Statistics', 'Microsoft Excel', 'Adobe Photoshop', 'Figma'],
    nearMiss: ['Solar Engineer', 'Chemical Engineer', 'Data Entry Clerk', 'Manufacturing Engineer'],
    years: 3,
    salaryMax: 7500,
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Yokohama',
  },
  {
    key: 'devops-kl',
    text: `DevOps Engineer - Kuala Lumpur

We are looking for a DevOps Engineer to run our platform on AWS or Google Cloud. You must be proficient in Kubernetes, Terraform and Docker, with 3 to 6 years of experience.

Salary: MYR 9,000 - 14,000 per month. Full-time, on site in Kuala Lumpur.`,
    title: 'DevOps Engineer',
    accept: [
      'DevOps Engineer',
      'Site Reliability Engineer',
      'Platform Engineer',
      'Infrastructure Engineer',
      'Cloud Engineer',
      'Senior DevOps Engineer',
      'Systems Engineer',
    ],
    required: [['Amazon Web Services', 'Google Cloud Platform'], ['Kubernetes'], ['Terraform'], ['Docker']],
    otherSkills: ['Ruby', 'PHP', 'MySQL', 'Jenkins'],
    nearMiss: ['Sales Engineer', 'Manufacturing Engineer', 'Chemical Engineer', 'Solar Engineer'],
    years: 3,
    salaryMax: 14000,
    currency: 'MYR',
    city: 'Kuala Lumpur',
    farCity: 'Yokohama',
  },
  {
    key: 'accountant-hk',
    text: `Senior Accountant (Hong Kong)

Requirements
- Degree in accounting; at least 4 years of full-set accounting
- IFRS reporting
- Xero or QuickBooks
- Advanced Microsoft Excel

Monthly salary: up to HKD 45,000.`,
    title: 'Senior Accountant',
    accept: [
      'Senior Accountant',
      'Accountant',
      'Staff Accountant',
      'Chartered Accountant',
      'Certified Public Accountant',
      'Management Accountant',
      'Financial Controller',
      'Assistant Controller',
      'Fund Accountant',
      'Tax Accountant',
    ],
    required: [['IFRS'], ['Xero', 'QuickBooks'], ['Microsoft Excel']],
    otherSkills: ['Salesforce', 'Negotiation', 'Cold Calling'],
    nearMiss: ['Account Manager', 'Account Executive', 'Key Account Manager', 'Chemical Engineer'],
    years: 4,
    salaryMax: 45000,
    currency: 'HKD',
    city: 'Hong Kong',
    farCity: 'Yokohama',
  },
];

export type Shape = 'full' | 'most' | 'nearMiss' | 'farMiss' | 'zeroSkill' | 'overpaid';
export const SHAPE_COUNTS: Record<Shape, number> = {
  full: 5,
  most: 6,
  nearMiss: 8,
  farMiss: 3,
  zeroSkill: 6,
  overpaid: 5,
};

const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, list: T[]): T => list[Math.floor(rng() * list.length)];
const COMPANIES = ['Ninja Van', 'Grab', 'Shopee', 'DBS', 'Lazada', 'Carousell', 'OCBC', 'Agoda', 'Foodpanda'];

/** Whether planted candidate `n` of `shape` holds none of the required skills. */
export const holdsNone = (shape: Shape, n: number): boolean =>
  shape === 'zeroSkill' || shape === 'farMiss' || (shape === 'nearMiss' && n % 2 === 1);

/** A planted candidate of `shape` for `job`, as the admin API takes it. */
export function plantedCandidate(
  rng: Rng,
  job: SyntheticJob,
  ids: Ids,
  shape: Shape,
  n: number,
  year: number,
): Record<string, unknown> {
  const known = (names: string[]) => names.filter((s) => ids.skill(s) !== undefined);
  const oneOf = (alts: string[]) => alts[n % alts.length];
  let title = shape === 'most' ? job.accept[n % job.accept.length] : job.title;
  let skills = job.required.map(oneOf);
  let salary = Math.round((job.salaryMax * (0.7 + rng() * 0.25)) / 100) * 100;
  let city = job.city;
  let mentions = skills;
  switch (shape) {
    case 'most':
      skills = skills.filter((_, i) => i !== n % skills.length);
      mentions = skills.slice(0, 1);
      break;
    case 'nearMiss':
      // A word of the role's title, another trade; one of the required skills at most, as the demo's hold.
      title = job.nearMiss[n % job.nearMiss.length];
      skills = [...(holdsNone(shape, n) ? [] : skills.slice(0, 1)), ...known(job.otherSkills).slice(0, 2)];
      mentions = [];
      break;
    case 'farMiss':
      title = job.nearMiss[n % job.nearMiss.length];
      city = job.farCity;
      skills = known(job.otherSkills).slice(0, 2);
      mentions = [];
      break;
    case 'zeroSkill':
      skills = known(job.otherSkills).slice(0, 3);
      mentions = [];
      break;
    case 'overpaid':
      salary = Math.round((job.salaryMax * (1.45 + rng() * 0.3)) / 100) * 100;
      break;
  }
  const years = job.years + int(rng, shape === 'farMiss' ? -2 : 1, 5);
  const company = pick(rng, COMPANIES);
  return {
    firstName: pick(rng, ['Hui Min', 'Arun', 'Nur', 'Kenji', 'Maria', 'Tuan', 'Ayesha', 'Daniel']),
    lastName: pick(rng, ['Goh', 'Pillai', 'Aziz', 'Tanaka', 'Reyes', 'Pham', 'Khan', 'Lim']),
    email: `${job.key}.${shape}.${n}@bench-match.example.org`,
    status: 1,
    summary: `${title}.`,
    currentLocationId: ids.city(city),
    preferredLocations: [{ locationId: ids.city(city), visaType: 1 }],
    jobTitleLookingFor: [ids.title(title)],
    typeOfEmployment: [1],
    candidateStatus: [1],
    expectedSalary: salary,
    expectedSalaryCurrency: job.currency,
    noticePeriod: { type: 1, option: String(int(rng, 1, 2)) },
    workingRemotely: false,
    skills: skills.flatMap((s, i) => {
      const id = ids.skill(s);
      return id === undefined ? [] : [{ skillId: id, isStar: i < 2 }];
    }),
    languages: [{ languageId: ids.language('en'), level: 3 }],
    experiences: [
      {
        title,
        company,
        startDate: `${year - Math.max(1, years)}-03-01`,
        currentPosition: true,
        description: `Built and ran production work${mentions.length ? ` with ${mentions.join(', ')}` : ''}.`,
      },
    ],
    educations: [],
    source: 1,
  };
}

export interface JudgeFacts {
  /** Skill ids of each requirement with its alternatives. */
  required: number[][];
  /** Accepted titles, lower case. */
  accept: Set<string>;
  /** The role's country. */
  countryId: number;
  /** The most a month the role pays, in SGD. */
  maxSgd: number;
  years: number;
  today: string;
  ratesToSgd: Map<string, number>;
}

const monthsOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The recruiter's rubric: relevance 0 to 3 of one profile (see the file's comment). */
export function judge(p: MatchProfile, f: JudgeFacts): number {
  const has = new Set(p.skills.map((s) => s.id));
  const held = f.required.filter((alts) => alts.some((id) => has.has(id))).length;
  const share = held / f.required.length;
  const titles = [...p.wantedTitles.map((t) => t.label), ...p.jobs.slice(0, 1).map((j) => j.titleLabel ?? j.title)];
  const titleOk = titles.some((t) => f.accept.has(t.toLowerCase()));
  const years = p.careerStart ? Math.floor((monthsOf(f.today) - monthsOf(p.careerStart)) / 12) : 0;
  const rate = p.salary ? f.ratesToSgd.get(p.salary.currency) : undefined;
  const pay = p.salary && rate !== undefined ? p.salary.amount * rate : undefined;
  const mayWork = (v: number | null) => v === null || v === 1 || v === 2 || v === 3;
  const placeOk =
    p.preferred.some((l) => l.countryId === f.countryId && mayWork(l.visaType)) ||
    p.currentLocation?.countryId === f.countryId;
  if (years < f.years * 0.7 || (pay !== undefined && pay > f.maxSgd * 1.25) || !placeOk) return 0;
  if (share === 1) return titleOk ? 3 : 2;
  if (share >= 0.5) return titleOk ? 2 : 1;
  return titleOk ? 1 : 0;
}
