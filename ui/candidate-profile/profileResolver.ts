/**
 * react-hook-form's view of the profile rules: problems become nested field errors with their
 * catalogue text. Rules on a whole list (duplicate skills, too many highlighted) sit at the
 * list's `root`, where react-hook-form keeps a field array's own error.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { t } from '../../i18n';
import { CHILD_LISTS, type Editor, type FormValues, type Item } from './profileFields';
import { profileProblems } from './profileValidation';

/** Lists edited as arrays of rows (react-hook-form field arrays). */
export const ROW_LISTS = ['preferredLocations', 'skills', 'languages', ...Object.keys(CHILD_LISTS)];

/** The form path an error of `path` is shown at. */
export const errorPath = (path: string) => (ROW_LISTS.includes(path) ? `${path}.root` : path);

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  parts.slice(0, -1).forEach((part, i) => {
    if (!node[part] || typeof node[part] !== 'object') node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  const last = parts[parts.length - 1];
  // A list-wide error and its rows' errors live side by side; a row error never replaces a list one.
  if (!node[last]) node[last] = value;
}

/** Nested react-hook-form errors for problems keyed by path; `translate` turns message keys into text. */
export function toFormErrors(problems: Record<string, string>, type = 'validate', translate: (key: string) => string = t): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const [path, key] of Object.entries(problems)) setPath(errors, errorPath(path), { type, message: translate(key) });
  return errors as FieldErrors;
}

export function profileResolver(editor: Editor, existing?: Item): Resolver<FieldValues> {
  return (values) => {
    const problems = profileProblems(values as FormValues, { editor, existing });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFormErrors(problems) };
  };
}
