/**
 * What the language model reads of a candidate, and the answer it must give. The profile comes
 * from the matcher's loadProfiles (skills, titles, jobs, years, languages, location, remote,
 * salary, notice: no name, photo, email, phone, links, date of birth, gender, citizenship or
 * address), and the free text of each job is scrubbed of e-mail addresses, phone numbers, web
 * links and the person's own names before it is sent. Citizenship and visas reach the model only
 * as "has the right to work in X", and only when the requirements ask for it.
 * PROMPT_VERSION changes whenever the wording does, so verdicts of another wording are not reused.
 */
import { z } from 'zod';
import type { LlmMessage } from '../../adapters/llm';
import type { MatchProfile, Requirements, Scored, ScoreContext } from './matcher';

export const PROMPT_VERSION = 'v1';

/** The verdict the model answers with (strict JSON schema output; bounds checked after parsing). */
export const verdictAnswer = z.object({
  score: z.number().int().min(0).max(100),
  strengths: z.array(z.string().min(1).max(300)).min(1).max(5),
  recommendation: z.enum(['strong_yes', 'yes', 'maybe', 'no']),
  reasoning: z.string().min(1).max(4000),
});
export type VerdictAnswer = z.infer<typeof verdictAnswer>;

const SYSTEM = [
  'You assess how well a candidate fits a job, for a recruiter.',
  'Judge only the work-related facts given: skills, job titles, experience, years, languages, location fit, salary, notice period.',
  'Answer with: score (0-100), strengths (1 to 5, each citing evidence from the profile), recommendation (strong_yes, yes, maybe or no) and reasoning (a few sentences).',
].join(' ');

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const URL = /\b(https?:\/\/|www\.)\S+/gi;
const PHONE = /\+?\d[\d\s().-]{6,}\d/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Free text without contact details, links or the person's names. */
export function scrub(text: string, names: string[]): string {
  let out = text.replace(EMAIL, '[email]').replace(URL, '[link]').replace(PHONE, '[phone]');
  for (const name of names.map((n) => n.trim()).filter((n) => n.length > 1))
    out = out.replace(new RegExp(`\\b${escape(name)}\\b`, 'gi'), '[name]');
  return out;
}

function requirementsLines(req: Requirements, ctx: ScoreContext): string[] {
  const lines: string[] = [];
  const required = req.skills.filter((s) => s.required).map((s) => s.label);
  const nice = req.skills.filter((s) => !s.required).map((s) => s.label);
  if (required.length) lines.push(`Required skills: ${required.join(', ')}`);
  if (nice.length) lines.push(`Nice-to-have skills: ${nice.join(', ')}`);
  if (req.jobTitles.length) lines.push(`Job titles: ${req.jobTitles.map((t) => t.label).join(', ')}`);
  if (req.years && (req.years.min !== undefined || req.years.max !== undefined))
    lines.push(
      `Years of experience: ${req.years.min ?? 0}${req.years.max !== undefined ? ` to ${req.years.max}` : '+'}`,
    );
  if (req.languages.length) lines.push(`Languages: ${req.languages.map((l) => l.label).join(', ')}`);
  if (req.locations.length) lines.push(`Locations: ${req.locations.map((l) => l.label).join(', ')}`);
  if (req.remote) lines.push('Remote work');
  if (req.salary)
    lines.push(
      `Salary budget: ${req.salary.min ?? 0}${req.salary.max !== undefined ? ` to ${req.salary.max}` : '+'} ${req.salary.currency} a month`,
    );
  if (req.rightToWorkIn?.length)
    lines.push(
      `Must have the right to work in: ${req.rightToWorkIn.map((c) => ctx.countryLabels.get(c) ?? `country ${c}`).join(', ')}`,
    );
  return lines;
}

function profileLines(p: MatchProfile, req: Requirements, ctx: ScoreContext, names: string[]): string[] {
  const lines: string[] = [];
  if (p.wantedTitles.length) lines.push(`Looking for: ${p.wantedTitles.map((t) => t.label).join(', ')}`);
  if (p.skills.length)
    lines.push(`Skills: ${p.skills.map((s) => (s.star ? `${s.label} (highlighted)` : s.label)).join(', ')}`);
  if (p.careerStart) lines.push(`Working since: ${p.careerStart.slice(0, 7)}`);
  for (const j of p.jobs.slice(0, 8)) {
    const when = `${j.start?.slice(0, 7) ?? '?'} to ${j.current ? 'now' : (j.end?.slice(0, 7) ?? '?')}`;
    lines.push(`Job: ${scrub(j.title, names)} at ${scrub(j.company, names)}, ${when}`);
    if (j.description) lines.push(`  ${scrub(j.description, names).slice(0, 600).replace(/\s+/g, ' ')}`);
  }
  if (p.languages.length)
    lines.push(`Languages: ${p.languages.map((l) => `${l.label} (level ${l.level})`).join(', ')}`);
  if (p.remote !== null) lines.push(`Open to remote work: ${p.remote ? 'yes' : 'no'}`);
  if (p.salary) lines.push(`Expected salary: ${p.salary.amount} ${p.salary.currency} a month`);
  if (p.notice) lines.push(`Notice period: ${p.notice.option ?? ''} (type ${p.notice.type})`.replace(' ()', ''));
  // The right to work is said as such, per asked country; never the citizenship or the visa behind it.
  for (const c of req.rightToWorkIn ?? [])
    lines.push(
      `Has the right to work in ${ctx.countryLabels.get(c) ?? `country ${c}`}: ${p.mayWorkIn?.includes(c) ? 'yes' : 'no'}`,
    );
  return lines;
}

/** The messages about one candidate: the requirements, the matcher's score and evidence, the profile. */
export function promptFor(
  req: Requirements,
  scored: Scored,
  profile: MatchProfile,
  rank: number,
  ctx: ScoreContext,
  names: string[],
): LlmMessage[] {
  const user = [
    'Requirements:',
    ...requirementsLines(req, ctx).map((l) => `- ${l}`),
    '',
    `Candidate #${rank}`,
    `Matcher score: ${scored.score}`,
    ...scored.parts.map((p) => `- ${p.key}: ${p.points}/${p.max} points, ${scrub(p.evidence, names)}`),
    '',
    'Profile:',
    ...profileLines(profile, req, ctx, names).map((l) => `- ${l}`),
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}
