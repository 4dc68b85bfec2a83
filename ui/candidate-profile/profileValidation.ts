/**
 * The server's candidate rules, run in the browser while the form is filled in: the candidate's
 * compiled zod schema (schema/validation/entitySchemas.ts, the one the API validates with), with
 * the cross-field rules of schema/rules/candidate.ts as its refinement and the experience and
 * education lists checked by their own schemas. Problems come back keyed by form path with the
 * server's message keys, so a mistake reads the same whichever side catches it.
 */
import { localToday, type Today } from '../../schema/rules/candidate';
import { recordSchema } from '../../schema/validation/entitySchemas';
import { fieldErrorsOf } from '../../schema/validation/issues';
import { candidate, editableFields, toPayload, type Editor, type FormValues, type Item } from './profileFields';

export type Problems = Record<string, string>;

interface Options {
  editor: Editor;
  /** The stored profile the form edits (empty when adding). */
  existing?: Item;
  /** The reader's own day (the browser's clock): the server accepts any day that is today somewhere. */
  today?: Today;
  /** The country (ISO code) of the chosen current location: a national phone number is read in it, as the server reads it. */
  phoneCountry?: string | null;
}

/** Every problem the server would report for saving these values. */
export function profileProblems(
  values: FormValues,
  { editor, existing = {}, today = localToday(), phoneCountry }: Options,
): Problems {
  // The candidate does not set the Hong Kong flag, but it decides whether those fields are required.
  const context = { ...existing, isSpecialHkCandidate: values.isSpecialHkCandidate === true };
  const schema = recordSchema(candidate, {
    mode: 'update',
    writable: new Set(editableFields(editor)),
    rules: { existing: context, today },
    children: true,
    phoneCountry,
  });
  const parsed = schema.safeParse(toPayload(values, editor));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}
