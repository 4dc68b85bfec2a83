/**
 * /community/auth/signup: people join the talent community by name and email, by an emailed link,
 * or through Google or LinkedIn (which return here with ?gnbsl=). Success sends them on to the
 * community site (or the welcome page) once the emailed link is opened. Every way needs the terms box
 * ticked (spec section 5): the forms send `agreeTerms`, and the Google/LinkedIn buttons refuse to leave
 * until it is ticked, the tick kept in this tab's sessionStorage for the return. The box's error shows at the box.
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
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type MouseEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { socialUrls } from '../../api/auth';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { signupApi } from '../../api/signup';
import { AuthLayout } from '../../app/layout/AuthLayout';
import { PATHS } from '../../app/paths';
import { collectErrors, emailError, required } from '../../components/validation';
import { t } from '../../../i18n';
import { AuthResultCard } from '../auth/AuthResultCard';
import { SocialButtons } from '../auth/SocialButtons';
import { useOnce } from '../auth/useOnce';

type Mode = 'email' | 'magicLink';

/** Where the terms tick waits while the browser is away at Google or LinkedIn. */
const AGREED_KEY = 'communityAgreeTerms';
const agreedBeforeTrip = () => {
  try {
    return sessionStorage.getItem(AGREED_KEY) === '1';
  } catch {
    return false;
  }
};
const rememberAgreed = (agreed: boolean) => {
  try {
    if (agreed) sessionStorage.setItem(AGREED_KEY, '1');
    else sessionStorage.removeItem(AGREED_KEY);
  } catch {
    // No storage: the server refuses the return without the tick, and the page says so.
  }
};

/** The returned message or 'errors.internalServerError' (spec section 8). */
const failureText = (err: unknown) => errorMessage(err, 'errors.internalServerError');

function SocialReturn({ gnbsl }: { gnbsl: string }) {
  const [failure, setFailure] = useState<string>();
  useOnce(() => {
    signupApi
      .communitySocial(gnbsl, agreedBeforeTrip())
      .then((res) => {
        if (res.redirectUrl) window.location.assign(res.redirectUrl);
        else setFailure(t('errors.internalServerError'));
      })
      .catch((err: unknown) => setFailure(failureText(err)));
  });
  return failure ? (
    <AuthResultCard
      state="failed"
      title={t('portal.community.failedTitle')}
      message={failure}
      action={{ label: t('portal.community.tryAgain'), to: PATHS.communitySignup }}
    />
  ) : (
    <AuthResultCard state="working" title={t('portal.community.joining')} />
  );
}

export function CommunitySignupPage() {
  const [params] = useSearchParams();
  const gnbsl = params.get('gnbsl');
  const [mode, setMode] = useState<Mode>('email');
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [agreeTerms, setAgreeTerms] = useState(false);

  if (gnbsl) {
    return (
      <AuthLayout>
        <SocialReturn gnbsl={gnbsl} />
      </AuthLayout>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const email = values.email.trim().toLowerCase();
    const found = collectErrors({
      email: emailError(email),
      ...(mode === 'email'
        ? { firstName: required('firstName', values.firstName), lastName: required('lastName', values.lastName) }
        : {}),
      agreeTerms: agreeTerms ? undefined : 'agreeTerms.errors.required',
    });
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // Either way a link goes to the address; the account exists once it is opened.
      if (mode === 'magicLink') await signupApi.communityMagicLink(email, agreeTerms);
      else {
        const names = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
        await signupApi.communityEmail({ ...names, email, agreeTerms });
      }
      setSentTo(email);
    } catch (err) {
      const fields = fieldKeys(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(failureText(err));
    }
    setBusy(false);
  };

  const field = (name: keyof typeof values, autoComplete: string) => (
    <TextField
      name={name}
      label={t(`portal.fields.${name}`)}
      required
      type={name === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
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

  /** The Google and LinkedIn buttons wait for the terms box, as the forms do. */
  const guardSocial = (e: MouseEvent) => {
    if (agreeTerms) return;
    e.preventDefault();
    e.stopPropagation();
    setErrors((found) => ({ ...found, agreeTerms: 'agreeTerms.errors.required' }));
  };

  const termsBox = (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            name="agreeTerms"
            checked={agreeTerms}
            onChange={(e) => {
              setAgreeTerms(e.target.checked);
              rememberAgreed(e.target.checked);
              setErrors(({ agreeTerms: _drop, ...rest }) => rest);
            }}
            disabled={busy}
            slotProps={{ input: { 'aria-describedby': errors.agreeTerms ? 'community-terms-error' : undefined } }}
          />
        }
        label={
          <span>
            {t('portal.community.agreePrefix')}{' '}
            <Link component={RouterLink} to={PATHS.terms} target="_blank">
              {t('portal.footer.terms')}
            </Link>
          </span>
        }
      />
      {errors.agreeTerms && (
        <FormHelperText error id="community-terms-error">
          {t(errors.agreeTerms)}
        </FormHelperText>
      )}
    </Box>
  );

  return (
    <AuthLayout>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h2" component="h1">
            {t('portal.community.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('portal.community.subheading')}
          </Typography>
        </Box>
        {sentTo ? (
          <Alert severity="success" role="status">
            <strong>{t('portal.community.checkEmail')}</strong>
            <br />
            {t('portal.community.magicLinkSent', { email: sentTo })} {t('portal.community.linkHint')}
          </Alert>
        ) : (
          <>
            <Tabs
              value={mode}
              onChange={(_e, m: Mode) => setMode(m)}
              variant="fullWidth"
              aria-label={t('portal.community.modes')}
            >
              <Tab value="email" label={t('portal.community.withDetails')} />
              <Tab value="magicLink" label={t('portal.community.withLink')} />
            </Tabs>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Stack component="form" spacing={2} onSubmit={submit} noValidate>
              {mode === 'email' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {field('firstName', 'given-name')}
                  {field('lastName', 'family-name')}
                </Stack>
              )}
              {field('email', 'email')}
              {termsBox}
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t(mode === 'email' ? 'portal.community.join' : 'portal.community.sendLink')}
              </Button>
            </Stack>
            <Box onClickCapture={guardSocial}>
              <SocialButtons verb="signup" urlFor={socialUrls.signupCommunity} />
            </Box>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
