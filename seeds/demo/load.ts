/**
 * Demo data: 3 normal and 3 RaaS companies, 40 company users, 8 admins, 30 tags and the demo
 * candidate. Natural keys (emails, identifiers, company names) make every insert idempotent. The
 * people besides the README's logins are named from the markets' common names, as the candidates are
 * (seeds/synthetic/names.ts). A pending company has only the owner who signed it up, who has not
 * signed in since (sign-up creates the owner alone and holds the invitations until approval).
 */
import { faker } from '@faker-js/faker';
import type { Knex } from 'knex';
import { FREE_TRIAL_DAYS } from '../../schema/rules/credits';
import { rngFrom } from '../synthetic/candidateFactory';
import { FIRST_NAMES, LAST_NAMES } from '../synthetic/names';
import { mobileNumber, planOf } from '../synthetic/phones';
import { DEMO_COMPANIES, TAGS } from './people';

/**
 * A mobile of the country (its first listed one for a company), stored in E.164 as the phone rule stores
 * every number it knows. Drawn from faker's seeded sequence as before, so the names drawn after stay the same.
 */
const phone = (country: string) => mobileNumber(rngFrom(Number(faker.string.numeric(7))), planOf(country));

/** Job titles of the people who hire: company owners, and the admins and members who search and interview. */
const OWNER_TITLES = [
  'Founder & CEO',
  'Chief People Officer',
  'Head of Talent',
  'HR Director',
  'Chief Operating Officer',
  'Managing Director',
];
const HIRING_TITLES = [
  'Talent Acquisition Partner',
  'Senior Recruiter',
  'Technical Recruiter',
  'HR Business Partner',
  'People Operations Manager',
  'Engineering Manager',
  'Head of Engineering',
  'Product Manager',
  'Data Science Lead',
  'Finance Manager',
  'Sales Director',
  'Talent Sourcer',
];

/** A name drawn from faker's seeded sequence out of the markets' common names. */
const regionalName = () => ({
  first: faker.helpers.arrayElement(FIRST_NAMES),
  last: faker.helpers.arrayElement(LAST_NAMES),
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86400_000).toISOString();

export async function loadDemo(knex: Knex): Promise<Record<string, number>> {
  faker.seed(20261121);
  const countryIds = new Map<string, number>((await knex('countries').select('id', 'code')).map((c) => [c.code, c.id]));
  const companyIds: number[] = [];
  for (const c of DEMO_COMPANIES) {
    const existing = await knex('companies').where('company_name', c.companyName).first('id');
    if (existing) {
      companyIds.push(existing.id);
      continue;
    }
    const [row] = await knex('companies')
      .insert({
        company_name: c.companyName,
        legal_entity_name: c.legalEntityName,
        company_registration_number: c.companyRegistrationNumber,
        address: c.address,
        company_type: c.companyType,
        status: c.status,
        valid_domains: c.validDomains,
        countries: c.countries.map((code) => countryIds.get(code)).filter(Boolean),
        linked_in_url: c.linkedInUrl,
        company_source: 1,
        // A pending company awaits its approval, which starts its trial (backend/features/signup/approval.ts); the
        // others were approved when they joined, long ago, so their trial ended FREE_TRIAL_DAYS later.
        trial_ends_at: c.status === 0 ? null : daysAgo(720 - companyIds.length * 110 - FREE_TRIAL_DAYS).slice(0, 10),
        // Joined over the last two years, pending ones lately.
        created_at: daysAgo(c.status === 0 ? 3 + companyIds.length : 720 - companyIds.length * 110),
        checked: c.status === 1,
        // Approved when it joined: a hold and release of it is no approval (signup/approval.ts).
        approved_at: c.status === 0 ? null : daysAgo(720 - companyIds.length * 110),
      })
      .returning('id');
    companyIds.push(row.id);
  }

  const users: Record<string, unknown>[] = [
    {
      email: 'owner@acme.example.com',
      first_name: 'Olivia',
      last_name: 'Tan',
      role: 1,
      company_id: companyIds[0],
      job_title: 'Head of Talent',
    },
    {
      email: 'member@acme.example.com',
      first_name: 'Marcus',
      last_name: 'Lim',
      role: 2,
      company_id: companyIds[0],
      job_title: 'Engineering Manager',
    },
    {
      email: 'owner@raas.example.com',
      first_name: 'Rachel',
      last_name: 'Ng',
      role: 1,
      company_id: companyIds[3],
      job_title: 'Talent Acquisition Lead',
    },
  ];
  // 37 more, spread over the six companies: one owner each, then about one admin for every three members (none in a
  // pending company). An owner is never a pending invitee nor deactivated.
  const seen = new Map<number, number>();
  for (let i = 0; users.length < 40; i += 1) {
    const companyIndex = i % DEMO_COMPANIES.length;
    const isOwner = i < DEMO_COMPANIES.length;
    if (!isOwner && DEMO_COMPANIES[companyIndex].status === 0) continue;
    const nth = seen.get(companyIndex) ?? 0;
    seen.set(companyIndex, nth + 1);
    const { first, last } = regionalName();
    const domain = DEMO_COMPANIES[companyIndex].validDomains[0];
    users.push({
      email: `${first}.${last}.${i}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      first_name: first,
      last_name: last,
      role: isOwner ? 0 : nth % 4 === 1 ? 1 : 2,
      company_id: companyIds[companyIndex],
      job_title: isOwner ? faker.helpers.arrayElement(OWNER_TITLES) : faker.helpers.arrayElement(HIRING_TITLES),
      status: isOwner ? 1 : i % 11 === 5 ? 0 : i % 13 === 7 ? 2 : 1,
      created_at: daysAgo(40 + ((i * 37) % 650)),
    });
  }
  const countryOf = new Map(companyIds.map((id, i) => [id, DEMO_COMPANIES[i].countries[0]]));
  await knex('company_users')
    .insert(
      users.map((u) => ({
        status: 1,
        phone: phone(countryOf.get(u.company_id as number) ?? 'SG'),
        created_at: daysAgo(700),
        ...u,
      })),
    )
    // The address is unique among people, not among invitations' stand-ins (schema/entities/companyUser.ts).
    .onConflict(knex.raw('(email) where account_elsewhere_at is null'))
    .ignore();
  // People who use the product have been active lately (nobody signs in to a pending company); a company is as
  // recently active as its latest user.
  const activeUsers = await knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where('u.status', 1)
    .whereNot('c.status', 0)
    .orderBy('u.id')
    .select('u.id');
  for (const [n, { id }] of activeUsers.entries())
    await knex('company_users')
      .where('id', id)
      .update({ last_active_at: daysAgo((n * 7) % 45) });
  // Nobody joins before their company exists, nor is active before joining.
  await knex.raw(
    `update company_users u set created_at = greatest(u.created_at, c.created_at),
       last_active_at = case when u.last_active_at is null then null else greatest(u.last_active_at, u.created_at, c.created_at) end
     from companies c where c.id = u.company_id`,
  );
  // Nobody signs in to a pending company (its approval would otherwise count as a release from a hold).
  await knex('companies')
    .whereNot('status', 0)
    .update({
      last_active_at: knex('company_users').max('last_active_at').where('company_id', knex.ref('companies.id')),
    });

  const admins: Record<string, unknown>[] = [
    {
      email: 'admin@example.com',
      first_name: 'Alex',
      last_name: 'Morgan',
      role: 1,
      job_title: 'Platform Operations Lead',
    },
    { email: 'advocate@example.com', first_name: 'Priya', last_name: 'Raman', role: 2, job_title: 'Talent Advocate' },
  ];
  for (let i = 0; admins.length < 8; i += 1) {
    const { first, last } = regionalName();
    admins.push({
      email: `${first}.${last}@talentbase.example`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      first_name: first,
      last_name: last,
      role: i % 2 ? 1 : 2,
      status: i === 5 ? 0 : 1,
      job_title: i % 2 ? 'Operations Specialist' : 'Talent Advocate',
    });
  }
  await knex('admins')
    // The platform's team works in Singapore.
    .insert(admins.map((a, i) => ({ status: 1, phone: phone('SG'), created_at: daysAgo(730 - i * 80), ...a })))
    .onConflict('email')
    .ignore();

  await knex('tags')
    .insert(
      TAGS.map(([name, identifier, icon, description], i) => ({
        name,
        identifier,
        icon,
        description,
        status: identifier === 'legacy' ? 0 : 1,
        created_at: daysAgo(700 - i * 20),
      })),
    )
    .onConflict('identifier')
    .ignore();

  // The demo candidate is a Singapore citizen: no permanent-resident tag.
  const tagIds = (await knex('tags').whereIn('identifier', ['toptalent', 'verified']).pluck('id')) as number[];
  const singaporean = await knex('citizenships').where('country_code', 'SG').first('id');
  await knex('candidates')
    .insert({
      email: 'candidate@example.com',
      first_name: 'Chloe',
      last_name: 'Wong',
      phone: '+6591234567',
      status: 1,
      tags: tagIds,
      citizenship_id: singaporean?.id ?? null,
      created_at: daysAgo(420),
    })
    .onConflict('email')
    .ignore();

  const counts: Record<string, number> = {};
  for (const table of ['companies', 'company_users', 'admins', 'tags', 'candidates'])
    counts[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  return counts;
}
