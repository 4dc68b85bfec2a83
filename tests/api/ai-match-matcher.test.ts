/**
 * The AI match's matcher on a real database: a job description read into requirements with the
 * names the import resolves; candidates written through the admin API, retrieved through search
 * and scored part by part with evidence from their profiles; a strong fit above a keyword trap and
 * above a fit that the years rule out; and the same profile under other names and citizenships
 * scored the same, with the same evidence.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadIndex } from '../../backend/features/lookups';
import {
  localVerdict,
  readRequirements,
  requirementsSchema,
  retrieveAndScore,
  type Requirements,
  type Scored,
} from '../../backend/features/aiMatch';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

const JD = `Senior Backend Engineer (Payments)

About us
We are a regional fintech. We use Salesforce and love Design thinking.

What you'll do
- Design and build payment services in Java and Spring Boot
- Run event streams on Kafka and deploy to AWS

Requirements
- 5+ years of professional software engineering experience
- Strong Java and PostgreSQL skills
- Fluent English

Nice to have
- Experience with k8s
- Mandarin is a plus

Location: Singapore (hybrid). Full-time, permanent role.
Salary: SGD 8,000 - 11,000 per month.`;

const year = new Date().getUTCFullYear();
let t: TestApp;
let ids: TalentIds;
let admin: string;
const skill = async (name: string) => (await t.knex('skills').where('name', name).first('id')).id as number;
const title = async (name: string) => (await t.knex('job_titles').where('name', name).first('id')).id as number;

async function create(overrides: Record<string, unknown>): Promise<number> {
  const res = await t.http
    .post('/api/v1/candidates')
    .set('Authorization', `Bearer ${admin}`)
    .send(candidatePayload(ids, { status: 1, ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(String(res.body.id).replace('Candidate:', ''));
}

beforeAll(async () => {
  t = await testApp();
  ids = await talentIds(t.knex);
  admin = await t.login('admin@example.com');
});

describe('Reading a job description', () => {
  it('Finds the skills, required or nice to have, under the names the import resolves, and the title, years, salary, languages and place', async () => {
    const req = await readRequirements(t.knex, JD);
    const mandarin = (await t.knex('languages').where('code', 'cmn').first('id')).id as number;
    const skills = await loadIndex(t.knex, 'skills');
    const id = (name: string) => skills.resolve(name)!.id;
    const required = req.skills.filter((s) => s.required).map((s) => s.id);
    const nice = req.skills.filter((s) => !s.required).map((s) => s.id);
    expect(required).toEqual(
      expect.arrayContaining([id('Java'), id('Spring Boot'), id('Kafka'), id('AWS'), id('PostgreSQL')]),
    );
    expect(req.skills.find((s) => s.id === id('Kafka'))?.label).toBe('Apache Kafka');
    expect(nice).toContain(id('k8s'));
    // The company's blurb is not the role's: Salesforce is no requirement.
    expect(req.skills.map((s) => s.label)).not.toContain('Salesforce');
    expect(req.jobTitles.map((s) => s.label)).toContain('Senior Backend Engineer');
    expect(req.years).toEqual({ min: 5 });
    expect(req.salary).toEqual({ min: 8000, max: 11000, currency: 'SGD' });
    expect(req.languages).toEqual(
      expect.arrayContaining([
        { id: ids.english, label: 'English', level: 3 },
        { id: mandarin, label: 'Mandarin', required: false },
      ]),
    );
    expect(req.locations).toEqual([{ id: ids.singapore, label: 'Singapore' }]);
    expect(req.employmentTypes).toEqual([1]);
    expect(req.rightToWorkIn).toBeUndefined();
    expect(requirementsSchema.parse(req)).toEqual(req);
  });

  it('Refuses an edit of the requirements that is out of range, naming the field', () => {
    const bad = requirementsSchema.safeParse({
      skills: [],
      jobTitles: [],
      languages: [],
      locations: [],
      employmentTypes: [5],
      years: { min: 90 },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['employmentTypes.0', 'years.min']),
    );
  });

  it('Reads a right to work in a country, a year range and a yearly salary in another currency', async () => {
    const req = await readRequirements(
      t.knex,
      'Data Engineer\nWe need 3-5 years of experience with Python.\nCandidates must have the right to work in Singapore.\nUSD 96,000 - 120,000 per year. Fully remote.',
    );
    expect(req.years).toEqual({ min: 3, max: 5 });
    expect(req.salary).toEqual({ min: 8000, max: 10000, currency: 'USD' });
    expect(req.rightToWorkIn).toEqual([ids.sgCountry]);
    expect(req.remote).toBe(true);
  });
});

describe('Scoring what search retrieves', () => {
  let req: Requirements;
  let scored: Scored[];
  const byId = (id: number) => scored.find((s) => s.candidateId === id)!;
  const people: Record<string, number> = {};

  beforeAll(async () => {
    req = await readRequirements(t.knex, JD);
    const mandarin = (await t.knex('languages').where('code', 'cmn').first('id')).id as number;
    const [java, spring, kafka, aws, postgres, recruiting, sourcing] = await Promise.all(
      [
        'Java',
        'Spring Boot',
        'Apache Kafka',
        'Amazon Web Services',
        'PostgreSQL',
        'Technical Recruiting',
        'Sourcing',
      ].map(skill),
    );
    const backend = await title('Senior Backend Engineer');
    const engineer = (start: number) => ({
      jobTitleLookingFor: [backend],
      skills: [java, spring, kafka, aws, postgres].map((skillId, i) => ({ skillId, isStar: i < 2 })),
      experiences: [
        {
          title: 'Senior Backend Engineer',
          company: 'Grab',
          startDate: `${start}-01-01`,
          currentPosition: true,
          description: 'Payment services in Java and Spring Boot on Kafka, PostgreSQL and AWS.',
        },
      ],
      languages: [
        { languageId: ids.english, level: 3 },
        { languageId: mandarin, level: 2 },
      ],
      preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
      expectedSalary: 10000,
      expectedSalaryCurrency: 'SGD',
      noticePeriod: { type: 1, option: '1' },
    });
    people.strong = await create({ firstName: 'Aisha', lastName: 'Rahman', ...engineer(year - 7) });
    people.junior = await create({ firstName: 'Bo', lastName: 'Chen', ...engineer(year - 1) });
    people.trap = await create({
      firstName: 'Cy',
      lastName: 'Lee',
      summary: 'Technical recruiter hiring Java, Spring Boot, Kafka, AWS and PostgreSQL backend engineers.',
      jobTitleLookingFor: [await title('Technical Recruiter')],
      skills: [{ skillId: recruiting, isStar: true }, { skillId: sourcing }],
      experiences: [
        {
          title: 'Technical Recruiter',
          company: 'Hays',
          startDate: `${year - 8}-01-01`,
          currentPosition: true,
          description: 'Hired Java, Kafka and AWS backend engineers for banks.',
        },
      ],
      preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
      languages: [{ languageId: ids.english, level: 3 }],
    });
    // The strong fit again, under other names, contact details and citizenships.
    const twin = engineer(year - 7);
    const malaysian = (await t.knex('citizenships').where('country_code', 'MY').first('id')).id as number;
    // A Malaysian holding a work pass in Singapore may work there as a citizen may: the same fit.
    people.twinA = await create({
      ...twin,
      firstName: 'Zhang',
      lastName: 'Wei',
      email: 'zw@example.net',
      phone: '+65 8123 4567',
      citizenshipId: malaysian,
      preferredLocations: [{ locationId: ids.singapore, visaType: 3, visaCategory: 'Employment Pass' }],
    });
    people.twinB = await create({
      ...twin,
      firstName: 'Olusegun',
      lastName: 'Adeyemi',
      linkedInUrl: 'linkedin.com/in/oa',
      citizenshipId: null,
    });
    // Every candidate the words or skills find is scored, so that the trap is seen and placed.
    scored = await retrieveAndScore(t.knex, req, {}, { retrieve: 2000 });
  });

  it('Ranks the strong fit first, with evidence from the work history', () => {
    const strong = byId(people.strong);
    expect(scored[0].score).toBe(strong.score);
    expect(strong.score).toBeGreaterThanOrEqual(90);
    const skills = strong.parts.find((p) => p.key === 'skills')!;
    expect(skills.evidence).toMatch(/^5 of 5 required skills: .*Java, 7 years in 1 job \(\d{4}–present\)/);
    expect(strong.parts.find((p) => p.key === 'years')!.evidence).toMatch(
      /^7 years of experience since \d{4}, against 5\+ asked$/,
    );
    expect(strong.parts.find((p) => p.key === 'salary')!.evidence).toBe(
      'Expects SGD 10,000 a month, against SGD 8,000–11,000',
    );
    const verdict = localVerdict(strong);
    expect(verdict.recommendation).toBe('strong_yes');
    expect(verdict.strengths[0]).toMatch(/^Skills: 5 of 5 required skills/);
  });

  it('Puts the keyword trap, whose words match but whose work does not, below every engineer who could take the job', () => {
    const trap = byId(people.trap);
    expect(trap).toBeDefined();
    expect(trap.score).toBeLessThan(byId(people.strong).score - 30);
    expect(trap.parts.find((p) => p.key === 'skills')!.points).toBe(0);
    expect(localVerdict(trap).recommendation).toBe('no');
  });

  it('Rules out the engineer with every skill but one year of experience, and says why', () => {
    const junior = byId(people.junior);
    expect(junior.ruledOutBy).toEqual(['years']);
    expect(junior.score).toBeLessThan(40);
    const verdict = localVerdict(junior);
    expect(verdict.recommendation).toBe('no');
    expect(verdict.reasoning).toMatch(
      /ruled out by experience \(1 year of experience since \d{4}, against 5\+ asked\)/,
    );
  });

  it('Gives the same profile under other names and citizenships the same score and the same evidence', () => {
    const strong = byId(people.strong);
    for (const twin of [byId(people.twinA), byId(people.twinB)]) {
      expect(twin.score).toBe(strong.score);
      expect(twin.parts).toEqual(strong.parts);
    }
    const text = JSON.stringify(scored);
    for (const word of ['Aisha', 'Rahman', 'Zhang', 'Olusegun', 'zw@example.net', '8123', 'linkedin', 'Malaysia'])
      expect(text).not.toContain(word);
  });

  it('Ranks the same best candidates when the holders of a required skill are more than it ranks at once', async () => {
    // Six more hold two of the required skills; a budget of five makes retrieval rank the narrower
    // set (every required skill, or the title) and fill up from the wider one.
    const [java, kafka] = await Promise.all(['Java', 'Apache Kafka'].map(skill));
    for (let i = 0; i < 6; i += 1)
      await create({
        firstName: `Part${i}`,
        lastName: 'Holder',
        jobTitleLookingFor: [await title('Technical Writer')],
        skills: [{ skillId: java }, { skillId: kafka }],
      });
    const narrowed = await retrieveAndScore(t.knex, req, {}, { retrieve: 3, rankBudget: 5 });
    const best = scored.slice(0, 3).map((s) => s.candidateId);
    expect(best).toEqual([people.strong, people.twinA, people.twinB]);
    expect(narrowed.map((s) => s.candidateId)).toEqual(best);
  });

  it('Keeps the admin filters: a filter on Kuala Lumpur leaves out everyone who prefers Singapore alone', async () => {
    const inKl = await retrieveAndScore(t.knex, req, { values: { l: [String(ids.kualaLumpur)] } });
    expect(inKl.map((s) => s.candidateId)).not.toContain(people.strong);
  });
});
