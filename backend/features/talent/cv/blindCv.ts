/**
 * The blind CV: an anonymous profile companies judge on experience, not on the person. Headed by
 * the role, it gives the summary, skills, languages, work history and education, from the profile
 * first and from the CV where the profile says nothing, every free text anonymised (blind.ts):
 * no name, no contact detail, no identity number, no referee, and no gaps where they were.
 */
import type { CvDraft } from '../../../../schema/cvDraft';
import { anonymise, type PersonalData } from './blind';
import { fileSlug } from './format';
import type { ProfileDocument } from './pdf';
import {
  educationEntry,
  experienceEntry,
  yearsLine,
  type ProfileData,
  type ProfileEducation,
  type ProfileExperience,
} from './profile';

/** What a blind CV takes from the CV file, kept with the upload (cv_uploads.blind_draft): no contact detail. */
export type BlindDraft = Pick<CvDraft, 'firstName' | 'lastName' | 'summary' | 'experiences' | 'educations' | 'skills'>;

export const blindDraftOf = (draft: CvDraft | undefined): BlindDraft => ({
  firstName: draft?.firstName ?? null,
  lastName: draft?.lastName ?? null,
  summary: draft?.summary ?? null,
  experiences: draft?.experiences ?? [],
  educations: draft?.educations ?? [],
  skills: draft?.skills ?? [],
});

/** The role a blind CV is headed by: the current or latest job, else the first role sought. */
export function blindRole(data: ProfileData, draft?: BlindDraft): string {
  return data.experiences[0]?.title || draft?.experiences[0]?.title || data.jobTitles[0] || 'Candidate profile';
}

/** 'Senior-Backend-Engineer-blind-cv': a name a person can read in their downloads folder. */
export function blindFileName(role: string): string {
  return `${fileSlug(role) || 'Candidate'}-blind-cv`;
}

function personOf(data: ProfileData, cvName: [string | null, string | null]): PersonalData {
  const { row } = data;
  return {
    firstName: row.firstName as string | null,
    lastName: row.lastName as string | null,
    email: row.email as string | null,
    phone: row.phone as string | null,
    // The name on the CV may differ from the profile's (a maiden name, a nickname): both go.
    names: cvName,
    address: [row.hkAddress, row.hkCity, row.hkZip] as (string | null)[],
  };
}

export function blindDocument(data: ProfileData, cv?: { draft: BlindDraft }): ProfileDocument {
  const draft = cv?.draft;
  const person = personOf(data, [draft?.firstName ?? null, draft?.lastName ?? null]);
  const clean = (text: string | null | undefined) => anonymise(text, person);
  const experiences: ProfileExperience[] = data.experiences.length
    ? data.experiences
    : (draft?.experiences ?? []).map((e) => ({ ...e, industry: null, country: null, location: null }));
  const educations: ProfileEducation[] = data.educations.length
    ? data.educations
    : (draft?.educations ?? []).map((e) => ({ ...e, description: null }));
  const skills = data.skills.length
    ? data.skills
    : (draft?.skills ?? []).map((s) => ({ name: s.name, highlighted: false }));
  const role = blindRole(data, draft);
  return {
    title: clean(role) ?? 'Candidate profile',
    subtitle: ['Anonymous profile', data.city, yearsLine({ ...data, experiences })].filter(Boolean).join('  ·  '),
    summary: clean((data.row.summary as string | null) ?? draft?.summary),
    factsHeading: 'Looking for',
    facts: [
      { label: 'Roles', value: data.jobTitles.join(', ') },
      { label: 'Preferred locations', value: data.preferredLocations.join(', ') },
    ].filter((f) => f.value),
    skills,
    languages: data.languages,
    experience: experiences.map((e) => {
      const entry = experienceEntry({ ...e, location: null });
      return {
        ...entry,
        title: clean(entry.title) ?? '',
        subtitle: clean(entry.subtitle),
        description: clean(entry.description),
      };
    }),
    education: educations.map((e) => {
      const entry = educationEntry(e);
      return {
        ...entry,
        title: clean(entry.title) ?? '',
        subtitle: clean(entry.subtitle),
        description: clean(entry.description),
      };
    }),
    footer: 'Talentbase blind CV · personal details are withheld until the candidate agrees to share them',
  };
}
