/**
 * /talent/add and /talent/edit/:id: the talent form in react-admin's create and edit controllers.
 *
 * The edit form sends the `updatedAt` of the profile it was filled from. When the profile changed meanwhile (the
 * candidate paused it or turned anonymity on), the API answers 409 'candidates.errors.changedMeanwhile' and nothing is
 * written: a dialog says so and reloads the profile, keeping the admin's own edits over it. A status the candidate
 * chose themselves is changed only after a second, explicit confirmation (409 'candidates.errors.selfChosenStatus',
 * then the same save with `confirm: true`), as the bulk status change asks.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import {
  Create,
  Edit,
  SaveButton,
  useBasename,
  useEditContext,
  useNavigate,
  useNotify,
  useRecordContext,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import { t } from '../../../../i18n';
import { toPayload } from '../../../../ui/candidate-profile/profileFields';
import { ConfirmDialog } from '../../../../ui/components/ConfirmDialog';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { EditLoadFailed, useRecordLoadOptions } from '../../LoadFailed';
import { TalentForm } from './TalentForm';
import { talentPaths } from './talentPaths';

/** The write for the form's values, with the version of the profile the form was filled from (edit only). */
const transform = (data: Record<string, unknown>) => ({
  ...toPayload(data, 'admin'),
  ...(typeof data.updatedAt === 'string' ? { updatedAt: data.updatedAt } : {}),
});
const confirmed = (data: Record<string, unknown>) => ({ ...transform(data), confirm: true });

/** The refusals a save of the edit form meets that the admin answers in a dialog. */
const CONFLICTS = {
  'candidates.errors.changedMeanwhile': 'changed',
  'candidates.errors.selfChosenStatus': 'selfChosen',
} as const;
type Conflict = (typeof CONFLICTS)[keyof typeof CONFLICTS];

function AddTitle() {
  const title = t('talent.admin.addTitle');
  useDocumentTitle(title);
  return <>{title}</>;
}

function EditTitle() {
  const record = useRecordContext();
  const title = record
    ? t('talent.admin.editTitle', { name: String(record.name ?? '') })
    : t('talent.admin.editTitleBare');
  useDocumentTitle(title);
  return <>{title}</>;
}

const CARD = { '& .RaCreate-card, & .RaEdit-card': { bgcolor: 'transparent', border: 0, overflow: 'visible' } };

/** After saving: a notice in the product's words, then the profile. */
function useSaved(messageKey: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  return {
    onSuccess: (data: RaRecord) => {
      notify(t(messageKey), { type: 'success' });
      navigate(`${basename}${talentPaths.show(data.id)}`);
    },
  };
}

export function TalentCreate() {
  const saved = useSaved('talent.admin.created');
  return (
    <Create title={<AddTitle />} transform={transform} mutationOptions={saved} sx={CARD}>
      <TalentForm mode="create" />
    </Create>
  );
}

/** The dialog of a refused save: reload the changed profile, or confirm overriding the candidate's own status. */
function ConflictDialog({ conflict, onClose }: { conflict?: Conflict; onClose(): void }) {
  const { refetch } = useEditContext();
  if (conflict === 'changed')
    return (
      <ConfirmDialog
        open
        title={t('talent.form.changedTitle')}
        message={t('candidates.errors.changedMeanwhile')}
        confirmLabel={t('talent.form.reload')}
        cancelLabel={t('talent.form.keepEditing')}
        onConfirm={() => {
          onClose();
          void refetch();
        }}
        onClose={onClose}
      />
    );
  return (
    <Dialog open={conflict === 'selfChosen'} onClose={onClose} maxWidth="xs" aria-labelledby="override-title">
      <DialogTitle id="override-title">{t('talent.admin.overrideTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('candidates.errors.selfChosenStatusOne')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('admin.common.cancel')}
        </Button>
        <SaveButton
          type="button"
          color="warning"
          alwaysEnable
          label={t('talent.bulk.override')}
          transform={confirmed}
          onClick={onClose}
        />
      </DialogActions>
    </Dialog>
  );
}

export function TalentEdit() {
  const saved = useSaved('talent.admin.saved');
  const notify = useNotify();
  const [conflict, setConflict] = useState<Conflict>();
  // A profile that did not load says why with Try again; only a 404 is told as gone (LoadFailed.tsx).
  const queryOptions = useRecordLoadOptions();
  const onError = (error: unknown) => {
    const body = (error as HttpError | undefined)?.body as { code?: string; errors?: object } | undefined;
    const known = CONFLICTS[body?.code as keyof typeof CONFLICTS];
    if (known) return setConflict(known);
    // As react-admin does: field errors show at their fields, anything else as a notice.
    if (!body?.errors || !Object.keys(body.errors).length)
      notify((error as Error)?.message || t('errors.internalServerError'), { type: 'error' });
  };
  return (
    <Edit
      title={<EditTitle />}
      transform={transform}
      mutationMode="pessimistic"
      mutationOptions={{ ...saved, onError }}
      queryOptions={queryOptions}
      error={<EditLoadFailed title={t('talent.view.loadError')} />}
      actions={false}
      sx={CARD}
    >
      <TalentForm mode="edit">
        <ConflictDialog conflict={conflict} onClose={() => setConflict(undefined)} />
      </TalentForm>
    </Edit>
  );
}
