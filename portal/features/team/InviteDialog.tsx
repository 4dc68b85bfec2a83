/** Invite a colleague by email as Admin or Member (POST company-users/invite). */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { changedFrom, useDiscardGuard } from '../../components/useDiscardGuard';
import { companyUsersApi } from '../../api/companyUsers';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { collectErrors, emailError } from '../../components/validation';
import { t } from '../../../i18n';

const EMPTY = { email: '', firstName: '', lastName: '', role: 2 };

export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose(): void; onInvited(): void }) {
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setValues(EMPTY);
    setErrors({});
    onClose();
  };
  const guard = useDiscardGuard(!busy && changedFrom(values, EMPTY), close);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = collectErrors({ email: emailError(values.email) });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await companyUsersApi.invite({
        email: values.email.trim().toLowerCase(),
        role: values.role,
        ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
        ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
      });
      notify(t('portal.team.invited', { email: values.email.trim() }), 'success');
      setBusy(false);
      setValues(EMPTY);
      onInvited();
      onClose();
    } catch (err) {
      const fields = fieldKeys(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notify(errorMessage(err), 'error');
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'firstName' | 'lastName', autoFocus = false) => (
    <TextField
      name={name}
      label={t(`portal.fields.${name}`)}
      required={name === 'email'}
      type={name === 'email' ? 'email' : 'text'}
      autoFocus={autoFocus}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors(({ [name]: _drop, ...rest }) => rest);
      }}
      error={!!errors[name]}
      helperText={errors[name] && t(errors[name])}
      disabled={busy}
    />
  );

  return (
    <Dialog open={open} onClose={guard.requestClose} maxWidth="sm" fullWidth aria-labelledby="invite-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="invite-title">{t('portal.team.inviteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>{t('portal.team.inviteHelp')}</DialogContentText>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 0.5 }}>
            <Box sx={{ gridColumn: { sm: 'span 2' } }}>{field('email', true)}</Box>
            {field('firstName')}
            {field('lastName')}
            <TextField
              select
              name="role"
              label={t('portal.fields.role')}
              value={values.role}
              onChange={(e) => setValues((v) => ({ ...v, role: Number(e.target.value) }))}
              disabled={busy}
              sx={{ gridColumn: { sm: 'span 2' } }}
              helperText={t('portal.signup.team.roleHint')}
            >
              <MenuItem value={1}>{t('portal.enums.companyUserRole.admin')}</MenuItem>
              <MenuItem value={2}>{t('portal.enums.companyUserRole.member')}</MenuItem>
            </TextField>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={guard.requestClose} disabled={busy} color="inherit">
            {t('portal.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('portal.team.sendInvite')}
          </Button>
        </DialogActions>
      </Box>
      {guard.prompt}
    </Dialog>
  );
}
