/**
 * The talent pool of a new installation: the demo candidate (candidate@example.com) with a
 * complete profile, and 1,999 realistic generated candidates (tests/seeds/realism.test.ts holds both to
 * the realism rules: phones of their country, tags their facts support, industries of their employers,
 * languages as the matcher names them). Every row passes the API's checks
 * (checkCandidate) before it is written; existing emails are left alone, so it can run again.
 */
import type { Knex } from 'knex';
import { columnOf, entity } from '../../schema';
import { modelFor } from '../../backend/db/models';
import {
  CANDIDATE_REF_ENTITIES,
  checkCandidate,
  preloadIds,
  type CheckedCandidate,
} from '../../backend/features/talent/bulk';
import { loadIndex } from '../../backend/features/lookups';
import { makeCandidate, rngFrom } from '../synthetic/candidateFactory';
import { loadPools } from '../synthetic/pools';

export const DEMO_CANDIDATE_EMAIL = 'candidate@example.com';
const GENERATED = 1999;
const CHUNK = 250;

const candidate = entity('candidate');

async function idOf(knex: Knex, table: string, column: string, value: string): Promise<number> {
  const row = await knex(table).whereRaw(`lower(${column}) = lower(?)`, [value]).first('id');
  if (!row) throw new Error(`demo candidate: no ${table} row '${value}'`);
  return row.id;
}

/** Chloe Wong: every part of a profile filled in, for the candidate's own page and the console. */
async function demoProfile(knex: Knex): Promise<Record<string, unknown>> {
  const city = (name: string) => idOf(knex, 'cities', 'name', name);
  const skill = (name: string) => idOf(knex, 'skills', 'name', name);
  const title = (name: string) => idOf(knex, 'job_titles', 'name', name);
  // Named as she would type them, found through the one matcher the import and the pickers use.
  const languages = await loadIndex(knex, 'languages');
  const language = (name: string) => {
    const match = languages.exactly(name);
    if (!match) throw new Error(`demo candidate: no language '${name}'`);
    return match.id;
  };
  const now = new Date().getUTCFullYear();
  return {
    firstName: 'Chloe',
    lastName: 'Wong',
    phone: '+6591234567',
    phoneWhatsapp: true,
    linkedInUrl: 'linkedin.com/in/chloewong-dev',
    githubUrl: 'https://github.com/chloewong',
    portfolioUrl: 'https://chloewong.dev',
    summary:
      'Senior software engineer with nine years of experience building payment and marketplace platforms in Southeast Asia. I lead small teams, care about reliable systems and clear APIs, and enjoy mentoring engineers who are new to the region.',
    currentLocationId: await city('Singapore'),
    citizenshipId: await idOf(knex, 'citizenships', 'country_code', 'SG'),
    preferredLocations: [
      { locationId: await city('Singapore'), visaType: 1, visaCategory: null },
      { locationId: await city('Hong Kong'), visaType: 4, visaCategory: 'Employment visa' },
      { locationId: await city('Kuala Lumpur'), visaType: 3, visaCategory: 'Employment Pass' },
    ],
    visa: 'Citizen',
    jobTitleLookingFor: [
      await title('Senior Software Engineer'),
      await title('Technical Lead'),
      await title('Engineering Manager'),
    ],
    typeOfEmployment: [1, 2],
    candidateStatus: [1],
    expectedSalary: 12000,
    expectedSalaryCurrency: 'SGD',
    currentSalary: 10500,
    currentSalaryCurrency: 'SGD',
    noticePeriod: { type: 1, option: '2' },
    workingRemotely: true,
    visibility: true,
    anonymous: false,
    status: 1,
    source: 7,
    reasonForLeaving: 'Looking for a larger scope and a team to lead',
    lookingFor: 'A technical lead role in a product company, hybrid or remote',
    ownerId: await idOf(knex, 'admins', 'email', 'advocate@example.com'),
    skills: [
      { skillId: await skill('TypeScript'), isStar: true },
      { skillId: await skill('Node.js'), isStar: true },
      { skillId: await skill('React'), isStar: true },
      { skillId: await skill('PostgreSQL'), isStar: true },
      { skillId: await skill('Kubernetes'), isStar: false },
      { skillId: await skill('Go'), isStar: false },
      { skillId: await skill('Python'), isStar: false },
    ],
    languages: [
      { languageId: language('English'), level: 3 },
      { languageId: language('Mandarin'), level: 3 },
      { languageId: language('Malay'), level: 1 },
    ],
    experiences: [
      {
        title: 'Senior Software Engineer',
        company: 'Airwallex',
        countryId: await idOf(knex, 'countries', 'code', 'SG'),
        location: 'Singapore',
        startDate: `${now - 3}-03-01`,
        currentPosition: true,
        industryId: await idOf(knex, 'industries', 'name', 'Financial Services'),
        description:
          'Lead a team of five building the card-issuing platform; moved settlement to an event-driven design and cut reconciliation time from hours to minutes.',
      },
      {
        title: 'Software Engineer',
        company: 'Shopee',
        countryId: await idOf(knex, 'countries', 'code', 'SG'),
        location: 'Singapore',
        startDate: `${now - 7}-07-01`,
        endDate: `${now - 3}-02-28`,
        industryId: await idOf(knex, 'industries', 'name', 'Online and Mail Order Retail'),
        description: 'Built seller tools and the promotions engine serving six markets.',
      },
      {
        title: 'Junior Software Engineer',
        company: 'Ninja Van',
        countryId: await idOf(knex, 'countries', 'code', 'SG'),
        location: 'Singapore',
        startDate: `${now - 9}-01-01`,
        endDate: `${now - 7}-06-30`,
        description: 'Route-planning services and the driver app backend.',
      },
    ],
    educations: [
      {
        degree: 'Bachelor of Computing',
        institute: 'National University of Singapore',
        fieldOfStudy: 'Computer Science',
        startYear: now - 13,
        endYear: now - 9,
        description: 'Honours (Distinction)',
      },
      {
        degree: 'Diploma',
        institute: 'Ngee Ann Polytechnic',
        fieldOfStudy: 'Information Technology',
        startYear: now - 16,
        endYear: now - 13,
      },
    ],
  };
}

async function insertChildren(knex: Knex, id: number, checked: CheckedCandidate): Promise<void> {
  for (const { child, entity: childEntity, items } of checked.children) {
    await knex(childEntity.table).where(columnOf(child.foreignKey), id).delete();
    if (items.length)
      await modelFor(childEntity)
        .query(knex)
        .insert(items.map((item) => ({ ...item, [child.foreignKey]: id })));
  }
}

export async function loadCandidates(knex: Knex): Promise<Record<string, number>> {
  const refs = await preloadIds(knex, CANDIDATE_REF_ENTITIES);
  const demo = await knex('candidates').where('email', DEMO_CANDIDATE_EMAIL).first();
  const demoInput = { email: DEMO_CANDIDATE_EMAIL, ...(await demoProfile(knex)) };
  const checkedDemo = checkCandidate(demoInput, {
    refs,
    existing: demo ? { id: demo.id, status: demo.status } : undefined,
  });
  if ('errors' in checkedDemo) throw new Error(`demo candidate is not valid: ${JSON.stringify(checkedDemo.errors)}`);
  const model = modelFor(candidate);
  let demoId = demo?.id as number | undefined;
  if (demoId) await model.query(knex).patch(checkedDemo.data).where('id', demoId);
  else demoId = ((await model.query(knex).insert(checkedDemo.data).returning('id')) as unknown as { id: number }).id;
  await insertChildren(knex, demoId, checkedDemo);

  const pools = await loadPools(knex);
  const rng = rngFrom(20261122);
  const made: { email: string; checked: CheckedCandidate }[] = [];
  for (let n = 1; n <= GENERATED; n += 1) {
    const input = makeCandidate(rng, pools, n, { emailDomain: 'talent.example.com' });
    const checked = checkCandidate(input, { refs });
    if ('errors' in checked)
      throw new Error(`generated candidate ${n} is not valid: ${JSON.stringify(checked.errors)}`);
    made.push({ email: input.email as string, checked });
  }
  for (let i = 0; i < made.length; i += CHUNK) {
    const chunk = made.slice(i, i + CHUNK);
    const inserted = (await model
      .query(knex)
      .insert(chunk.map((c) => c.checked.data))
      .onConflict('email')
      .ignore()
      .returning(['id', 'email'])) as unknown as { id: number; email: string }[];
    const byEmail = new Map(chunk.map((c) => [c.email, c.checked]));
    // Children of the rows just inserted, one insert per child table.
    for (const [name, child] of Object.entries(candidate.children ?? {})) {
      const rows = inserted.flatMap((r) =>
        (byEmail.get(r.email)?.children.find((c) => c.name === name)?.items ?? []).map((item) => ({
          ...item,
          [child.foreignKey]: r.id,
        })),
      );
      if (rows.length) await modelFor(entity(child.entity)).query(knex).insert(rows);
    }
  }
  const counts: Record<string, number> = {};
  for (const table of ['candidates', 'candidate_experiences', 'candidate_educations'])
    counts[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  return counts;
}
