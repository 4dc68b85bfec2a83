/**
 * The matcher's shapes: the requirements read from a job description (shown to the admin and
 * editable before judging, hence the zod schema), a scored candidate with its parts, and a verdict.
 */
import { z } from 'zod';
import { SALARY_CURRENCIES } from '../../../../schema/entities/talentOptions';
import { REQUIREMENT_CAPS as CAPS } from '../../../../schema/rules/aiMatch';

/** The AI-match experience slider's range (spec section 9: 0 to 80 years). */
export const YEARS_MAX = 80;

export interface Requirements {
  /** `anyOf`: other skills that meet the requirement as well ('Kafka or RabbitMQ'). */
  skills: { id: number; label: string; required: boolean; anyOf?: { id: number; label: string }[] }[];
  jobTitles: { id: number; label: string }[];
  /**
   * `level` as the profile's language levels: 1 beginner, 2 intermediate, 3 expert. `required`
   * false for a language that is only a plus (missing it rules no one out); absent means required.
   */
  languages: { id: number; label: string; level?: number; required?: boolean }[];
  locations: { id: number; label: string }[];
  /** Countries the role is in (a project's own): a place the person may work in within one of them fits. */
  countries?: { id: number; label: string }[];
  years?: { min?: number; max?: number };
  /**
   * The level the role is pitched at, read from its title or the lines that say who is hired
   * ('Senior', 'Lead'). It stands for years of experience where the description states none
   * (SENIORITY_YEARS, yearsAsked); stated years are the bar when both are given.
   */
  seniority?: Seniority;
  /** Monthly, as the profile's expected salary. */
  salary?: { min?: number; max?: number; currency: string };
  /** 1 permanent, 2 contract, 3 part-time, 4 internship. */
  employmentTypes: number[];
  remote?: boolean;
  /** Country ids: only set when the role requires the right to work there. */
  rightToWorkIn?: number[];
}

export const SENIORITIES = ['junior', 'mid', 'senior', 'lead', 'principal'] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** The years of experience a level usually means, as recruiters in the region read it. */
export const SENIORITY_YEARS: Record<Seniority, { min?: number; max?: number }> = {
  junior: { max: 3 },
  mid: { min: 2 },
  senior: { min: 5 },
  lead: { min: 7 },
  principal: { min: 10 },
};

/**
 * The years a match weighs: those the description states, else those of its seniority; undefined
 * when neither is asked. `bySeniority` says the bar came from the level.
 */
export function yearsAsked(
  req: Pick<Requirements, 'years' | 'seniority'>,
): { min?: number; max?: number; bySeniority: boolean } | undefined {
  if (req.years && (req.years.min !== undefined || req.years.max !== undefined))
    return { ...req.years, bySeniority: false };
  return req.seniority ? { ...SENIORITY_YEARS[req.seniority], bySeniority: true } : undefined;
}

/** A skill requirement as people read it: 'Apache Kafka or RabbitMQ'. */
export const skillRequirementLabel = (s: Requirements['skills'][number]) =>
  [s.label, ...(s.anyOf ?? []).map((a) => a.label)].join(' or ');

export type MatchPartKey = 'skills' | 'title' | 'years' | 'location' | 'salary' | 'notice' | 'languages';

/**
 * One part of a score. `points` runs from -max (the part rules the person out: a must-have clearly
 * missed) to max; the evidence line is read from the profile alone.
 */
export interface MatchPart {
  key: MatchPartKey;
  points: number;
  max: number;
  evidence: string;
  /** Whether the requirements ask for this part (a part asked for and met is a strength first). */
  asked?: boolean;
}

export interface Scored {
  candidateId: number;
  /** 0 to 100: the parts' points summed, clamped at 0. */
  score: number;
  parts: MatchPart[];
  /** Required skills held (any alternative counting) of those asked, when some are. */
  requiredSkills?: { held: number; of: number };
  /** The parts that rule the person out (points below zero), by key. */
  ruledOutBy?: MatchPartKey[];
}

export type Recommendation = 'strong_yes' | 'yes' | 'maybe' | 'no';

export interface Verdict {
  score: number;
  strengths: string[];
  recommendation: Recommendation;
  reasoning: string;
}

const id = z.number().int().positive();
const label = z.string().trim().min(1).max(160);
const years = z.number().int().min(0).max(YEARS_MAX);
const money = z.number().int().min(0).max(1_000_000_000);

export const requirementsSchema = z
  .object({
    skills: z
      .array(
        z
          .object({
            id,
            label,
            required: z.boolean(),
            anyOf: z.array(z.object({ id, label }).strict()).max(5).optional(),
          })
          .strict(),
      )
      .max(CAPS.skills),
    jobTitles: z.array(z.object({ id, label }).strict()).max(CAPS.jobTitles),
    languages: z
      .array(
        z
          .object({ id, label, level: z.number().int().min(1).max(3).optional(), required: z.boolean().optional() })
          .strict(),
      )
      .max(CAPS.languages),
    locations: z.array(z.object({ id, label }).strict()).max(CAPS.locations),
    countries: z.array(z.object({ id, label }).strict()).max(CAPS.countries).optional(),
    years: z
      .object({ min: years.optional(), max: years.optional() })
      .strict()
      .refine((y) => y.min === undefined || y.max === undefined || y.min <= y.max, {
        message: 'years.errors.minAboveMax',
        path: ['min'],
      })
      .optional(),
    seniority: z.enum(SENIORITIES).optional(),
    salary: z
      .object({ min: money.optional(), max: money.optional(), currency: z.enum(SALARY_CURRENCIES) })
      .strict()
      .refine((s) => s.min === undefined || s.max === undefined || s.min <= s.max, {
        message: 'salary.errors.minAboveMax',
        path: ['min'],
      })
      .optional(),
    employmentTypes: z.array(z.number().int().min(1).max(4)).max(4),
    remote: z.boolean().optional(),
    rightToWorkIn: z.array(id).max(CAPS.rightToWorkIn).optional(),
  })
  .strict() satisfies z.ZodType<Requirements>;
