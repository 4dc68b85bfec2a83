/** What a recruiter writes down by hand for one judged job description (descriptions.ts). */
export interface Judged {
  key: string;
  form: 'text' | 'docx' | 'pdf';
  text: string;
  required: string[];
  nice: string[];
  titles: string[];
  years?: { min?: number; max?: number };
  /** The level the role is pitched at, when its title or text names one ('Senior', 'Lead'). */
  seniority?: 'junior' | 'mid' | 'senior' | 'lead' | 'principal';
  salary?: { min?: number; max?: number; currency: string };
  languages: string[];
  locations: string[];
  remote?: boolean;
}
