/**
 * The candidate's unsaved profile edits, kept in this tab's sessionStorage under their own id while the form holds them.
 * A session that ends mid-edit (any call answering 401 signs the app out and the route frame leads to the login page,
 * which unmounts the form) then loses nothing: signed in again, the form puts the kept edits back over the stored
 * profile, still unsaved, and says so. The draft holds only the fields that differ from the profile the form was read
 * with; it goes once they are saved or discarded, and when the person chooses to sign out without saving.
 *
 * Other long forms that would need the same: the account profile (portal/features/account/ProfileForm.tsx), a
 * project's settings and brief, and the console's talent edit screens.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** How long typing rests before the draft is written; a form that unmounts writes at once. */
const WRITE_AFTER_MS = 400;
const keyOf = (userId: string) => `talentbase.profileDraft:${userId}`;

function read(userId: string): FieldValues | undefined {
  try {
    const raw = sessionStorage.getItem(keyOf(userId));
    const kept: unknown = raw ? JSON.parse(raw) : undefined;
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as FieldValues) : undefined;
  } catch {
    return undefined;
  }
}

function write(userId: string, changed: FieldValues | undefined): void {
  try {
    if (changed) sessionStorage.setItem(keyOf(userId), JSON.stringify(changed));
    else sessionStorage.removeItem(keyOf(userId));
  } catch {
    // Blocked or full storage keeps no draft: the form still works, as before drafts were kept.
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps the form's unsaved edits for `userId` once `ready` (the form's fields drawn): first puts back a kept draft and
 * calls `onRestored`, then keeps what differs from the form's defaults as it is typed. `forget` drops the draft; with
 * `forGood`, nothing more is kept (the person chose to sign out and throw the edits away).
 */
export function useProfileDraft(
  form: UseFormReturn<FieldValues>,
  userId: string,
  ready: boolean,
  onRestored: () => void,
) {
  const started = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const keep = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (stopped.current || !started.current) return;
    const base = form.formState.defaultValues ?? {};
    const changed = Object.entries(form.getValues()).filter(([name, value]) => !same(value, base[name]));
    write(userId, changed.length ? Object.fromEntries(changed) : undefined);
  }, [form, userId]);

  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const kept = read(userId);
    if (!kept) return;
    const current = form.getValues();
    let restored = false;
    for (const [name, value] of Object.entries(kept)) {
      if (!(name in current) || same(value, current[name])) continue;
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
      restored = true;
    }
    if (restored) onRestored();
    else write(userId, undefined);
  }, [ready, form, userId, onRestored]);

  useEffect(() => {
    const sub = form.watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(keep, WRITE_AFTER_MS);
    });
    // Leaving the page (closing the tab, a reload) or the form unmounting (signed out by a 401) writes what is pending.
    const flush = () => timer.current !== undefined && keep();
    window.addEventListener('pagehide', flush);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, keep]);

  const forget = useCallback(
    (forGood = false) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (forGood) stopped.current = true;
      write(userId, undefined);
    },
    [userId],
  );
  return { forget };
}
