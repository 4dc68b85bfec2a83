/**
 * The candidate's unsaved profile edits, kept through the portal's form drafts (../../components/useFormDraft.tsx:
 * this tab, per person and profile). A session that ends mid-edit (any call answering 401 signs the app out and the
 * route frame leads to the login page, which unmounts the form) then loses nothing: signed in again, the form puts the
 * kept edits back over the stored profile, still unsaved, and says so. The draft holds only the fields that differ
 * from the profile the form was read with; it goes once they are saved or discarded, and at sign-out.
 */
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useFormDraft, type FormDraftOptions } from '../../components/useFormDraft';

/**
 * Keeps the react-hook-form `form`'s unsaved edits of profile `profileId` once `ready` (the form's fields drawn): first
 * puts back a kept draft (its `notice` then shows), then keeps what differs from the form's defaults as it is typed.
 */
export function useProfileDraft(
  form: UseFormReturn<FieldValues>,
  profileId: string | number,
  ready: boolean,
  options: FormDraftOptions,
) {
  const draft = useFormDraft('candidateProfile', options);
  const { take, keep } = draft;
  const started = useRef(false);

  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    const kept = take(String(profileId), form.formState.defaultValues ?? {}, form.getValues());
    for (const [name, value] of Object.entries(kept))
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
  }, [ready, form, take, profileId]);

  useEffect(() => {
    const sub = form.watch(() => keep(form.getValues(), form.formState.defaultValues ?? {}));
    return () => sub.unsubscribe();
  }, [form, keep]);

  return draft;
}
