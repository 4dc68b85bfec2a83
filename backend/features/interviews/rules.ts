/**
 * The rules of interview requests and job descriptions sent to candidates (spec sections 4, 5 and
 * 7), side-free and table-tested: the text limits, what a request's kind is, what an answer does to
 * a request's state, how a company is named to a candidate, reading a WhatsApp reply, and when a
 * proposed interview starts.
 */
import {
  JD_LIMITS,
  PROJECT_STATUS,
  REQUEST_KIND,
  REQUEST_LIFETIME_DAYS,
  REQUEST_STATE,
} from '../../../schema/rules/pipeline';
import { formatDateTime } from '../../../schema/rules/dates';
import { localToInstant, validZone, zoneLabel, zoneOffsetMinutes } from '../../../schema/rules/timeZones';
import { slotStarts, type Schedule } from '../../../schema/validation/schedule';

export type RequestKind = keyof typeof REQUEST_KIND;
export type RequestState = keyof typeof REQUEST_STATE;
export const REQUEST_ACTIONS = ['request_interview', 'request_public'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** `request_interview` sends an interview request; any other value sends the job description (a whitelist request). */
export const kindOf = (action: string): RequestKind => (action === 'request_interview' ? 'interview' : 'whitelist');

export const stateName = (n: number): RequestState =>
  ((Object.keys(REQUEST_STATE) as RequestState[]).find((k) => REQUEST_STATE[k] === n) ?? 'sent') as RequestState;

/** The text parts of a job description sent to candidates, each within its limit; field errors by input name. */
export function jdTextErrors(parts: {
  jdHeader?: string | null;
  jdText?: string | null;
  jdFooter?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if ((parts.jdHeader ?? '').length > JD_LIMITS.header) errors.jdHeader = 'jdHeader.errors.tooLong';
  if ((parts.jdText ?? '').length > JD_LIMITS.body) errors.jdText = 'jdText.errors.tooLong';
  if ((parts.jdFooter ?? '').length > JD_LIMITS.footer) errors.jdFooter = 'jdFooter.errors.tooLong';
  return errors;
}

/** The body a request carries (the rule lives with the message's words). */
export { requestBody } from '../../../schema/rules/requestMessage';

export const expiresAt = (now: Date) => new Date(now.getTime() + REQUEST_LIFETIME_DAYS * 24 * 3600 * 1000);

export type AnswerOutcome = 'approved' | 'rejected' | 'checked' | 'used' | 'expired';

/**
 * What an answer does: a request changes state once, from sent, before it expires. A later answer
 * through the same token changes nothing and reports the token as used; `check` only reads.
 */
export function answerOutcome(
  request: { state: number; expiresAt: Date | string },
  answer: 'approve' | 'reject' | 'check',
  now: Date,
): AnswerOutcome {
  if (request.state !== REQUEST_STATE.sent) return request.state === REQUEST_STATE.expired ? 'expired' : 'used';
  if (new Date(request.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (answer === 'check') return 'checked';
  return answer === 'approve' ? 'approved' : 'rejected';
}

const COMPANY_ACTIVE = 1;

/**
 * Whether a candidate may still answer a request of the project: the project is active (not closed,
 * on hold or gone) and so is its company (a suspended or pending company's projects are on hold).
 */
export const projectAnswerable = (
  project: { status: number; companyId: number | null; companyStatus: number | null } | undefined,
): boolean =>
  project !== undefined &&
  project.status === PROJECT_STATUS.active &&
  (project.companyId === null || project.companyStatus === COMPANY_ACTIVE);

/**
 * The job description file's name as a candidate sees it (the page, the download): the name it was uploaded under,
 * or a generic one for a confidential project, whose file name often names the company ('Acme-Backend-JD.pdf').
 */
export const jdFileShown = (project: {
  is_confidential?: boolean | null;
  jd_file_path: string;
  jd_file_name?: string | null;
}): string =>
  project.is_confidential
    ? `job-description.${project.jd_file_path.endsWith('.pdf') ? 'pdf' : 'docx'}`
    : (project.jd_file_name ?? 'job-description');

/** How the company is named to a candidate: by name, or "a company" when the project is confidential. */
export const companyShown = (
  project: { isConfidential?: boolean | null },
  companyName: string | null | undefined,
  aCompany: string,
) => (project.isConfidential || !companyName ? aCompany : companyName);

/** The reasons a candidate may give for saying no (labels in the catalogue: portal.interviews.reasons.*). */
export const REJECT_REASONS = ['notLooking', 'salary', 'location', 'role', 'company', 'timing', 'other'] as const;

/**
 * The words that ask us to stop messaging the number, read as the whole reply (trimmed, any case, trailing
 * punctuation allowed): the keywords carriers and messaging platforms honour (STOP, UNSUBSCRIBE, CANCEL, END, QUIT,
 * OPT-OUT...), and Meta's own "Stop promotions" quick reply. WhatsApp's Business Messaging Policy requires honouring
 * an opt-out; Meta fixes no keyword list, so a clear one-word request counts. "Stop, which company?" does not.
 */
const OPT_OUT = /^(stop|stop all|stopall|stop promotions|unsubscribe|cancel|end|quit|opt[ -]?out|remove me)[.!]*$/u;

/** A WhatsApp reply read as yes, no, an opt-out (optOut) or text. */
export function replyKind(text: string, payload?: string): 'yes' | 'no' | 'text' | 'optOut' {
  if ([text, payload ?? ''].some((v) => OPT_OUT.test(v.trim().toLowerCase()))) return 'optOut';
  const value = (payload ?? text).trim().toLowerCase();
  if (/^(yes|y|yeah|yep|sure|ok|okay|interested|👍)[.!]*$/u.test(value) || value === 'qualify_yes') return 'yes';
  if (/^(no|n|nope|not interested)[.!]*$/u.test(value) || value === 'qualify_no') return 'no';
  return 'text';
}

/** The schedule a request or a move carries (schema/validation/schedule.ts); rows written before slots existed lack some parts. */
export type ScheduleData = Partial<Schedule>;

export { validZone, zoneOffsetMinutes };

/**
 * When a proposed interview starts: the time the candidate chose on accepting (`chosenSlot`, answer.ts chooseSlot)
 * when still ahead; else (a request accepted before choices were asked) the schedule's first proposed time still
 * ahead, else, for a request that proposed no times, the project's first time slot still ahead (its date and start
 * time read in the schedule's time zone, UTC when none).
 */
export function interviewStart(
  schedule: (ScheduleData & { chosenSlot?: string }) | null | undefined,
  slots: { date: string; startTime: string }[] | null | undefined,
  now: Date,
): Date | undefined {
  const ahead = (d: Date | undefined): d is Date => d !== undefined && d.getTime() > now.getTime();
  const zone = validZone(schedule?.timezone) ?? 'UTC';
  if (schedule?.chosenSlot) {
    const chosen = localToInstant(schedule.chosenSlot, zone);
    return ahead(chosen) ? chosen : undefined;
  }
  const proposed = slotStarts(schedule).filter(ahead);
  // A request that proposed its own times starts at one of them, or at none: never at the project's own slots.
  if (proposed.length || schedule?.slots?.length) return proposed[0];
  return (slots ?? [])
    .map((s) => localToInstant(`${(s.date ?? '').slice(0, 10)}T${s.startTime ?? ''}`, zone))
    .filter(ahead)
    .sort((a, b) => a.getTime() - b.getTime())[0];
}

/** An interview's start as every message writes it: in the schedule's zone (UTC when none), the zone named. */
export function startText(schedule: Pick<ScheduleData, 'timezone'> | null | undefined, start: Date): string {
  const zone = validZone(schedule?.timezone) ?? 'UTC';
  return `${formatDateTime(start, { timeZone: zone })} (${zoneLabel(zone, start)})`;
}
