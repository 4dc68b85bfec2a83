/**
 * The candidate's email: shown read-only in the form, changed in two confirmed steps (a code is
 * sent to the new address, the change happens when it comes back). The emailed link opens the
 * profile with the code (?emailCode=), which lands straight on the second step.
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { EMAIL_PATTERN } from '../../../schema/lib/fields';
import { actionErrorMessage } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { CodeInput } from '../../../ui/components/CodeInput';
import { t } from '../../../i18n';
import { profileApi } from './profileApi';

interface DialogProps {
  open: boolean;
  candidateId: string;
  currentEmail: string;
  /** A code from the emailed link: the dialog starts at the code step. */
  initialCode?: string;
  onClose(): void;
  onChanged(email: string): void;
}

const problemOf = (err: unknown) => actionErrorMessage(err);

export function EmailChangeDialog({ open, candidateId, currentEmail, initialCode, onClose, onChanged }: DialogProps) {
  const notify = useNotify();
  const [step, setStep] = useState<'email' | 'code'>(initialCode ? 'code' : 'email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(initialCode ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep('email');
    setEmail('');
    setCode('');
    setError(undefined);
    setBusy(false);
    onClose();
  };
  const close = () => !busy && reset();

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(wanted)) return setError(t('email.errors.invalid'));
    if (wanted === currentEmail.toLowerCase()) return setError(t('email.errors.sameAsCurrent'));
    setBusy(true);
    setError(undefined);
    try {
      await profileApi.requestEmailChange(candidateId, wanted);
      setStep('code');
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('code.errors.invalid'));
    setBusy(true);
    setError(undefined);
    try {
      const { email: changed } = await profileApi.confirmEmailChange(candidateId, code);
      notify(t('talent.own.emailChanged', { email: changed }), 'success');
      onChanged(changed);
      reset();
    } catch (err) {
      setError(problemOf(err));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="email-change-title">
      <Box component="form" onSubmit={step === 'email' ? send : confirm} noValidate>
        <DialogTitle id="email-change-title">{t('talent.own.emailTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {step === 'email' ? (
              <>
                <DialogContentText>{t('talent.own.emailIntro', { email: currentEmail })}</DialogContentText>
                <TextField
                  label={t('talent.own.newEmail')}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={!!error}
                  helperText={error}
                  autoFocus
                  fullWidth
                />
              </>
            ) : (
              <>
                <DialogContentText>
                  {email ? t('talent.own.codeSent', { email }) : t('talent.own.codeFromLink')}
                </DialogContentText>
                <CodeInput value={code} onChange={setCode} error={error} autoFocus disabled={busy} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {step === 'code' && !initialCode && (
            <Button onClick={() => setStep('email')} disabled={busy} color="inherit" sx={{ mr: 'auto' }}>
              {t('talent.own.otherEmail')}
            </Button>
          )}
          <Button onClick={close} disabled={busy} color="inherit">
            {t('portal.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {step === 'email' ? t('talent.own.sendCode') : t('talent.own.confirmEmail')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The email in the profile form: not edited there, changed through the confirmation. */
export function OwnEmail({ email, onChange }: { email: string; onChange(): void }) {
  return (
    <Stack spacing={1}>
      <TextField
        label={t('talent.own.email')}
        value={email}
        fullWidth
        slotProps={{ input: { readOnly: true } }}
        helperText={t('talent.own.emailHelp')}
        sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
      />
      <Box>
        <Button size="small" startIcon={<EditOutlined />} onClick={onChange}>
          {t('talent.own.changeEmail')}
        </Button>
      </Box>
    </Stack>
  );
}
