/**
 * A long form keeps what is typed and not yet saved (portal/app/formDrafts.ts: this tab's sessionStorage, per person,
 * form and record, never files or secrets), so a reload, a crashed tab or a session that ends mid-edit loses nothing.
 *
 * The form calls `take(recordId, base)` when it fills its fields from the record (`base`; 'new' for a record not
 * created yet): it answers the kept fields to put
 * over them, and from then on `keep(values, base)` (or `useKeptDraft`) writes what differs as it is typed, a moment
 * after typing rests and at once when the page is left or the form unmounts. While a restored draft is on screen,
 * `notice` says "Unsaved changes restored" (the same words on every form) with Discard, which forgets the draft and
 * calls `onDiscard` to put the record's values back. The form calls `forget()` once its edits are saved or thrown
 * away; `forget(true)` also stops keeping (the person chose to sign out and throw them away). Signing out forgets
 * every draft.
 */
import { Alert, Button } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import { useAuth } from '../app/auth/authContext';
import { draftKey, draftOf, readDraft, restorable, writeDraft } from '../app/formDrafts';

/** How long typing rests before the draft is written. */
const WRITE_AFTER_MS = 400;

type Values = Record<string, unknown>;

export interface FormDraftOptions {
  /** Fields never kept (besides files and secret-looking names), e.g. what the page the form opened on put there. */
  omit?: readonly string[];
  /** Puts the record's values back when Discard is chosen on the notice. */
  onDiscard?(): void;
}

export interface FormDraft {
  take<T extends object>(recordId: string, base: T, current?: T): Partial<T>;
  keep(values: object, base: object): void;
  forget(forGood?: boolean): void;
  /** Whether a restored draft's notice is showing. */
  restored: boolean;
  notice: ReactNode;
}

/** Keeps the signed-in person's drafts of the form named `form`. */
export function useFormDraft(form: string, options: FormDraftOptions = {}): FormDraft {
  const userId = useAuth().user?._id;
  const [restored, setRestored] = useState(false);
  // The key being kept: set by take, so nothing is written before the form has read its record.
  const active = useRef<string>(undefined);
  const stopped = useRef(false);
  const pending = useRef<{ values: object; base: object }>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const opts = useRef(options);
  opts.current = options;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = undefined;
    if (!next || !active.current || stopped.current) return;
    writeDraft(active.current, draftOf(next.values as Values, next.base as Values, opts.current.omit));
  }, []);

  const take = useCallback(
    <T extends object>(recordId: string, base: T, current: T = base): Partial<T> => {
      flush();
      const key = userId ? draftKey(userId, form, recordId) : undefined;
      active.current = key;
      if (!key || !userId || stopped.current) return {};
      const kept = readDraft(userId, key);
      const patch = kept ? restorable(kept, current as Values, opts.current.omit) : {};
      const any = Object.keys(patch).length > 0;
      if (!any) writeDraft(key, undefined);
      setRestored(any);
      return patch as Partial<T>;
    },
    [form, userId, flush],
  );

  const keep = useCallback(
    (values: object, base: object) => {
      if (!active.current || stopped.current) return;
      pending.current = { values, base };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, WRITE_AFTER_MS);
    },
    [flush],
  );

  const forget = useCallback((forGood = false) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    pending.current = undefined;
    if (forGood) stopped.current = true;
    if (active.current) writeDraft(active.current, undefined);
    setRestored(false);
  }, []);

  // Leaving the page (a reload, closing the tab) or the form unmounting (signed out by a 401) writes what is pending.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const notice = restored ? (
    <Alert
      severity="info"
      role="status"
      data-testid="draft-restored"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          sx={{ minHeight: 40 }}
          onClick={() => {
            forget();
            opts.current.onDiscard?.();
          }}
        >
          {t('portal.draft.discard')}
        </Button>
      }
    >
      {t('portal.draft.restored')}
    </Alert>
  ) : null;

  return { take, keep, forget, restored, notice };
}

/** Keeps `values` (as against `base`) each time they change, once the form has taken its draft. */
export function useKeptDraft(draft: FormDraft, values: object | undefined, base: object | undefined): void {
  const { keep } = draft;
  useEffect(() => {
    if (values && base) keep(values, base);
  }, [keep, values, base]);
}
