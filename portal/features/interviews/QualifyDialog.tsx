/**
 * Admins send a WhatsApp qualify request (a header and a body within the template limits) to one
 * or many candidates, and see a candidate's earlier requests with their replies (yes, no or text),
 * or, without a reply, whether it is still queued or was not delivered, and why not (the server's reason: a phone
 * number that cannot be read in E.164, the provider's refusal). When the server has no
 * WhatsApp (production without credentials: the template's `available`), it says so and offers no Send.
 */
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { t } from '../../../i18n';
import { JD_LIMITS } from '../../../schema/rules/pipeline';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { qualifyApi, type QualifyRequestRow } from '../../api/interviews';

export interface QualifyDialogProps {
  candidateIds: string[];
  projectId?: string;
  open: boolean;
  onClose(): void;
}

const REPLY_COLOR = { yes: 'success', no: 'error', text: 'info', optOut: 'warning' } as const;

/** A request's chip: its reply, else whether it is still queued or was not delivered, else "No reply yet". */
function chipOf(q: QualifyRequestRow): { label: string; color: 'success' | 'error' | 'info' | 'warning' | 'default' } {
  if (q.reply) return { label: t(`portal.interviews.qualify.reply.${q.reply}`), color: REPLY_COLOR[q.reply] };
  if (q.state === 'failed') return { label: t('portal.interviews.qualify.state.failed'), color: 'warning' };
  if (q.state === 'queued') return { label: t('portal.interviews.qualify.state.queued'), color: 'default' };
  return { label: t('portal.interviews.qualify.reply.none'), color: 'default' };
}

export function QualifyDialog({ candidateIds, projectId, open, onClose }: QualifyDialogProps) {
  const notify = useNotify();
  const [header, setHeader] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previous, setPrevious] = useState<QualifyRequestRow[] | null>(null);
  const [available, setAvailable] = useState(true);
  // The template the form opened with: closing asks before throwing away what was typed over it.
  const [start, setStart] = useState({ header: '', body: '' });
  const guard = useDiscardGuard(!busy && changedFrom({ header, body }, start), onClose);
  const single = candidateIds.length === 1 ? candidateIds[0] : undefined;

  useEffect(() => {
    if (!open) return;
    let live = true;
    qualifyApi
      .template()
      .then((res) => {
        if (!live) return;
        setHeader((h) => h || res.data.header);
        setBody((b) => b || res.data.body);
        setStart({ header: res.data.header, body: res.data.body });
        setAvailable(res.data.available !== false);
      })
      .catch(() => undefined);
    if (single)
      qualifyApi
        .forCandidate(single)
        .then((res) => live && setPrevious(res.data))
        .catch(() => live && setPrevious([]));
    return () => {
      live = false;
    };
  }, [open, single]);

  const send = async () => {
    const local: Record<string, string> = {};
    if (!header.trim()) local.header = t('errors.required');
    if (header.trim().length > JD_LIMITS.header)
      local.header = t('portal.interviews.dialog.tooLong', { max: JD_LIMITS.header });
    if (!body.trim()) local.body = t('errors.required');
    if (body.trim().length > JD_LIMITS.body)
      local.body = t('portal.interviews.dialog.tooLong', { max: JD_LIMITS.body });
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await qualifyApi.send({
        candidateId: candidateIds,
        projectId,
        header: header.trim(),
        body: body.trim(),
      });
      notify(
        res.skipped.length
          ? `${res.message}. ${t('portal.interviews.qualify.skipped', { count: res.skipped.length })}`
          : res.message,
        'success',
      );
      onClose();
    } catch (err) {
      setErrors(Object.fromEntries(Object.entries(fieldKeys(err)).map(([k, v]) => [k, t(v)])));
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : guard.requestClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="qualify-dialog-title"
    >
      <DialogTitle id="qualify-dialog-title">{t('portal.interviews.qualify.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            {t('portal.interviews.qualify.toCount', { count: candidateIds.length })}
          </Typography>
          {!available && <Alert severity="warning">{t('portal.interviews.qualify.unavailable')}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={t('portal.interviews.qualify.header')}
            value={header}
            onChange={(e) => setHeader(e.target.value)}
            error={Boolean(errors.header)}
            helperText={
              errors.header ??
              t('portal.interviews.dialog.counter', { count: header.trim().length, max: JD_LIMITS.header })
            }
          />
          <TextField
            label={t('portal.interviews.qualify.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={4}
            error={Boolean(errors.body)}
            helperText={
              errors.body ??
              `${t('portal.interviews.qualify.oneLine')} ${t('portal.interviews.dialog.counter', { count: body.trim().length, max: JD_LIMITS.body })}`
            }
          />
          {single && previous && (
            <>
              <Divider />
              <Typography variant="subtitle2">{t('portal.interviews.qualify.previous')}</Typography>
              {previous.length === 0 && (
                <Typography color="text.secondary">{t('portal.interviews.qualify.none')}</Typography>
              )}
              {previous.map((q) => (
                <Stack key={q.id} spacing={0.5} data-testid="qualify-request">
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 600 }}>{q.header}</Typography>
                    <Chip size="small" {...chipOf(q)} />
                  </Stack>
                  {q.replyText && <Typography color="text.secondary">“{q.replyText}”</Typography>}
                  {!q.reply && q.failureReason && (
                    <Typography variant="body2" color="text.secondary" data-testid="qualify-failure">
                      {q.failureReason}
                    </Typography>
                  )}
                </Stack>
              ))}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose} disabled={busy}>
          {t('portal.interviews.qualify.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !available}>
          {t('portal.interviews.qualify.send')}
        </Button>
      </DialogActions>
      {guard.prompt}
    </Dialog>
  );
}
