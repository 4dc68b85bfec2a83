/**
 * zod issues as the product's field errors: `{ "<path>": "<field>.errors.<rule>" }`, the shape of
 * the one error envelope and of every form's inline messages. Side-free: the API, the console and
 * the portal read validation failures the same way.
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** A message that is already a key ('email.errors.sameAsCurrent', 'upload.errors.tooLarge') is kept as it is. */
const isKey = (message: string) => /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/.test(message);

type ZodIssue = z.core.$ZodRawIssue | z.core.$ZodIssue;

/** The rule name of an issue: required, invalid, tooLong, tooShort, tooBig, tooSmall, tooMany, tooFew, notWholeNumber. */
export function ruleOf(issue: ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  const origin = (issue as { origin?: string }).origin;
  const empty = input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
  switch (issue.code) {
    case 'invalid_type':
      if (empty) return 'required';
      return (issue as { expected?: string }).expected === 'int' ? 'notWholeNumber' : 'invalid';
    case 'too_big':
      return origin === 'array' || origin === 'set' ? 'tooMany' : origin === 'string' ? 'tooLong' : 'tooBig';
    case 'too_small':
      if (origin === 'string' && empty) return 'required';
      if ((origin === 'array' || origin === 'set') && Array.isArray(input) && input.length === 0) return 'required';
      return origin === 'array' || origin === 'set' ? 'tooFew' : origin === 'string' ? 'tooShort' : 'tooSmall';
    case 'invalid_value':
      return empty ? 'required' : 'invalid';
    // A value of several accepted shapes (an id: its key or its number) left out is missing, not malformed.
    case 'invalid_union':
      return input === undefined || input === null ? 'required' : 'invalid';
    default:
      return 'invalid';
  }
}

/**
 * The per-parse error map: every issue without a message of its own becomes its rule name, which
 * fieldErrorsOf turns into '<field>.errors.<rule>'. Pass it as `schema.safeParse(data, { error: ruleMessage })`.
 */
export const ruleMessage = (issue: ZodIssue): string => ruleOf(issue);

/** The message key of a rule at a path: numeric parts (list indexes) are left out of the key, kept in the field. */
export function messageKey(path: readonly PropertyKey[], rule: string): string {
  if (isKey(rule)) return rule;
  const named = path.filter((p) => typeof p === 'string' && !/^\d+$/.test(p)).join('.');
  return named ? `${named}.errors.${rule}` : `errors.${rule}`;
}

/** A problem found at a path: its message is a rule name or a declared key. */
export interface Issue {
  message: string;
  path: PropertyKey[];
}

/** Issues as field errors; the first problem of a field wins. */
export function fieldErrorsOfIssues(issues: readonly { message: string; path: readonly PropertyKey[] }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    out[field] ??= messageKey(issue.path, issue.message);
  }
  return out;
}

/** Every issue of a failed parse as field errors; the first problem of a field wins. */
export const fieldErrorsOf = (error: z.ZodError): FieldErrors => fieldErrorsOfIssues(error.issues);
