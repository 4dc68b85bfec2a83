/** The parts of the talent form only admins see: status and visibility, the blind CV, and the internal fields. */
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SOURCE_OPTIONS } from '../../../../schema/entities/company';
import { t } from '../../../../i18n';
import { CvFileInput } from '../../../../ui/candidate-profile/DocumentsSection';
import { FormSection, Row } from '../../../../ui/candidate-profile/FormSection';
import { SelectInput, SwitchInput, TextInput } from '../../../../ui/candidate-profile/inputs';
import { choiceLabel, choicesOf, labelOf } from '../../../../ui/candidate-profile/labels';
import { LookupInput } from '../../../../ui/candidate-profile/LookupInput';
import { downloadTalentFile, uploadCv } from './talentApi';
import { useNotifyFailure } from './useNotifyFailure';

/** Spec section 4: changing a status the candidate chose themselves (paused, re-activated) warns first. */
function SelfChosenWarning({ chosen }: { chosen?: { status: number } }) {
  const status = useWatch({ name: 'status' });
  if (!chosen || status === chosen.status) return null;
  return (
    <Alert severity="warning" data-testid="self-chosen-status">
      {t('talent.admin.selfChosenEdit', { status: choiceLabel('status', chosen.status) ?? '' })}
    </Alert>
  );
}

/** Inside the documents section: the blind CV, the account status and who sees the profile. */
export function AdminDocuments({
  candidateId,
  hasBlindCv,
  chosen,
}: {
  candidateId?: string;
  hasBlindCv: boolean;
  chosen?: { status: number };
}) {
  const failed = useNotifyFailure();
  return (
    <>
      <CvFileInput
        name="blindResumePath"
        label={labelOf('blindResumePath')}
        upload={uploadCv}
        candidateId={candidateId}
        onDownload={
          candidateId && hasBlindCv ? () => downloadTalentFile('blindCv', candidateId).catch(failed) : undefined
        }
      />
      <Row>
        <SelectInput
          name="status"
          label={labelOf('status')}
          choices={choicesOf('status')}
          required
          helperText={t('talent.admin.statusHelp')}
        />
        <Box>
          <SwitchInput name="visibility" label={labelOf('visibility')} helperText={t('talent.admin.visibilityHelp')} />
          <SwitchInput name="sendSetPasswordEmail" label={labelOf('sendSetPasswordEmail')} />
        </Box>
      </Row>
      <SelfChosenWarning chosen={chosen} />
    </>
  );
}

/** The 'other' source's free text belongs to that option only (spec section 3). */
function SourceFields() {
  const { setValue, getValues } = useFormContext();
  const source = useWatch({ name: 'source' });
  const other = source === SOURCE_OPTIONS.values.other;
  useEffect(() => {
    if (!other && getValues('sourceOtherText')) setValue('sourceOtherText', '', { shouldDirty: true });
  }, [other, getValues, setValue]);
  return (
    <Row>
      <SelectInput name="source" label={labelOf('source')} choices={choicesOf('source')} />
      {other && <TextInput name="sourceOtherText" label={labelOf('sourceOtherText')} autoFocus />}
    </Row>
  );
}

export function InternalSection() {
  return (
    <FormSection
      id="internal"
      icon={<LockOutlined />}
      title={t('talent.sections.internal.title')}
      description={t('talent.sections.internal.description')}
    >
      <SourceFields />
      <Row>
        <LookupInput name="ownerId" resource="admins" label={labelOf('ownerId')} />
        <LookupInput name="tags" resource="tags" label={labelOf('tags')} multiple />
      </Row>
      <Row>
        <TextInput name="reasonForLeaving" label={labelOf('reasonForLeaving')} multiline minRows={2} maxRows={6} />
        <TextInput name="lookingFor" label={labelOf('lookingFor')} multiline minRows={2} maxRows={6} />
      </Row>
      <Typography variant="caption" color="text.secondary" data-testid="notes-included">
        {t('dataExportCopy.notesIncluded')}
      </Typography>
    </FormSection>
  );
}
