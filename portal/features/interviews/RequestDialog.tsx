/**
 * The send dialog of a project's candidate menu and bulk bar (spec section 4): "Request interview"
 * (request_interview) or "Send job description" (request_public). When the project has a job
 * description the request is sent directly; otherwise the dialog asks for one first (text within
 * the limits, or a PDF/DOCX file). The server's "add a job description first" answer opens the form
 * too, whatever the page believed.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { JD_LIMITS } from '../../../schema/rules/pipeline';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { interviewsApi, type Channel, type RequestAction, type SentRequest } from '../../api/interviews';

export interface RequestDialogProps {
  projectId: string;
  candidateIds: string[];
  action: RequestAction;
  hasJobDescription: boolean;
  open: boolean;
  onClose: () => void;
  onSent?: (requests: SentRequest[]) => void;
}

type Fields = { jdHeader: string; jdText: string; jdFooter: string };
const LIMITS: Record<keyof Fields, number> = {
  jdHeader: JD_LIMITS.header,
  jdText: JD_LIMITS.body,
  jdFooter: JD_LIMITS.footer,
};

/** Field messages checked in the browser, the same limits the server checks. */
export function jdFormErrors(
  fields: Fields,
  file: File | null,
  needsJd: boolean,
): Partial<Record<keyof Fields | 'jdFile', string>> {
  const errors: Partial<Record<keyof Fields | 'jdFile', string>> = {};
  for (const key of Object.keys(LIMITS) as (keyof Fields)[]) {
    if (fields[key].trim().length > LIMITS[key])
      errors[key] = t('portal.interviews.dialog.tooLong', { max: LIMITS[key] });
  }
  if (needsJd && !fields.jdText.trim() && !file) errors.jdText = t('portal.interviews.dialog.jdMissing');
  return errors;
}

export function RequestDialog({
  projectId,
  candidateIds,
  action,
  hasJobDescription,
  open,
  onClose,
  onSent,
}: RequestDialogProps) {
  const notify = useNotify();
  const [needsJd, setNeedsJd] = useState(!hasJobDescription);
  const [fields, setFields] = useState<Fields>({ jdHeader: '', jdText: '', jdFooter: '' });
  const [file, setFile] = useState<File | null>(null);
  const [channel, setChannel] = useState<Channel>('email');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const autoSent = useRef(false);

  useEffect(() => {
    if (!open) {
      autoSent.current = false;
      return;
    }
    setNeedsJd(!hasJobDescription);
    setErrors({});
    setFailure(null);
  }, [open, hasJobDescription]);

  const send = async (withJd: boolean) => {
    if (withJd) {
      const local = jdFormErrors(fields, file, true);
      setErrors(local);
      if (Object.keys(local).length) return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const res = await interviewsApi.send({
        projectId,
        candidateIds,
        action,
        channel,
        ...(withJd ? { ...fields, jdFile: file } : {}),
      });
      notify(res.message || t('portal.interviews.status.sent'), 'success');
      onSent?.(res.requests);
      onClose();
    } catch (err) {
      const keys = fieldKeys(err);
      if (err instanceof ApiError && err.code === 'project.interview.errors.jdRequired') {
        setNeedsJd(true);
        setErrors({ jdText: t('portal.interviews.dialog.jdMissing') });
      } else if (Object.keys(keys).length) {
        setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
        setFailure(errorMessage(err));
      } else {
        setFailure(errorMessage(err));
      }
    } finally {
      setBusy(false);
    }
  };

  // With a job description the request goes out directly (spec section 4).
  useEffect(() => {
    if (open && hasJobDescription && !autoSent.current) {
      autoSent.current = true;
      void send(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, hasJobDescription]);

  const title = t(
    action === 'request_interview'
      ? 'portal.interviews.dialog.interviewTitle'
      : 'portal.interviews.dialog.whitelistTitle',
  );
  const field = (key: keyof Fields, label: string, multiline = false) => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))}
      error={Boolean(errors[key])}
      helperText={
        errors[key] ?? t('portal.interviews.dialog.counter', { count: fields[key].trim().length, max: LIMITS[key] })
      }
      multiline={multiline}
      minRows={multiline ? 5 : undefined}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `jd-${key}` } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="request-dialog-title"
    >
      <DialogTitle id="request-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            {t('portal.interviews.dialog.toCount', { count: candidateIds.length })}
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          {!needsJd && busy && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} />
              <Typography>{t('portal.interviews.dialog.sending')}</Typography>
            </Stack>
          )}
          {needsJd && (
            <>
              <Alert severity="info">{t('portal.interviews.dialog.needsJd')}</Alert>
              {field('jdHeader', t('portal.interviews.dialog.header'))}
              {field('jdText', t('portal.interviews.dialog.body'), true)}
              {field('jdFooter', t('portal.interviews.dialog.footer'))}
              <Box>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('portal.interviews.dialog.file')}
                </Typography>
                <input
                  ref={fileInput}
                  type="file"
                  hidden
                  accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  data-testid="jd-file"
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                    {t('portal.interviews.dialog.chooseFile')}
                  </Button>
                  {file && (
                    <>
                      <Typography noWrap sx={{ maxWidth: 220 }}>
                        {file.name}
                      </Typography>
                      <Button size="small" onClick={() => setFile(null)}>
                        {t('portal.interviews.dialog.removeFile')}
                      </Button>
                    </>
                  )}
                </Stack>
                {errors.jdFile && (
                  <Typography color="error" variant="body2" sx={{ mt: 0.5 }}>
                    {errors.jdFile}
                  </Typography>
                )}
              </Box>
              <TextField
                select
                label={t('portal.interviews.dialog.channel')}
                value={channel}
                onChange={(e) => setChannel(e.target.value as Channel)}
              >
                <MenuItem value="email">{t('portal.interviews.dialog.email')}</MenuItem>
                <MenuItem value="whatsapp">{t('portal.interviews.dialog.whatsapp')}</MenuItem>
              </TextField>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('portal.interviews.dialog.cancel')}
        </Button>
        {(needsJd || failure) && (
          <Button variant="contained" onClick={() => void send(needsJd)} disabled={busy}>
            {busy ? t('portal.interviews.dialog.sending') : t('portal.interviews.dialog.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
