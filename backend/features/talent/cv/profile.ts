/**
 * A candidate's profile in words, lookup names resolved: what the profile PDF and the blind CV
 * are written from. `loadProfile` reads; `profileDocument` lays the profile PDF out (contact
 * details included, for admins and the candidate).
 */
import type { Knex } from 'knex';
import { entity } from '../../../../schema';
import { todayOf } from '../../../../schema/rules/candidate';
import { loadChildren } from '../../../crud/children';
import type { Row } from '../../../crud/serialize';
import { modelFor } from '../../../db/models';
import { monthRange, yearRange, yearsOfExperience } from './format';
import type { DatedEntry, ProfileDocument } from './pdf';
import { formatDate } from '../../../../schema/rules/dates';
import { t } from '../../../../i18n';

const candidate = entity('candidate');

export interface ProfileExperience {
  title: string;
  company: string;
  startDate: string | null;
  endDate: string | null;
  currentPosition: boolean;
  description: string | null;
  industry: string | null;
  country: string | null;
  location: string | null;
}

export interface ProfileEducation {
  degree: string | null;
  institute: string;
  fieldOfStudy: string | null;
  startYear: number | null;
  endYear: number | null;
  description: string | null;
}

export interface ProfileData {
  row: Row;
  city: string | null;
  jobTitles: string[];
  skills: { name: string; highlighted: boolean }[];
  languages: string[];
  preferredLocations: string[];
  experiences: ProfileExperience[];
  educations: ProfileEducation[];
}

const LEVELS = ['', 'Beginner', 'Intermediate', 'Expert'];

async function namesOf(knex: Knex, entityName: string, ids: unknown[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = (await modelFor(entity(entityName))
    .query(knex)
    .whereIn('id', wanted)
    .select('id', 'name')) as unknown as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function loadProfile(knex: Knex, row: Row): Promise<ProfileData> {
  const skills = (row.skills ?? []) as { skillId: number; isStar: boolean }[];
  const languages = (row.languages ?? []) as { languageId: number; level: number }[];
  const preferred = (row.preferredLocations ?? []) as { locationId: number }[];
  const children = (await loadChildren(knex, candidate, [row.id])).get(row.id) ?? {};
  const experiences = (children.experiences ?? []) as Record<string, unknown>[];
  const educations = (children.educations ?? []) as Record<string, unknown>[];
  const [skillNames, languageNames, cityNames, titleNames, industryNames, countryNames] = await Promise.all([
    namesOf(
      knex,
      'skill',
      skills.map((s) => s.skillId),
    ),
    namesOf(
      knex,
      'language',
      languages.map((l) => l.languageId),
    ),
    namesOf(knex, 'city', [...preferred.map((p) => p.locationId), row.currentLocationId]),
    namesOf(knex, 'jobTitle', (row.jobTitleLookingFor ?? []) as number[]),
    namesOf(
      knex,
      'industry',
      experiences.map((e) => e.industryId),
    ),
    namesOf(
      knex,
      'country',
      experiences.map((e) => e.countryId),
    ),
  ]);
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return {
    row,
    city: cityNames.get(row.currentLocationId as number) ?? null,
    jobTitles: ((row.jobTitleLookingFor ?? []) as number[])
      .map((id) => titleNames.get(id))
      .filter((n): n is string => Boolean(n)),
    // Highlighted skills first, each group in the candidate's order.
    skills: [...skills.filter((s) => s.isStar), ...skills.filter((s) => !s.isStar)]
      .map((s) => ({ name: skillNames.get(s.skillId) ?? '', highlighted: Boolean(s.isStar) }))
      .filter((s) => s.name),
    languages: languages
      .map((l) => `${languageNames.get(l.languageId) ?? ''} (${LEVELS[l.level] ?? ''})`)
      .filter((l) => !l.startsWith(' ')),
    preferredLocations: preferred.map((p) => cityNames.get(p.locationId)).filter((n): n is string => Boolean(n)),
    experiences: experiences.map((e) => ({
      title: String(e.title ?? ''),
      company: String(e.company ?? ''),
      startDate: text(e.startDate),
      endDate: text(e.endDate),
      currentPosition: e.currentPosition === true,
      description: text(e.description),
      industry: industryNames.get(e.industryId as number) ?? null,
      country: countryNames.get(e.countryId as number) ?? null,
      location: text(e.location),
    })),
    educations: educations.map((e) => ({
      degree: text(e.degree),
      institute: String(e.institute ?? ''),
      fieldOfStudy: text(e.fieldOfStudy),
      startYear: (e.startYear as number | null) ?? null,
      endYear: (e.endYear as number | null) ?? null,
      description: text(e.description),
    })),
  };
}

export function experienceEntry(e: ProfileExperience, withDescription = true): DatedEntry {
  return {
    title: e.title,
    subtitle: e.company || null,
    dates: monthRange(e.startDate, e.endDate, e.currentPosition),
    details: [e.location ?? e.country, e.industry].filter(Boolean).join(' · ') || null,
    description: withDescription ? e.description : null,
  };
}

export function educationEntry(e: ProfileEducation): DatedEntry {
  const degree = [e.degree, e.fieldOfStudy].filter(Boolean).join(' in ');
  return {
    title: degree || e.institute,
    subtitle: degree ? e.institute : null,
    dates: yearRange(e.startYear, e.endYear),
    description: e.description,
  };
}

const choice = (field: string, id: unknown) => candidate.fields[field].choices?.find((c) => c.id === id)?.label;
const money = (amount: unknown, currency: unknown) =>
  typeof amount === 'number' ? `${currency ?? 'SGD'} ${amount.toLocaleString('en-SG')} per month` : null;

/** The notice period in the words every screen uses for it (talent.view.notice). */
function noticeText(value: unknown): string | null {
  const np = value as { type?: number; option?: unknown } | null;
  if (!np) return null;
  if (np.type === 0) return t('talent.view.notice.immediate');
  if (np.type === 1) return t('talent.view.notice.months', { n: String(np.option) });
  if (np.type === 2)
    return t('talent.view.notice.date', {
      date: formatDate(typeof np.option === 'string' ? np.option.slice(0, 10) : null) ?? String(np.option),
    });
  return t('talent.view.notice.unsure');
}

/** What the candidate is looking for, as label/value lines (only what is known). */
export function lookingFor(data: ProfileData): { label: string; value: string }[] {
  const { row } = data;
  const facts: [string, string | null][] = [
    ['Roles', data.jobTitles.join(', ') || null],
    [
      'Employment',
      ((row.typeOfEmployment ?? []) as number[]).map((t) => choice('typeOfEmployment', t)).join(', ') || null,
    ],
    ['Expected salary', money(row.expectedSalary, row.expectedSalaryCurrency)],
    ['Notice period', noticeText(row.noticePeriod)],
    [
      'Remote work',
      row.workingRemotely === true ? 'Open to remote work' : row.workingRemotely === false ? 'On site' : null,
    ],
    ['Preferred locations', data.preferredLocations.join(', ') || null],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1])).map(([label, value]) => ({ label, value }));
}

export function yearsLine(data: ProfileData, today = todayOf().date): string | null {
  const years = yearsOfExperience(data.experiences, today);
  return years > 0 ? `${years} year${years === 1 ? '' : 's'} of experience` : null;
}

/** The profile PDF: everything the profile says, contact details included. */
export function profileDocument(data: ProfileData): ProfileDocument {
  const { row } = data;
  // Today's UTC day, as the years of experience count it, not the host's; said, as its reader's zone is not known.
  const generated = `${formatDate(new Date(), { timeZone: 'UTC' })} (UTC)`;
  return {
    title: [row.firstName, row.lastName].filter(Boolean).join(' ') || 'Candidate',
    subtitle: [data.experiences[0]?.title, data.city, row.email, row.phone].filter(Boolean).join('  ·  '),
    summary: (row.summary as string | null) ?? null,
    factsHeading: 'Looking for',
    facts: lookingFor(data),
    skills: data.skills,
    languages: data.languages,
    experience: data.experiences.map((e) => experienceEntry(e)),
    education: data.educations.map(educationEntry),
    footer: `Talentbase candidate profile · generated ${generated}`,
  };
}
