/**
 * A long form's dialog or drawer asks before throwing away what was typed: Escape, a click outside,
 * Cancel and the close button all go through `requestClose`, which closes at once when nothing was
 * changed and otherwise asks "Discard what you entered?" (Keep editing / Discard). Render `prompt`
 * beside the form.
 */
import { useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';

/** Whether a form's values differ from where they started (plain data; a chosen file counts as a change). */
export function changedFrom(values: unknown, start: unknown): boolean {
  return JSON.stringify(values, fileAware) !== JSON.stringify(start, fileAware);
}

function fileAware(_key: string, value: unknown): unknown {
  return typeof File !== 'undefined' && value instanceof File ? `file:${value.name}:${value.size}` : value;
}

export function useDiscardGuard(
  dirty: boolean,
  close: () => void,
): { requestClose: (_event?: unknown, reason?: string) => void; prompt: ReactNode } {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (dirty) setAsking(true);
    else close();
  };
  const prompt = (
    <ConfirmDialog
      open={asking}
      title={t('portal.discard.title')}
      message={t('portal.discard.text')}
      confirmLabel={t('portal.discard.confirm')}
      cancelLabel={t('portal.discard.keep')}
      destructive
      onConfirm={() => {
        setAsking(false);
        close();
      }}
      onClose={() => setAsking(false)}
    />
  );
  return { requestClose, prompt };
}
