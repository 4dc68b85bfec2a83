/**
 * The project form's errors, as the add modal and the settings panel both handle them: a change
 * clears its fields' errors; a submit is checked first (the first refused field gets the keyboard);
 * the server's refusal lands on its fields (a refusal of a field the form does not show, above the
 * form); a refused job description file shows under the file and above the form. The failure
 * above the form is brought into view wherever the user scrolled to.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { focusFirstError } from './focusFirstError';
import {
  errorsAfterChange,
  serverFieldErrors,
  unshownErrors,
  validateProject,
  type FormContext,
  type ProjectFormValues,
} from './projectForm';

export function useProjectFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);

  /** No errors and no failure: the form (re)opens. */
  const reset = useCallback(() => {
    setErrors({});
    setFailure(undefined);
  }, []);

  /** The fields of `patch` were changed: their errors go. */
  const changed = (patch: Partial<ProjectFormValues>) => setErrors((e) => errorsAfterChange(e, patch));

  /** Before a submit: true when the values pass; otherwise their errors show and the first refused field is focused. */
  const check = (values: ProjectFormValues, ctx: FormContext): boolean => {
    const found = validateProject(values, ctx);
    setErrors(found);
    setFailure(undefined);
    if (!Object.keys(found).length) return true;
    focusFirstError(found);
    return false;
  };

  /** The create or update request failed: its field errors onto the fields, anything else above the form. */
  const refused = (err: unknown) => {
    const fields = serverFieldErrors(fieldKeys(err));
    if (!Object.keys(fields).length) {
      setFailure(errorMessage(err));
      return;
    }
    setErrors(fields);
    focusFirstError(fields);
    const others = unshownErrors(fields);
    if (others.length) setFailure(others.map((key) => t(key)).join(' '));
  };

  /** The job description file was not taken: why, under the file and in `messageKey`'s words above the form. */
  const fileRefused = (err: unknown, messageKey: string) => {
    const fields = fieldKeys(err);
    const key = fields.jd_file ?? fields.jdFile ?? Object.values(fields)[0];
    setErrors((e) => ({ ...e, jdFile: key ?? 'portal.projectsPortal.errors.uploadFailed' }));
    setFailure(t(messageKey, { reason: key ? t(key) : errorMessage(err) }));
  };

  return { errors, failure, failureRef, reset, changed, check, refused, fileRefused };
}
