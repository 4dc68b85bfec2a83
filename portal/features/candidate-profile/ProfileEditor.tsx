/**
 * The candidate's own profile form: the shared sections minus the admins' fields, validated live by
 * the server's rules, saved with PUT candidates/:id. Field errors the server finds show at their
 * fields (spec section 8: success 'messages.saveSuccess', else the first error). Throwing edits away asks first:
 * Discard, leaving the page and signing out.
 *
 * A save carries the `updatedAt` of the profile the page holds. A profile changed since (in another tab or device, or
 * by our team) is refused with 409 'candidates.errors.changedMeanwhile' and nothing is written: a dialog says so and
 * reloads the profile, which refreshes the fields the candidate left alone and keeps the ones they changed.
 *
 * A save whose answer was lost (the connection dropped, a proxy gave up) may still have been written: after such a
 * failure, and on a 409 (the repeat of such a save finds the profile changed, by that save), the stored profile is read
 * and, when it already holds what was sent, the save is done ('messages.saveSuccess'). Otherwise a lost answer says the
 * connection dropped and the change may not be saved ('errors.connectionLost'), and a 409 shows the dialog.
 *
 * Unsaved edits are kept in this tab while they are typed (./profileDraft.ts): a reload, or a session that ends
 * mid-edit (a 401 signs out and leads to the login page), gets them back, with the notice every portal form shows
 * ('portal.draft.restored') and Discard.
 */
import { Button, CircularProgress } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, isConnectionLost, known } from '../../../ui/api/errors';
import { guardSignOut } from '../../app/auth/AuthProvider';
import { useNotify } from '../../app/notify';
import { t } from '../../../i18n';
import { LoadingScreen } from '../../components/LoadingScreen';
import { OwnEmail } from './EmailChange';
import { cityCountries, LookupProvider, useNamesLoaded } from '../../../ui/candidate-profile/lookups';
import { ProfileSections } from '../../../ui/candidate-profile/ProfileSections';
import { toFormValues, toPayload } from '../../../ui/candidate-profile/profileFields';
import { errorPath, profileResolver } from '../../../ui/candidate-profile/profileResolver';
import { SaveBar } from '../../../ui/candidate-profile/SaveBar';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { portalLookups, profileApi, type CandidateProfile } from './profileApi';
import { useProfileDraft } from './profileDraft';

const CHANGED_MEANWHILE = 'candidates.errors.changedMeanwhile';

/** Whether two payloads say the same, ids aside (the stored profile's new experiences have ids, the sent ones none). */
const samePayload = (a: FieldValues, b: FieldValues) => {
  const text = (v: FieldValues) => JSON.stringify(v, (key, value: unknown) => (key === 'id' ? undefined : value));
  return text(a) === text(b);
};

interface Props {
  profile: CandidateProfile;
  onSaved(profile: CandidateProfile): void;
  onChangeEmail(): void;
}

/**
 * Leaving with unsaved changes asks first: the browser before the page is left, and this editor before signing out
 * ends the session (a person who stays keeps a session to save with). `answer` is the person's reply to the latter;
 * once they chose to sign out, the browser does not ask a second time as the page is left.
 */
function useLeaveGuard(dirty: boolean, onLeave: () => void) {
  const [pending, setPending] = useState<(leave: boolean) => void>();
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const guard = (e: BeforeUnloadEvent) => {
      if (!leaving.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    const unguard = guardSignOut(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
    return () => {
      window.removeEventListener('beforeunload', guard);
      unguard();
    };
  }, [dirty]);
  const answer = (leave: boolean) => {
    leaving.current = leave;
    if (leave) onLeave();
    pending?.(leave);
    setPending(undefined);
  };
  return { asking: pending !== undefined, answer };
}

export function ProfileEditor({ profile, onSaved, onChangeEmail }: Props) {
  const notify = useNotify();
  const values = useMemo(() => toFormValues(profile, 'candidate'), [profile]);
  const resolver = useMemo(() => profileResolver('candidate', profile, cityCountries(portalLookups)), [profile]);
  const form = useForm<FieldValues>({ defaultValues: values, resolver, mode: 'onChange' });
  const { reset, setError, formState } = form;
  const namesLoaded = useNamesLoaded(portalLookups, values, 'candidate');
  const draft = useProfileDraft(form, profile.id, namesLoaded, { onDiscard: () => reset(values) });
  const leave = useLeaveGuard(formState.isDirty, () => draft.forget(true));
  const [discarding, setDiscarding] = useState(false);
  const [changed, setChanged] = useState(false);
  const [reloading, setReloading] = useState(false);

  // A newer profile from elsewhere on the page (status, email) keeps what is being edited. The values the form was
  // built with are not reset again on its first draw: that reset redrew every field of the form a second time.
  const shown = useRef(values);
  useEffect(() => {
    if (shown.current === values) return;
    shown.current = values;
    reset(values, { keepDirtyValues: true });
  }, [values, reset]);

  const saved = (updated: CandidateProfile, data: FieldValues) => {
    notify(t('messages.saveSuccess'), 'success');
    draft.forget();
    // What was typed while the save was under way is kept, still to be saved: the answer predates it.
    const typed = form.getValues();
    reset(toFormValues(updated, 'candidate'));
    for (const [name, value] of Object.entries(typed))
      if (JSON.stringify(value) !== JSON.stringify(data[name])) form.setValue(name, value, { shouldDirty: true });
    onSaved(updated);
  };

  const save = form.handleSubmit(
    async (data) => {
      const sent = toPayload(data, 'candidate');
      try {
        saved(await profileApi.update(profile.id, { ...sent, updatedAt: profile.updatedAt }), data);
      } catch (err) {
        const lost = isConnectionLost(err);
        if (lost || (err instanceof ApiError && err.code === CHANGED_MEANWHILE)) {
          // The answer of this save, or of the one before it, may have been lost after the server wrote it.
          const stored = await profileApi.get(profile.id).catch(() => undefined);
          if (stored && samePayload(toPayload(toFormValues(stored, 'candidate'), 'candidate'), sent))
            return saved(stored, data);
          return lost ? notify(errorMessage(err), 'error') : setChanged(true);
        }
        const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
        for (const [path, key] of fields)
          setError(errorPath(path), { type: 'server', message: t(key) }, { shouldFocus: path === fields[0][0] });
        const first = fields[0]?.[1];
        notify(
          first
            ? t(first)
            : err instanceof ApiError && err.status > 0
              ? (known(err.code) ?? t('messages.saveError'))
              : t('messages.internalServerError'),
          'error',
        );
      }
    },
    () => notify(t('talent.form.fixErrors'), 'error'),
  );

  // The form draws once its pickers' names are loaded, so each picker draws once, with its name. The sections are one
  // element kept while its inputs stand: the form's own state (ready after mounting, dirty, submitting) redraws this
  // editor and its save bar, not the hundreds of fields, which read the form's values themselves.
  const { id, email } = profile;
  const sections = useMemo(
    () => (
      <ProfileSections
        editor="candidate"
        upload={(file) => profileApi.uploadCv(file)}
        onDownloadCv={() => profileApi.downloadCv(id).catch((err: unknown) => notify(errorMessage(err), 'error'))}
        email={<OwnEmail email={email} onChange={onChangeEmail} />}
      />
    ),
    [id, email, notify, onChangeEmail],
  );

  const reload = () => {
    setReloading(true);
    profileApi
      .get(profile.id)
      .then((fresh) => {
        setChanged(false);
        onSaved(fresh);
      })
      .catch((err: unknown) => notify(errorMessage(err), 'error'))
      .finally(() => setReloading(false));
  };

  if (!namesLoaded) return <LoadingScreen />;
  return (
    <LookupProvider client={portalLookups}>
      <FormProvider {...form}>
        <form onSubmit={save} noValidate aria-label={t('talent.own.formLabel')}>
          {draft.notice}
          {sections}
          <SaveBar>
            <Button
              color="inherit"
              onClick={() => setDiscarding(true)}
              disabled={!formState.isDirty || formState.isSubmitting}
            >
              {t('talent.form.discard')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              // Nothing to save while the bar says everything is saved.
              disabled={formState.isSubmitting || !formState.isDirty}
              startIcon={
                formState.isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
              }
            >
              {formState.isSubmitting ? t('talent.form.saving') : t('talent.form.save')}
            </Button>
          </SaveBar>
        </form>
        <ConfirmDialog
          open={discarding}
          title={t('talent.form.discardTitle')}
          message={t('talent.form.discardMessage')}
          confirmLabel={t('talent.form.discardConfirm')}
          cancelLabel={t('talent.form.keepEditing')}
          destructive
          onConfirm={() => {
            reset(values);
            draft.forget();
            setDiscarding(false);
          }}
          onClose={() => setDiscarding(false)}
        />
        <ConfirmDialog
          open={changed}
          title={t('talent.form.changedTitle')}
          message={t(CHANGED_MEANWHILE)}
          confirmLabel={t('talent.form.reload')}
          cancelLabel={t('talent.form.keepEditing')}
          busy={reloading}
          onConfirm={reload}
          onClose={() => setChanged(false)}
        />
        <ConfirmDialog
          open={leave.asking}
          title={t('talent.own.leaveTitle')}
          message={t('talent.own.leaveMessage')}
          confirmLabel={t('talent.own.leaveConfirm')}
          cancelLabel={t('talent.own.leaveStay')}
          destructive
          onConfirm={() => leave.answer(true)}
          onClose={() => leave.answer(false)}
        />
      </FormProvider>
    </LookupProvider>
  );
}
