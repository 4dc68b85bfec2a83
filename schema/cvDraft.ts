/** The draft profile the CV parser reads out of a CV: what the API answers and the profile forms fill in. */
export interface DraftExperience {
  title: string;
  company: string;
  startDate: string | null;
  endDate: string | null;
  currentPosition: boolean;
  description: string | null;
}

export interface DraftEducation {
  degree: string | null;
  institute: string;
  fieldOfStudy: string | null;
  startYear: number | null;
  endYear: number | null;
}

export interface CvDraft {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  linkedInUrl: string | null;
  githubUrl: string | null;
  stackoverflowUrl: string | null;
  dribbbleUrl: string | null;
  portfolioUrl: string | null;
  summary: string | null;
  currentLocationId: number | null;
  jobTitleLookingFor: number[];
  skills: { skillId: number; isStar: boolean; name: string }[];
  experiences: DraftExperience[];
  educations: DraftEducation[];
}
