/**
 * /auth/company/invite-signup?cist=: a colleague accepts an invitation. The token is checked first
 * (expired, not found, used or mismatched each get their own message); completing signs them in
 * and lands them on their home as a new user.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { signupApi, type InviteCheck } from '../../api/signup';
import { SignupLayout } from '../../app/layout/SignupLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { LoadingScreen } from '../../components/LoadingScreen';
import { collectErrors, emailError, phoneError, required } from '../../components/validation';
import { t } from '../../../i18n';
import { AuthResultCard } from '../auth/AuthResultCard';
import { useLoginCompletion } from '../auth/useLoginCompletion';

const FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['email', 'email'],
  ['phone', 'tel'],
  ['jobTitle', 'organization-title'],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;

export function InviteSignupPage() {
  const [params] = useSearchParams();
  const cist = params.get('cist') ?? '';
  const notify = useNotify();
  const { complete, refusal } = useLoginCompletion();
  const [invite, setInvite] = useState<InviteCheck>();
  const [failure, setFailure] = useState<string>();
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', phone: '', jobTitle: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!cist) return setFailure(t('invite.notFound'));
    let cancelled = false;
    signupApi
      .checkInvite(cist)
      .then((found) => {
        if (cancelled) return;
        setInvite(found);
        // The names the inviter typed are filled in; the invitee can still correct them.
        setValues((v) => ({
          ...v,
          email: found.email,
          firstName: found.firstName ?? v.firstName,
          lastName: found.lastName ?? v.lastName,
        }));
      })
      .catch((err: unknown) => !cancelled && setFailure(errorMessage(err)));
    return () => {
      cancelled = true;
    };
  }, [cist]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = collectErrors({
      firstName: required('firstName', values.firstName),
      lastName: required('lastName', values.lastName),
      email: emailError(values.email),
      phone: phoneError(values.phone),
      jobTitle: required('jobTitle', values.jobTitle),
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const login = await signupApi.completeInvite({ cist, ...values, email: values.email.trim().toLowerCase() });
      complete(login, { newUser: true });
    } catch (err) {
      const fields = fieldKeys(err);
      if (Object.keys(fields).length) setErrors(fields);
      else {
        const message = refusal(err);
        if (message) notify(message, 'error');
      }
      setBusy(false);
    }
  };

  if (failure) {
    return (
      <SignupLayout>
        <AuthResultCard
          state="failed"
          title={t('portal.inviteSignup.failedTitle')}
          message={failure}
          action={{ label: t('portal.login.backToSignIn'), to: PATHS.login }}
        />
      </SignupLayout>
    );
  }
  if (!invite) return <LoadingScreen fullPage />;

  return (
    <SignupLayout>
      <Typography variant="h2" component="h1">
        {t('portal.inviteSignup.heading', { companyName: invite.companyName })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('portal.inviteSignup.subheading')}
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('portal.inviteSignup.joiningAs', {
          role: t(
            invite.role === 1
              ? 'portal.enums.companyUserRole.admin'
              : invite.role === 0
                ? 'portal.enums.companyUserRole.owner'
                : 'portal.enums.companyUserRole.member',
          ),
        })}
      </Alert>
      <Box component="form" onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {FIELDS.map(([field, autoComplete]) => (
            <TextField
              key={field}
              name={field}
              label={t(`portal.fields.${field}`)}
              required
              autoComplete={autoComplete}
              value={values[field]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [field]: e.target.value }));
                setErrors(({ [field]: _drop, ...rest }) => rest);
              }}
              error={!!errors[field]}
              helperText={
                errors[field]
                  ? t(errors[field])
                  : field === 'phone'
                    ? t('portal.fields.phoneHint')
                    : field === 'email'
                      ? t('portal.inviteSignup.emailHint')
                      : undefined
              }
              slotProps={{ htmlInput: { readOnly: field === 'email' } }}
              disabled={busy}
              sx={field === 'email' ? { gridColumn: { sm: 'span 2' } } : undefined}
            />
          ))}
        </Box>
        <Stack direction="row" sx={{ mt: 4, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('portal.inviteSignup.join')}
          </Button>
        </Stack>
      </Box>
    </SignupLayout>
  );
}
