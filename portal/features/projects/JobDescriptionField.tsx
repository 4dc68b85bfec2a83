/** The job description: pasted text and/or a PDF or DOCX file (uploaded after the project is saved). */
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Box, Button, Chip, FormHelperText, Stack, TextField } from '@mui/material';
import { useRef } from 'react';
import { t } from '../../../i18n';
import { JD_FILE_TYPES, type ProjectFormValues } from './projectForm';

const F = 'portal.projectsPortal.form';

interface Props {
  values: ProjectFormValues;
  errors: Record<string, string>;
  onChange(patch: Partial<ProjectFormValues>): void;
  disabled?: boolean;
}

export function JobDescriptionField({ values, errors, onChange, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const fileError = errors.jdFile ?? errors.jd_file;
  return (
    <Stack spacing={1.5}>
      <TextField
        name="jobDescription"
        label={t(`${F}.jobDescription`)}
        multiline
        minRows={4}
        maxRows={14}
        value={values.jobDescription}
        onChange={(e) => onChange({ jobDescription: e.target.value })}
        error={!!errors.jobDescription}
        helperText={t(`${F}.jobDescriptionHint`)}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 20000 } }}
      />
      <Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={[
            ...JD_FILE_TYPES,
            'application/pdf',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ].join(',')}
          data-testid="jd-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            onChange({ jdFile: file });
            e.target.value = '';
          }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<AttachFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            {t(values.jdFile || values.jdFileName ? `${F}.replaceFile` : `${F}.attachFile`)}
          </Button>
          {values.jdFile && (
            <Chip
              label={values.jdFile.name}
              onDelete={disabled ? undefined : () => onChange({ jdFile: null })}
              deleteIcon={<CloseOutlined aria-label={t(`${F}.removeFile`)} />}
              data-testid="jd-file-chip"
            />
          )}
          {!values.jdFile && values.jdFileName && <Chip variant="outlined" label={values.jdFileName} />}
        </Stack>
        <FormHelperText error={!!fileError}>{fileError ? t(fileError) : t(`${F}.fileHint`)}</FormHelperText>
      </Box>
    </Stack>
  );
}
