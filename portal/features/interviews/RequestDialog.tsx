/**
 * The send dialog of a project's candidate menu and bulk bar (spec section 4): "Request interview"
 * (request_interview) or "Send job description" (request_public). Nothing goes out until the sender
 * read the message and pressed Send: the dialog shows the email (and the WhatsApp message when that
 * channel is chosen) as the candidate will read it, in the words the sending job uses
 * (schema/rules/requestMessage.ts), with placeholders for each candidate's name and links. When the
 * project has no job description the dialog asks for one first (text within the limits, or a
 * PDF/DOCX file); the server's "add a job description first" answer opens that form too, whatever
 * the page believed. Closing asks before throwing away a job description typed in.
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
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  requestBody,
  requestEmail,
  requestWhatsapp,
  type RequestMessageInput,
} from '../../../schema/rules/requestMessage';
import { t } from '../../../i18n';
import { JD_LIMITS } from '../../../schema/rules/pipeline';
import { ApiError } from '../../../ui/api/client';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { interviewsApi, type Channel, type RequestAction, type SentRequest } from '../../api/interviews';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';

export interface RequestDialogProps {
  projectId: string;
  candidateIds: string[];
  action: RequestAction;
  hasJobDescription: boolean;
  open: boolean;
  onClose: () => void;
  onSent?: (requests: SentRequest[]) => void;
  /** The project as the page holds it: its title, company and description make the preview. */
  project?: object;
}

/** What the preview needs of the project, read from the page's copy. */
interface PreviewProject {
  title?: string;
  company?: { companyName?: string } | null;
  isConfidential?: boolean;
  jobDescription?: string | null;
  jdText?: string | null;
}

type Fields = { jdHeader: string; jdText: string; jdFooter: string };
const NO_FIELDS: Fields = { jdHeader: '', jdText: '', jdFooter: '' };

/** The message as the candidates will read it, each one's name and links shown as placeholders. */
export function requestPreview(
  action: RequestAction,
  project: PreviewProject | undefined,
  fields: Fields,
): { subject: string; lines: string[]; whatsapp: string } {
  const D = 'portal.interviews.dialog.preview';
  const m: RequestMessageInput = {
    interview: action === 'request_interview',
    company:
      project?.isConfidential || !project?.company?.companyName
        ? t('portal.interviews.aCompany')
        : project.company.companyName,
    role: project?.title ?? '',
    firstName: t(`${D}.firstName`),
    header: fields.jdHeader.trim() || null,
    body: requestBody(fields.jdText, project?.jobDescription ?? project?.jdText),
    footer: fields.jdFooter.trim() || null,
    links: { jd: t(`${D}.jdLink`), accept: t(`${D}.acceptLink`), decline: t(`${D}.declineLink`) },
  };
  return { ...requestEmail(m), whatsapp: requestWhatsapp(m) };
}
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
  project,
}: RequestDialogProps) {
  const notify = useNotify();
  const [needsJd, setNeedsJd] = useState(!hasJobDescription);
  const [fields, setFields] = useState<Fields>(NO_FIELDS);
  const [file, setFile] = useState<File | null>(null);
  const [channel, setChannel] = useState<Channel>('email');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const guard = useDiscardGuard(!busy && (changedFrom(fields, NO_FIELDS) || Boolean(file)), onClose);

  useEffect(() => {
    if (!open) return;
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

  const preview = requestPreview(action, project as PreviewProject | undefined, fields);

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

  const P = 'portal.interviews.dialog.preview';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : guard.requestClose}
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
            </>
          )}
          <TextField
            select
            label={t('portal.interviews.dialog.channel')}
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
            disabled={busy}
          >
            <MenuItem value="email">{t('portal.interviews.dialog.email')}</MenuItem>
            <MenuItem value="whatsapp">{t('portal.interviews.dialog.whatsapp')}</MenuItem>
          </TextField>
          <Box component="section" aria-labelledby="request-preview-title" data-testid="request-preview">
            <Typography id="request-preview-title" variant="subtitle2" component="h3">
              {t(`${P}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t(`${P}.help`)}
            </Typography>
            <Paper variant="outlined" sx={{ p: 2, overflowWrap: 'anywhere' }} data-testid="request-preview-email">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`${P}.subject`, { subject: preview.subject })}
              </Typography>
              {preview.lines.map((line, i) => (
                <Typography key={i} variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                  {line}
                </Typography>
              ))}
            </Paper>
            {channel === 'whatsapp' && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                  {t(`${P}.whatsappTitle`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t(`${P}.whatsappHelp`)}
                </Typography>
                <Paper
                  variant="outlined"
                  sx={{ p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-testid="request-preview-whatsapp"
                >
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {preview.whatsapp}
                  </Typography>
                </Paper>
              </>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose} disabled={busy}>
          {t('portal.interviews.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send(needsJd)}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy
            ? t('portal.interviews.dialog.sending')
            : t(channel === 'whatsapp' ? `${P}.sendBoth` : `${P}.sendEmail`, { count: candidateIds.length })}
        </Button>
      </DialogActions>
      {guard.prompt}
    </Dialog>
  );
}
