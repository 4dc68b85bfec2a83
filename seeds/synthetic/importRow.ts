/**
 * A generated candidate written in the import file format (lookups by name, lists with ';'),
 * for the sample file and the import benchmark. The inverse of backend/features/talent/import/columns.ts.
 */
import type { Pools } from './pools';

export const IMPORT_HEADER = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'phoneWhatsapp',
  'linkedInUrl',
  'githubUrl',
  'summary',
  'currentLocation',
  'citizenship',
  'preferredLocations',
  'jobTitles',
  'typeOfEmployment',
  'candidateStatus',
  'expectedSalary',
  'expectedSalaryCurrency',
  'currentSalary',
  'currentSalaryCurrency',
  'noticePeriod',
  'workingRemotely',
  'visibility',
  'status',
  'source',
  'sourceOtherText',
  'skills',
  'languages',
  'tags',
  'experiences',
  'educations',
];

export interface NameMaps {
  city: Map<number, string>;
  citizenship: Map<number, string>;
  jobTitle: Map<number, string>;
  skill: Map<number, string>;
  language: Map<number, string>;
  country: Map<number, string>;
  industry: Map<number, string>;
  tag: Map<number, string>;
}

export function nameMaps(pools: Pools, tags: Map<number, string>): NameMaps {
  const skills = Object.values(pools.skillsByTrack).flat();
  return {
    city: new Map(pools.cities.map((c) => [c.id, `${c.name} (${c.code})`])),
    citizenship: new Map(pools.citizenships.map((c) => [c.id, c.name])),
    jobTitle: new Map(pools.jobTitles.map((t) => [t.id, t.name])),
    skill: new Map(skills.map((s) => [s.id, s.name])),
    // By name, as people write it in a file ('Mandarin:3'); the import finds it through the one matcher.
    language: new Map(pools.languages.map((l) => [l.id, l.name])),
    country: new Map([...pools.countriesByCode.entries()].map(([code, c]) => [c.id, code])),
    industry: new Map(pools.industries.map((i) => [i.id, i.name])),
    tag: tags,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function toImportRow(c: Record<string, unknown>, names: NameMaps): Record<string, string> {
  const np = c.noticePeriod as { type: number; option: unknown };
  return {
    email: str(c.email),
    firstName: str(c.firstName),
    lastName: str(c.lastName),
    phone: str(c.phone),
    phoneWhatsapp: str(c.phoneWhatsapp),
    linkedInUrl: str(c.linkedInUrl),
    githubUrl: str(c.githubUrl),
    summary: str(c.summary),
    currentLocation: str(names.city.get(c.currentLocationId as number)),
    citizenship: str(names.citizenship.get(c.citizenshipId as number)),
    preferredLocations: (
      c.preferredLocations as { locationId: number; visaType: number | null; visaCategory: string | null }[]
    )
      .map((p) => [names.city.get(p.locationId), p.visaType ?? '', p.visaCategory ?? ''].join(':').replace(/:+$/, ''))
      .join('; '),
    jobTitles: (c.jobTitleLookingFor as number[]).map((id) => names.jobTitle.get(id)).join('; '),
    typeOfEmployment: (c.typeOfEmployment as number[]).join(';'),
    candidateStatus: (c.candidateStatus as number[]).join(';'),
    expectedSalary: str(c.expectedSalary),
    expectedSalaryCurrency: str(c.expectedSalaryCurrency),
    currentSalary: str(c.currentSalary),
    currentSalaryCurrency: str(c.currentSalaryCurrency),
    noticePeriod: np.option === null ? String(np.type) : `${np.type}:${np.option}`,
    workingRemotely: str(c.workingRemotely),
    visibility: str(c.visibility),
    status: str(c.status),
    source: str(c.source),
    sourceOtherText: str(c.sourceOtherText),
    skills: (c.skills as { skillId: number; isStar: boolean }[])
      .map((s) => `${names.skill.get(s.skillId)}${s.isStar ? '*' : ''}`)
      .join('; '),
    languages: (c.languages as { languageId: number; level: number }[])
      .map((l) => `${names.language.get(l.languageId)}:${l.level}`)
      .join('; '),
    tags: (c.tags as number[]).map((id) => names.tag.get(id)).join(';'),
    experiences: JSON.stringify(
      (c.experiences as Record<string, unknown>[]).map(({ countryId, industryId, ...e }) => ({
        ...e,
        country: names.country.get(countryId as number),
        industry: names.industry.get(industryId as number),
      })),
    ),
    educations: JSON.stringify(c.educations),
  };
}

export function csvLine(cells: string[]): string {
  return `${cells.map((v) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')}\n`;
}
