/**
 * Company sign-up step 1 (You): the person signing up, with a business email and agreement to the terms. A sign-up
 * that timed out on the server comes back here with what was typed, says so, and starts again with a new code.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, socialUrls, type SocialProvider } from '../../api/auth';
import { signupApi, type SignupYou } from '../../api/signup';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { SignupLayout } from '../../app/layout/SignupLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { businessEmailError, collectErrors, phoneError, required } from '../../components/validation';
import { t } from '../../../i18n';
import { SocialButtons } from '../auth/SocialButtons';
import { EmailCodePanel } from './EmailCodePanel';
import {
  isSignupGone,
  loadDraft,
  recordStep,
  rememberedProvider,
  rememberProvider,
  restartedDraft,
  reusableToken,
  saveDraft,
  withEmailConfirmed,
  type SignupDraft,
} from './signupDraft';

const TEXT_FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['email', 'email'],
  ['phone', 'tel'],
  ['jobTitle', 'organization-title'],
] as const;

export function validateYou(you: SignupYou): Record<string, string> {
  return collectErrors({
    firstName: required('firstName', you.firstName),
    lastName: required('lastName', you.lastName),
    email: businessEmailError(you.email),
    phone: phoneError(you.phone),
    jobTitle: required('jobTitle', you.jobTitle),
    agreeTerms: you.agreeTerms ? undefined : 'portal.validation.agreeTerms',
  });
}

/** Prefills name and email after a Google or LinkedIn sign-up returns with ?gnbsl=. */
function useSocialPrefill(apply: (values: Partial<SignupYou>) => void) {
  const [params] = useSearchParams();
  const notify = useNotify();
  const key = params.get('gnbsl');
  useEffect(() => {
    if (!key) return;
    const first = (rememberedProvider() === 'linkedin' ? 'linkedin' : 'google') as SocialProvider;
    const second: SocialProvider = first === 'google' ? 'linkedin' : 'google';
    authApi
      .socialName(first, key)
      .catch(() => authApi.socialName(second, key))
      .then((found) =>
        apply({ firstName: found.firstName ?? '', lastName: found.lastName ?? '', email: found.email ?? '' }),
      )
      .catch(() => notify(t('sso.decodeFailed'), 'error'));
  }, [key, apply, notify]);
}

export function SignupYouStep() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft, setDraft] = useState(loadDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const you = draft.you;

  const prefill = useCallback(
    (values: Partial<SignupYou>) => setDraft((d) => ({ ...d, you: { ...d.you, ...values } })),
    [],
  );
  useSocialPrefill(prefill);

  /** The server no longer knows the sign-up: start it over from `from`, keeping what was typed. */
  const restart = (from: SignupDraft) => {
    const next = restartedDraft(from);
    saveDraft(next);
    setDraft(next);
  };

  const set = <K extends keyof SignupYou>(key: K, value: SignupYou[K]) => {
    setDraft((d) => ({ ...d, you: { ...d.you, [key]: value } }));
    setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = { ...you, email: you.email.trim().toLowerCase() };
    const found = validateYou(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      let next = draft;
      if (!reusableToken(draft.step1, values)) {
        const { signupToken, emailConfirmed } = await signupApi.step1(values, draft.step1?.token);
        next = recordStep(draft, 1, values, signupToken, emailConfirmed);
      }
      if (!next.company.validDomains.length)
        next = { ...next, company: { ...next.company, validDomains: [values.email.split('@')[1]] } };
      next = { ...next, you: values };
      saveDraft(next);
      setDraft(next);
      // The address is proven by the emailed code before step 2 opens.
      if (next.emailConfirmed) navigate(PATHS.companySignupStep(2));
    } catch (err) {
      const fields = fieldKeys(err);
      if (isSignupGone(err)) restart({ ...draft, you: values });
      else if (Object.keys(fields).length) setErrors(fields);
      else notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const errorText = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  if (draft.step1 && !draft.emailConfirmed && reusableToken(draft.step1, you)) {
    return (
      <SignupLayout step={1}>
        <EmailCodePanel
          email={you.email}
          signupToken={draft.step1.token}
          onConfirmed={() => {
            const next = withEmailConfirmed(draft);
            saveDraft(next);
            setDraft(next);
            navigate(PATHS.companySignupStep(2));
          }}
          onChangeEmail={() => setDraft((d) => ({ ...d, step1: undefined, emailConfirmed: false }))}
          onExpired={() => restart(draft)}
        />
      </SignupLayout>
    );
  }

  return (
    <SignupLayout step={1}>
      <Typography variant="h2" component="h1">
        {t('portal.signup.you.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('portal.signup.you.subheading')}
      </Typography>
      {draft.expired && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="signup-expired">
          {t('portal.signup.you.expired')}
        </Alert>
      )}
      <SocialButtons verb="signup" urlFor={socialUrls.signupCompany} onChoose={rememberProvider} dividerFirst={false} />
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {TEXT_FIELDS.map(([field, autoComplete]) => (
            <TextField
              key={field}
              name={field}
              label={t(`portal.fields.${field}`)}
              required
              autoComplete={autoComplete}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={you[field]}
              onChange={(e) => set(field, e.target.value)}
              error={!!errors[field]}
              helperText={
                errorText(field) ??
                (field === 'email'
                  ? t('portal.signup.you.emailHint')
                  : field === 'phone'
                    ? t('portal.fields.phoneHint')
                    : undefined)
              }
              sx={field === 'email' ? { gridColumn: { sm: 'span 2' } } : undefined}
              disabled={busy}
            />
          ))}
        </Box>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Checkbox
              name="agreeTerms"
              checked={you.agreeTerms}
              onChange={(e) => set('agreeTerms', e.target.checked)}
              disabled={busy}
            />
          }
          label={
            <span>
              {t('portal.signup.you.agreePrefix')}{' '}
              <Link component={RouterLink} to={PATHS.terms} target="_blank">
                {t('portal.footer.terms')}
              </Link>
            </span>
          }
        />
        {errors.agreeTerms && <FormHelperText error>{t(errors.agreeTerms)}</FormHelperText>}
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary">
            {t('portal.signup.haveAccount')}{' '}
            <Link component={RouterLink} to={PATHS.login} sx={{ fontWeight: 600 }}>
              {t('portal.signup.signIn')}
            </Link>
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('portal.signup.continue')}
          </Button>
        </Stack>
      </Box>
    </SignupLayout>
  );
}
