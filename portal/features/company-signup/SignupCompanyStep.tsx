/**
 * Company sign-up step 2 (Company): the legal details, hiring countries, the email domains it owns and how it heard of us.
 * Hiring countries are listed whole until something is typed; a typed name is then resolved as everywhere else, by the
 * countries' autocomplete (`GET /countries/search`: 'UK' is the United Kingdom, 'USA' the United States, 'Turkey' Türkiye).
 * Steps 2 and 3 open with the keyboard focus on their heading (`focusOnMount`), so a screen reader announces the new step
 * instead of leaving the focus on the page's body. A list of countries that could not be read says so with Try again
 * (RetryAlert), which reads it again; what was typed stays.
 */
import { Autocomplete, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SOURCE_OPTIONS } from '../../../schema/entities/company';
import { errorMessage, fieldKeys } from '../../../ui/api/errors';
import { lookupsApi, type Country } from '../../api/lookups';
import { signupApi, type SignupCompany } from '../../api/signup';
import { SignupLayout } from '../../app/layout/SignupLayout';
import { useNotify } from '../../app/notify';
import { PATHS } from '../../app/paths';
import { RetryAlert } from '../../components/RetryAlert';
import { collectErrors, domainsError, required } from '../../components/validation';
import { t } from '../../../i18n';
import { allowedStep, loadDraft, recordStep, reusableToken, saveDraft, useRestartWhenGone } from './signupDraft';

const OTHER_SOURCE = SOURCE_OPTIONS.values.other;

/** A ref that focuses its element once, when it is first drawn (a module-level function: React calls it on mount only). */
export const focusOnMount = (el: HTMLElement | null) => el?.focus();
const SOURCES = Object.entries(SOURCE_OPTIONS.values).map(([key, id]) => ({ id, key }));

export function validateCompany(c: SignupCompany, ownerEmail: string): Record<string, string> {
  return collectErrors({
    companyName: required('companyName', c.companyName),
    legalEntityName: required('legalEntityName', c.legalEntityName),
    companyRegistrationNumber: required('companyRegistrationNumber', c.companyRegistrationNumber),
    address: required('address', c.address),
    countries: c.countries.length ? undefined : 'countries.errors.required',
    validDomains: domainsError(c.validDomains, ownerEmail),
    companySource: c.companySource ? undefined : 'companySource.errors.required',
    companySourceOther:
      c.companySource === OTHER_SOURCE ? required('companySourceOther', c.companySourceOther) : undefined,
  });
}

const DEBOUNCE_MS = 200;

/** The countries a typed name means, best first, as the one name matcher ranks them (undefined until something is typed). */
function useCountryMatches(countries: Country[], input: string): Country[] | undefined {
  const [found, setFound] = useState<Country[]>();
  const q = input.trim();
  useEffect(() => {
    if (!q) {
      setFound(undefined);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookupsApi
        .searchCountries(q, controller.signal)
        .then((matches) => {
          const byId = new Map(countries.map((c) => [String(c.id), c]));
          setFound(matches.map((m) => byId.get(String(m.id))).filter((c): c is Country => c !== undefined));
        })
        .catch(() => !controller.signal.aborted && setFound([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, countries]);
  return q ? found : undefined;
}

/** The whole list of countries; `failed` after a read that failed, until `retry` reads it again. */
function useCountries() {
  const [countries, setCountries] = useState<Country[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    lookupsApi
      .countries()
      .then((list) => live && setCountries(list))
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [attempt]);
  return { countries, loading, failed, retry: () => setAttempt((n) => n + 1) };
}

export function SignupCompanyStep() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft, setDraft] = useState(loadDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { countries, loading, failed: countriesFailed, retry: retryCountries } = useCountries();
  const [countryInput, setCountryInput] = useState('');
  const matches = useCountryMatches(countries, countryInput);
  const restartWhenGone = useRestartWhenGone();
  const company = draft.company;

  if (allowedStep(draft) < 2) return <Navigate to={PATHS.companySignupStep(1)} replace />;

  const set = <K extends keyof SignupCompany>(key: K, value: SignupCompany[K]) => {
    setDraft((d) => {
      const next = { ...d, company: { ...d.company, [key]: value } };
      // 'Other' allows free text, which is cleared when another source is chosen.
      if (key === 'companySource' && value !== OTHER_SOURCE) next.company.companySourceOther = '';
      saveDraft(next);
      return next;
    });
    setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values: SignupCompany = {
      ...company,
      validDomains: company.validDomains.map((d) => d.trim().toLowerCase()).filter(Boolean),
    };
    const found = validateCompany(values, draft.you.email);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    let next = { ...draft, company: values };
    try {
      if (!reusableToken(draft.step2, values)) {
        const { signupToken } = await signupApi.step2(draft.step1?.token ?? '', values);
        next = recordStep(next, 2, values, signupToken);
      }
      saveDraft(next);
      navigate(PATHS.companySignupStep(3));
    } catch (err) {
      if (restartWhenGone(err, next)) return;
      const fields = fieldKeys(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notify(errorMessage(err), 'error');
      setBusy(false);
    }
  };

  const text = (field: keyof SignupCompany, autoComplete?: string, span = false) => (
    <TextField
      name={field}
      label={t(`portal.fields.${field}`)}
      required
      autoComplete={autoComplete}
      value={company[field] ?? ''}
      onChange={(e) => set(field, e.target.value as never)}
      error={!!errors[field]}
      helperText={errors[field] && t(errors[field])}
      disabled={busy}
      sx={span ? { gridColumn: { sm: 'span 2' } } : undefined}
    />
  );

  const chosen = countries.filter((c) => company.countries.includes(c.id));

  return (
    <SignupLayout step={2}>
      <Typography variant="h2" component="h1" tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
        {t('portal.signup.company.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {t('portal.signup.company.subheading')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {text('companyName', 'organization', true)}
          {text('legalEntityName')}
          {text('companyRegistrationNumber')}
          {text('address', 'street-address', true)}
          {countriesFailed && (
            <RetryAlert
              data-testid="countries-load-error"
              sx={{ gridColumn: { sm: 'span 2' } }}
              onRetry={retryCountries}
            >
              {t('portal.signup.company.countriesLoadError')}
            </RetryAlert>
          )}
          <Autocomplete
            multiple
            options={matches ?? countries}
            loading={loading || (countryInput.trim() !== '' && matches === undefined)}
            value={chosen}
            inputValue={countryInput}
            // A 'reset' comes whenever the value is drawn again; the typed text is cleared on a pick instead.
            onInputChange={(_e, value, reason) => reason !== 'reset' && setCountryInput(value)}
            filterOptions={(options) => options}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, value) => {
              setCountryInput('');
              set(
                'countries',
                value.map((c) => c.id),
              );
            }}
            disabled={busy}
            sx={{ gridColumn: { sm: 'span 2' } }}
            renderInput={(params) => (
              <TextField
                {...params}
                name="countries"
                label={t('portal.fields.countries')}
                required
                error={!!errors.countries}
                helperText={errors.countries ? t(errors.countries) : t('portal.signup.company.countriesHint')}
              />
            )}
          />
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            options={[] as string[]}
            value={company.validDomains}
            onChange={(_e, value) =>
              set('validDomains', Array.from(new Set(value.map((v) => v.trim().toLowerCase()).filter(Boolean))))
            }
            disabled={busy}
            sx={{ gridColumn: { sm: 'span 2' } }}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => (
                <Chip {...getItemProps({ index })} key={option} label={option} size="small" />
              ))
            }
            renderInput={(params) => (
              <TextField
                {...params}
                name="validDomains"
                label={t('portal.fields.validDomains')}
                required
                error={!!errors.validDomains}
                helperText={errors.validDomains ? t(errors.validDomains) : t('portal.signup.company.domainsHint')}
              />
            )}
          />
          <TextField
            select
            name="companySource"
            label={t('portal.fields.companySource')}
            required
            value={company.companySource ?? ''}
            onChange={(e) => set('companySource', Number(e.target.value))}
            error={!!errors.companySource}
            helperText={errors.companySource && t(errors.companySource)}
            disabled={busy}
            sx={{ gridColumn: company.companySource === OTHER_SOURCE ? undefined : { sm: 'span 2' } }}
          >
            {SOURCES.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {t(`portal.enums.companySource.${s.key}`)}
              </MenuItem>
            ))}
          </TextField>
          {company.companySource === OTHER_SOURCE && text('companySourceOther')}
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
          <Button onClick={() => navigate(PATHS.companySignupStep(1))} disabled={busy} color="inherit">
            {t('portal.signup.back')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('portal.signup.continue')}
          </Button>
        </Stack>
      </Box>
    </SignupLayout>
  );
}
