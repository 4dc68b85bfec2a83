/** A stored project as the form's values: names for the ids it holds come from the lookups. */
import type { ProjectDetail } from '../../api/projects';
import { emptyProjectForm, type Option, type ProjectFormValues } from './projectForm';
import { allCountries, namesOf } from './projectLookups';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function formFromProject(p: ProjectDetail): Promise<ProjectFormValues> {
  const jobTitleId = p.jobTitleId ? String(p.jobTitleId) : '';
  const countryIds = (p.countries ?? []).map(String);
  const languageIds = (p.requireLanguages ?? []).map(String);
  const known =
    typeof p.jobTitle === 'object' && p.jobTitle?.name ? [{ id: jobTitleId, label: p.jobTitle.name }] : undefined;
  const [jobTitles, countries, languages] = await Promise.all([
    known
      ? Promise.resolve(known)
      : jobTitleId
        ? namesOf('job-titles', [jobTitleId]).catch(() => [] as Option[])
        : Promise.resolve([] as Option[]),
    allCountries().catch(() => [] as Option[]),
    namesOf('languages', languageIds).catch(() => [] as Option[]),
  ]);
  const byId = (options: Option[], ids: string[]) =>
    ids.map((id) => options.find((o) => o.id === id) ?? { id, label: id });
  return {
    ...emptyProjectForm(),
    title: p.title ?? '',
    jobTitle: jobTitleId ? (jobTitles[0] ?? { id: jobTitleId, label: jobTitleId }) : null,
    countries: byId(countries, countryIds),
    company: p.company ? { id: p.company.id, label: p.company.companyName, companyType: p.company.companyType } : null,
    internal: !!p.isAdminProject,
    owner: p.owner ? { id: p.owner.id, label: p.owner.name } : p.ownerId ? { id: p.ownerId, label: p.ownerId } : null,
    advocate: p.advocate ? { id: p.advocate.id, label: p.advocate.name } : null,
    plan: p.plan,
    freeProjectConfirmed: !!p.freeProjectConfirmed,
    projectFor: p.projectFor ?? 0,
    requireSponsorVisa: p.requireSponsorVisa ?? 0,
    isRelocate: p.isRelocate ?? 0,
    workingMode: p.workingMode ?? '',
    noticePeriod: p.noticePeriod ?? '',
    languages: byId(languages, languageIds),
    headcount: str(p.headcount),
    salaryMin: str(p.salaryMin),
    salaryMax: str(p.salaryMax),
    salaryCurrency: p.salaryCurrency || 'SGD',
    dateTimeSlots: p.dateTimeSlots ?? [],
    comments: p.comments ?? '',
    isConfidential: !!p.isConfidential,
    jobDescription: p.jobDescription ?? '',
    jdFileName: p.jdFileName ?? null,
  };
}
