/**
 * The add and edit form of a talent profile: every section of the shared profile form, the
 * admin-only parts, live validation by the server's own rules, and the server's field errors at
 * their fields (react-admin sets them from the answer's `errors`).
 */
import { Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form, SaveButton, useBasename, useLocation, useNavigate, useRecordContext } from 'react-admin';
import { t } from '../../../../i18n';
import { cityCountries, LookupProvider, useNamesLoaded } from '../../../../ui/candidate-profile/lookups';
import { ProfileSections } from '../../../../ui/candidate-profile/ProfileSections';
import { toFormValues } from '../../../../ui/candidate-profile/profileFields';
import { profileResolver } from '../../../../ui/candidate-profile/profileResolver';
import { SaveBar } from '../../../../ui/candidate-profile/SaveBar';
import { TwinWarning } from '../../../duplicates/TwinWarning';
import { RecordChangedNotice } from '../../RecordChanged';
import { AdminDocuments, InternalSection } from './AdminSections';
import { CvImportButton, CvImportSummary, type CvImported } from './CvImport';
import { consoleLookups, downloadTalentFile, uploadCv } from './talentApi';
import { talentPaths } from './talentPaths';
import { useNotifyFailure } from './useNotifyFailure';

type Summary = Omit<CvImported, 'values'>;

/** On the add form: start from a CV, or see what the CV chosen on the list filled in. */
function CvStart() {
  const { getValues, reset } = useFormContext();
  const location = useLocation();
  const [summary, setSummary] = useState<Summary | undefined>((location.state as { cv?: Summary } | null)?.cv);
  if (summary) return <CvImportSummary result={summary} onClose={() => setSummary(undefined)} />;
  return (
    <Card variant="outlined" sx={{ borderStyle: 'dashed', bgcolor: 'rgba(29, 78, 122, 0.03)' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
        <Stack sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('talent.cv.startTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('talent.cv.startText')}
          </Typography>
        </Stack>
        <CvImportButton
          label={t('talent.cv.upload')}
          variant="contained"
          base={() => getValues()}
          onImported={({ values, ...rest }) => {
            reset(values, { keepDefaultValues: true });
            setSummary(rest);
          }}
        />
      </CardContent>
    </Card>
  );
}

function Actions({ mode }: { mode: 'create' | 'edit' }) {
  const record = useRecordContext();
  const navigate = useNavigate();
  const basename = useBasename();
  const back = mode === 'edit' && record ? talentPaths.show(record.id) : talentPaths.list;
  return (
    <>
      <Button color="inherit" onClick={() => navigate(`${basename}${back}`)}>
        {t('admin.common.cancel')}
      </Button>
      <SaveButton
        label={mode === 'create' ? t('talent.admin.create') : t('talent.form.save')}
        alwaysEnable={mode === 'create'}
      />
    </>
  );
}

/**
 * A profile read again (react-admin's Refresh, or after a save was refused because it changed meanwhile) refreshes what
 * the admin left alone and keeps what they changed, and says when it changed on the server (RecordChanged.tsx); the
 * form's `updatedAt` follows the profile read (TalentEditScreens.tsx sends it).
 */
const KEEP_EDITS = { keepDirtyValues: true };

export function TalentForm({ mode, children }: { mode: 'create' | 'edit'; children?: ReactNode }) {
  const record = useRecordContext();
  const failed = useNotifyFailure();
  const values = useMemo(
    () =>
      mode === 'edit'
        ? { ...toFormValues(record, 'admin'), updatedAt: record?.updatedAt }
        : toFormValues(undefined, 'admin'),
    [record, mode],
  );
  const resolver = useMemo(
    () => profileResolver('admin', mode === 'edit' ? record : undefined, cityCountries(consoleLookups)),
    [record, mode],
  );
  const id = mode === 'edit' && record ? String(record.id) : undefined;
  // The pickers' names are asked for at once before the form draws, so each picker draws once, with its name.
  const namesLoaded = useNamesLoaded(consoleLookups, values, 'admin');
  if (!namesLoaded) return <LinearProgress aria-label={t('talent.form.loading')} />;
  return (
    <LookupProvider client={consoleLookups}>
      <Form
        record={values}
        resolver={resolver}
        mode="onChange"
        noValidate
        warnWhenUnsavedChanges
        resetOptions={mode === 'edit' ? KEEP_EDITS : undefined}
      >
        <Stack spacing={3} sx={{ p: { xs: 1.5, md: 3 } }}>
          {mode === 'edit' && <RecordChangedNotice />}
          {mode === 'create' && <CvStart />}
          {mode === 'create' && <TwinWarning showPath={talentPaths.show} />}
          <ProfileSections
            editor="admin"
            upload={uploadCv}
            candidateId={id}
            onDownloadCv={id ? () => downloadTalentFile('cv', id).catch(failed) : undefined}
            documentsExtra={
              <AdminDocuments
                candidateId={id}
                hasBlindCv={!!record?.blindResumePath}
                chosen={mode === 'edit' && record?.selfChosenStatus ? { status: record.status } : undefined}
              />
            }
            internal={<InternalSection />}
          />
        </Stack>
        <SaveBar idleText={mode === 'create' ? t('talent.admin.createIdle') : undefined}>
          <Actions mode={mode} />
        </SaveBar>
        {children}
      </Form>
    </LookupProvider>
  );
}
