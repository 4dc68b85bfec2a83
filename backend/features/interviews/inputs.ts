/** zod inputs of the interview, job-description and qualify calls (JSON or multipart text). */
import { z } from 'zod';
import { entity } from '../../../schema';
import { parseId } from '../../../schema/lib/ids';
import { camelKeys, id } from '../../../schema/validation/inputs';
import { JD_LIMITS } from '../../../schema/rules/pipeline';
import { ruleMessage } from '../../../schema/validation/issues';
import { scheduleSchema } from '../../../schema/validation/schedule';

const scheduleForm = scheduleSchema();

export const MAX_CANDIDATES = 100;

export { camelKeys };

/** One candidate id or a list: a JSON list, repeated multipart parts, a JSON-list text or comma-separated ids. */
export const candidateIds = z.unknown().transform((raw, ctx) => {
  let list: unknown[] | undefined;
  if (Array.isArray(raw)) list = raw;
  else if (typeof raw === 'number') list = [raw];
  else if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      list = Array.isArray(parsed) ? parsed : undefined;
    } catch {
      list = undefined;
    }
  } else if (typeof raw === 'string' && raw.trim()) list = raw.split(',').map((s) => s.trim());
  if (!list || !list.length) {
    ctx.addIssue({
      code: 'custom',
      message: raw === undefined || raw === null || raw === '' ? 'required' : 'invalid',
      input: raw,
    });
    return z.NEVER;
  }
  if (list.length > MAX_CANDIDATES) {
    ctx.addIssue({ code: 'custom', message: 'tooMany', input: raw });
    return z.NEVER;
  }
  const parsed = list.map((v) => parseId(entity('candidate'), v));
  if (parsed.some((n) => n === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'invalid', input: raw });
    return z.NEVER;
  }
  return [...new Set(parsed as number[])];
});

/** Free text sent as JSON or multipart; limits are checked by the handler with their own messages. */
const looseText = z
  .union([z.string().max(20000), z.null()])
  .optional()
  .transform((s) => (typeof s === 'string' && s.trim() ? s.trim() : null));

/** Proposed interview details: an object, or its JSON text in a multipart form, checked by the one schedule schema. */
export const scheduleData = z
  .unknown()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') return null;
    let value = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid', input: raw });
        return z.NEVER;
      }
    }
    const parsed = scheduleForm.safeParse(value, { error: ruleMessage });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
      return z.NEVER;
    }
    return parsed.data;
  });

const sendFields = z.object({
  projectId: id('project'),
  candidateId: candidateIds,
  requestAction: z.string().trim().min(1).max(40),
  channel: z.enum(['email', 'whatsapp']).optional().default('email'),
  jdText: looseText,
  jdHeader: looseText,
  jdFooter: looseText,
  scheduleData,
});

export const sendBody = z.preprocess(camelKeys, sendFields);

/**
 * The most text parts a request's multipart form holds: one candidateId part per candidate (the portal's form,
 * portal/api/interviews.ts), up to MAX_CANDIDATES, and each other field once. A form with more has too many candidates.
 */
export const SEND_FORM_FIELDS = {
  max: MAX_CANDIDATES + Object.keys(sendFields.shape).length - 1,
  field: 'candidateId',
  key: 'candidateId.errors.tooMany',
};

const token = z.string().max(200);

/** How the candidate reached the answer page: the channel the request went by (the portal reads it from the link). */
const responseMethod = z.enum(['email', 'whatsapp']);

export const approveBody = z.object({
  interviewRequestToken: token,
  accessValue: z.enum(['approve', 'reject', 'check']).optional().default('check'),
  responseMethod: responseMethod.optional(),
  // The proposed time accepted, as the schedule types it (answer.ts chooseSlot checks it is one of the request's).
  slot: z.string().trim().max(40, 'invalid').optional(),
});

export const rejectBody = z.object({
  interviewRequestToken: token,
  userResponse: z
    .union([
      z.string().max(2000),
      z.object({
        reasons: z.array(z.string().max(40)).max(10).optional(),
        comment: z.string().max(2000).optional(),
      }),
    ])
    .optional(),
  responseMethod: responseMethod.optional(),
});

export const projectQuery = z.preprocess(camelKeys, z.object({ projectId: id('project') }));

export const qualifyBody = z.preprocess(
  camelKeys,
  z.object({
    candidateId: candidateIds,
    projectId: id('project').optional(),
    header: z.string().trim().min(1).max(JD_LIMITS.header),
    body: z.string().trim().min(1).max(JD_LIMITS.body),
  }),
);
