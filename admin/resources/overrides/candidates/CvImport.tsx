/**
 * "Add from CV": a PDF or DOCX goes to POST candidates/cv-data, and the draft profile it answers
 * with fills the add form. The summary says what the CV gave and what is still to fill in.
 */
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, AlertTitle, Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useRef, useState } from 'react';
import { t } from '../../../../i18n';
import { applyCvDraft } from '../../../../ui/candidate-profile/cvDraft';
import { CV_ACCEPT, cvFileProblem, describeError } from '../../../../ui/candidate-profile/cvFiles';
import { labelOf } from '../../../../ui/candidate-profile/labels';
import { toFormValues, type FormValues } from '../../../../ui/candidate-profile/profileFields';
import { profileProblems } from '../../../../ui/candidate-profile/profileValidation';
import { uploadCv } from './talentApi';
import { useNotifyFailure } from './useNotifyFailure';

export interface CvImported {
  values: FormValues;
  fileName: string;
  filled: string[];
  /** Fields the profile needs that the CV did not give. */
  missing: string[];
}

/** The required fields still empty in these values. */
function missingOf(values: FormValues): string[] {
  const problems = profileProblems(values, { editor: 'admin' });
  const names = Object.entries(problems)
    .filter(([path, key]) => /\.errors\.(required|tooFew)$/.test(key) && !/\.\d+\./.test(path))
    .map(([path]) => path.split('.')[0]);
  return [...new Set(names)];
}

export async function importCv(file: File, base: FormValues = toFormValues(undefined, 'admin')): Promise<CvImported> {
  const problem = await cvFileProblem(file);
  if (problem) throw new Error(t(problem));
  const upload = await uploadCv(file);
  const { values, filled } = applyCvDraft(base, upload);
  return { values, fileName: file.name, filled, missing: missingOf(values) };
}

interface ButtonsProps extends Omit<ButtonProps, 'onClick'> {
  label: string;
  /** The values the draft is laid over (the form's current ones); a blank profile when absent. */
  base?: () => FormValues;
  onImported(result: CvImported): void;
}

/** A button that picks a CV file, uploads it and hands back the filled values. */
export function CvImportButton({ label, base, onImported, ...button }: ButtonsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const failed = useNotifyFailure();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onImported(await importCv(file, base?.()));
    } catch (err) {
      failed(new Error(describeError(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        {...button}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <UploadFileOutlined />}
        onClick={() => input.current?.click()}
      >
        {busy ? t('talent.cv.reading') : label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={CV_ACCEPT}
        aria-label={t('talent.cv.fileLabel')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void onFile(file);
        }}
      />
    </>
  );
}

const listOf = (names: string[]) => names.map((n) => labelOf(n)).join(', ');

export function CvImportSummary({ result, onClose }: { result: Omit<CvImported, 'values'>; onClose(): void }) {
  return (
    <Alert
      severity={result.missing.length ? 'info' : 'success'}
      icon={<AutoAwesomeOutlined />}
      onClose={onClose}
      data-testid="cv-summary"
    >
      <AlertTitle>{t('talent.cv.filledTitle', { name: result.fileName })}</AlertTitle>
      {result.filled.length ? t('talent.cv.filled', { fields: listOf(result.filled) }) : t('talent.cv.nothingRead')}
      {result.missing.length > 0 && <div>{t('talent.cv.missing', { fields: listOf(result.missing) })}</div>}
    </Alert>
  );
}
