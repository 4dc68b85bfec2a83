/**
 * A save refused because the record changed after the edit form read it (409 'errors.changedMeanwhile', the check of
 * backend/crud/staleness.ts; 'candidates.errors.changedMeanwhile' in a profile's words): nothing was written. A dialog
 * says so and offers to reload the record (react-admin's refetch; the admin's changes are dropped first, so the form
 * then shows it as it is now: the form otherwise keeps changes over a record read again, RecordChanged.tsx) or to keep
 * editing. Used by the generated edit screens inside their form (EntityForm's children).
 */
import { useState } from 'react';
import { useEditContext, useNotify, type HttpError } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';

/** The codes of a save from an older copy, each with the words of its notice. */
const CODES = new Set(['errors.changedMeanwhile', 'candidates.errors.changedMeanwhile']);

/** The code of a refused save, when it says the record changed meanwhile. */
export function changedMeanwhileCode(error: unknown): string | undefined {
  const code = ((error as HttpError | undefined)?.body as { code?: string } | undefined)?.code;
  return code && CODES.has(code) ? code : undefined;
}

/** The notice of a save from an older copy: reload the record, or keep editing. */
export function ChangedMeanwhileDialog({
  code,
  title,
  reloadLabel,
  onClose,
}: {
  /** The refusal's code; no dialog without one. */
  code?: string;
  title?: string;
  reloadLabel?: string;
  onClose(): void;
}) {
  const { refetch } = useEditContext();
  const { reset, formState } = useFormContext();
  if (!code) return null;
  return (
    <ConfirmDialog
      open
      title={title ?? t('errors.changedTitle')}
      message={t(code)}
      confirmLabel={reloadLabel ?? t('errors.reload')}
      cancelLabel={t('errors.keepEditing')}
      onConfirm={() => {
        onClose();
        reset(formState.defaultValues);
        void refetch();
      }}
      onClose={onClose}
    />
  );
}

/**
 * The edit screen's save errors: a record changed meanwhile opens the dialog (`code`), anything else is handled as
 * react-admin does (field errors at their fields, the rest as a notice).
 */
export function useChangedMeanwhile() {
  const notify = useNotify();
  const [code, setCode] = useState<string>();
  const onError = (error: unknown) => {
    const changed = changedMeanwhileCode(error);
    if (changed) return setCode(changed);
    const body = (error as HttpError | undefined)?.body as { errors?: object } | undefined;
    if (!body?.errors || !Object.keys(body.errors).length)
      notify((error as Error)?.message || t('errors.internalServerError'), { type: 'error' });
  };
  return { code, onError, close: () => setCode(undefined) };
}
