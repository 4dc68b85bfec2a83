/** Documents and visibility: the CV (uploaded now, saved with the profile) and whether the profile shows the name. */
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { t } from '../../i18n';
import { CV_ACCEPT, cvFileProblem, describeError, type CvUpload, type UploadCv } from './cvFiles';
import { FormSection } from './FormSection';
import { SwitchInput } from './inputs';
import { labelOf } from './labels';

interface FileProps {
  /** resumePath or blindResumePath. */
  name: string;
  label: string;
  upload: UploadCv;
  candidateId?: string;
  /** Downloads the stored file; absent when there is none to download. */
  onDownload?: () => void;
  onUploaded?: (result: CvUpload) => void;
}

/** One stored document: what is on file, and a button to upload a replacement. */
export function CvFileInput({ name, label, upload, candidateId, onDownload, onUploaded }: FileProps) {
  const { field, fieldState } = useController({ name });
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const local = await cvFileProblem(file);
    if (local) return setProblem(t(local));
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await upload(file, candidateId);
      field.onChange(result.newCvFilePathToDb);
      setPicked(file.name);
      onUploaded?.(result);
    } catch (err) {
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  const onFileStored = field.value && !picked;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <DescriptionOutlined color={field.value ? 'primary' : 'disabled'} />
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {picked
            ? t('talent.documents.ready', { name: picked })
            : onFileStored
              ? t('talent.documents.onFile')
              : t('talent.documents.none')}
        </Typography>
        {(problem || fieldState.error) && (
          <Typography variant="body2" color="error" role="alert">
            {problem ?? fieldState.error?.message}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        {onFileStored && onDownload && (
          <Button size="small" onClick={onDownload}>
            {t('talent.documents.download')}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <UploadFileOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {field.value ? t('talent.documents.replace') : t('talent.documents.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={CV_ACCEPT}
          aria-label={t('talent.documents.fileLabel', { label })}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            void onFile(file);
          }}
        />
      </Stack>
    </Paper>
  );
}

interface Props {
  upload: UploadCv;
  candidateId?: string;
  onDownloadCv?: () => void;
  /** What only admins set (blind CV, status, visibility...). */
  children?: ReactNode;
}

export function DocumentsSection({ upload, candidateId, onDownloadCv, children }: Props) {
  return (
    <FormSection
      id="documents"
      icon={<DescriptionOutlined />}
      title={t('talent.sections.documents.title')}
      description={t('talent.sections.documents.description')}
    >
      <CvFileInput
        name="resumePath"
        label={labelOf('resumePath')}
        upload={upload}
        candidateId={candidateId}
        onDownload={onDownloadCv}
      />
      {children}
      <Box>
        <SwitchInput name="anonymous" label={labelOf('anonymous')} helperText={t('talent.form.anonymousHelp')} />
      </Box>
      {/* A note, not an error: MUI's Alert is role="alert" unless told, which a screen reader announces as one. */}
      {!children && (
        <Alert severity="info" role="note">
          {t('talent.documents.savedWithProfile')}
        </Alert>
      )}
    </FormSection>
  );
}
