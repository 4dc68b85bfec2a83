/**
 * Company sign-up step 3 (Team): optional invitations for colleagues as Admin or Member, then the sign-up is sent.
 * The step opens with the keyboard focus on its heading, as step 2 does.
 */
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { signupApi } from '../../api/signup';
import { SignupLayout } from '../../app/layout/SignupLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { domainOf, emailError } from '../../components/validation';
import { t } from '../../../i18n';
import { focusOnMount } from './SignupCompanyStep';
import { allowedStep, clearDraft, loadDraft, saveDraft, useRestartWhenGone, type InviteRow } from './signupDraft';

const MAX_INVITES = 10;

/** Per-row errors: a valid email in the company's domains, not the signer's own, not listed twice. Blank rows are skipped. */
export function validateInvites(rows: InviteRow[], ownEmail: string, domains: string[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const email = row.email.trim().toLowerCase();
    if (!email) return;
    const invalid = emailError(email);
    if (invalid) errors[i] = invalid;
    else if (!domains.includes(domainOf(email))) errors[i] = 'portal.validation.inviteOutsideDomains';
    else if (email === ownEmail.trim().toLowerCase()) errors[i] = 'portal.validation.inviteSelf';
    else if (seen.has(email)) errors[i] = 'portal.validation.inviteDuplicate';
    seen.add(email);
  });
  return errors;
}

export function SignupTeamStep() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft, setDraft] = useState(loadDraft);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const restartWhenGone = useRestartWhenGone();

  if (allowedStep(draft) < 3) return <Navigate to={PATHS.companySignupStep(allowedStep(draft))} replace />;

  const update = (rows: InviteRow[]) => {
    const next = { ...draft, invites: rows };
    setDraft(next);
    saveDraft(next);
  };

  /** Sends the filled rows; `rowOf[i]` is the form row of the i-th invite sent, to show its field error there. */
  const send = async (invites: InviteRow[], rowOf: number[] = []) => {
    setBusy(true);
    try {
      await signupApi.step3(draft.step2?.token ?? '', invites);
      clearDraft();
      navigate(PATHS.companySignupComplete, { replace: true });
    } catch (err) {
      if (restartWhenGone(err, draft)) return;
      const fields = fieldKeys(err);
      const rowErrors: Record<number, string> = {};
      for (const [field, key] of Object.entries(fields)) {
        const sent = /^invites\.(\d+)\.email$/.exec(field)?.[1];
        if (sent !== undefined && rowOf[Number(sent)] !== undefined) rowErrors[rowOf[Number(sent)]] = key;
      }
      setErrors(rowErrors);
      if (!Object.keys(rowErrors).length)
        notify(Object.values(fields)[0] ? t(Object.values(fields)[0]) : errorMessage(err), 'error');
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateInvites(draft.invites, draft.you.email, draft.company.validDomains);
    setErrors(found);
    if (Object.keys(found).length) return;
    const rowOf = draft.invites.flatMap((r, i) => (r.email.trim() ? [i] : []));
    void send(
      rowOf.map((i) => ({ email: draft.invites[i].email.trim().toLowerCase(), role: draft.invites[i].role })),
      rowOf,
    );
  };

  return (
    <SignupLayout step={3}>
      <Typography variant="h2" component="h1" tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
        {t('portal.signup.team.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {t('portal.signup.team.subheading')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {draft.invites.map((row, i) => (
            <Stack
              key={i}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                name={`invite-email-${i}`}
                label={t('portal.signup.team.email', { n: i + 1 })}
                type="email"
                value={row.email}
                onChange={(e) => {
                  update(draft.invites.map((r, j) => (j === i ? { ...r, email: e.target.value } : r)));
                  setErrors(({ [i]: _drop, ...rest }) => rest);
                }}
                error={!!errors[i]}
                helperText={errors[i] && t(errors[i])}
                disabled={busy}
              />
              <TextField
                select
                name={`invite-role-${i}`}
                label={t('portal.fields.role')}
                value={row.role}
                onChange={(e) =>
                  update(draft.invites.map((r, j) => (j === i ? { ...r, role: Number(e.target.value) as 1 | 2 } : r)))
                }
                disabled={busy}
                sx={{ width: { sm: 180 }, flexShrink: 0 }}
              >
                <MenuItem value={1}>{t('portal.enums.companyUserRole.admin')}</MenuItem>
                <MenuItem value={2}>{t('portal.enums.companyUserRole.member')}</MenuItem>
              </TextField>
              <Tooltip title={t('portal.signup.team.remove')}>
                <span>
                  <IconButton
                    aria-label={t('portal.signup.team.remove')}
                    onClick={() =>
                      update(
                        draft.invites.length > 1 ? draft.invites.filter((_r, j) => j !== i) : [{ email: '', role: 2 }],
                      )
                    }
                    disabled={busy}
                    sx={{ mt: { sm: 1 } }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ))}
        </Stack>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => update([...draft.invites, { email: '', role: 2 }])}
          disabled={busy || draft.invites.length >= MAX_INVITES}
          sx={{ mt: 2 }}
        >
          {t('portal.signup.team.addAnother')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('portal.signup.team.roleHint')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
          <Button onClick={() => navigate(PATHS.companySignupStep(2))} disabled={busy} color="inherit">
            {t('portal.signup.back')}
          </Button>
          <Stack direction="row" spacing={1.5}>
            <Button onClick={() => void send([])} disabled={busy}>
              {t('portal.signup.team.skip')}
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {t('portal.signup.team.finish')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </SignupLayout>
  );
}
