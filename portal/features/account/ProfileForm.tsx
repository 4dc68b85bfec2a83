/**
 * The signed-in person's own details (GET|PUT auth/account), with a picture preview before saving. A first read that
 * fails says why with Try again (RetryAlert), which reads the account again. What is typed and not saved is kept in
 * this tab (useFormDraft): a reload or a session that ends mid-edit gives it back, with a notice to discard it.
 */
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Avatar, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { accountApi, type Account } from '../../api/account';
import { ApiError } from '../../../ui/api/client';
import { fieldKeys, known } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { initialsOf } from '../../app/layout/AccountMenu';
import { useNotify } from '../../app/notify';
import { LoadingScreen } from '../../components/LoadingScreen';
import { RetryAlert } from '../../components/RetryAlert';
import { useFormDraft, useKeptDraft } from '../../components/useFormDraft';
import { collectErrors, emailError, phoneError, required } from '../../components/validation';
import { t } from '../../../i18n';
import { PICTURE_TYPES, pictureError } from './profilePicture';

const FIELDS = [
  ['firstName', 'given-name'],
  ['lastName', 'family-name'],
  ['email', 'email'],
  ['phone', 'tel'],
  ['jobTitle', 'organization-title'],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;

const valuesOf = (a: Account): Values => ({
  firstName: a.firstName ?? '',
  lastName: a.lastName ?? '',
  email: a.email,
  phone: a.phone ?? '',
  jobTitle: a.jobTitle ?? '',
});

/** Spec section 8: the first returned error, else 'messages.internalServerError'. */
function saveFailure(err: unknown): string {
  const first = Object.values(fieldKeys(err))[0];
  if (first) return t(first);
  if (err instanceof ApiError && err.status > 0) return known(err.code) ?? t('messages.internalServerError');
  return t('messages.internalServerError');
}

export function ProfileForm() {
  const { updateUser, viewer } = useAuth();
  const notify = useNotify();
  const [account, setAccount] = useState<Account>();
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', phone: '', jobTitle: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [picture, setPicture] = useState<{ file: File; preview: string }>();
  const [busy, setBusy] = useState(false);
  // Job title and phone are required of company users; admins may leave them empty.
  const companySide = viewer?.role === 'company' || viewer?.role === 'raasCompany';
  const stored = useMemo(() => account && valuesOf(account), [account]);
  const draft = useFormDraft('account', { onDiscard: () => stored && setValues(stored) });
  const { take } = draft;
  useKeptDraft(draft, stored && values, stored);

  useEffect(() => {
    let live = true;
    accountApi
      .get()
      .then((a) => {
        if (!live) return;
        setAccount(a);
        const base = valuesOf(a);
        setValues({ ...base, ...take('own', base) });
      })
      .catch((err: unknown) => live && setLoadError(saveFailure(err)));
    return () => {
      live = false;
    };
  }, [attempt, take]);

  useEffect(() => () => picture && URL.revokeObjectURL(picture.preview), [picture]);

  const choosePicture = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = pictureError(file);
    if (problem) return notify(t(problem), 'error');
    setPicture({ file, preview: URL.createObjectURL(file) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = collectErrors({
      firstName: required('firstName', values.firstName),
      lastName: required('lastName', values.lastName),
      email: emailError(values.email),
      phone: phoneError(values.phone, companySide, account?.phoneCountry),
      jobTitle: companySide ? required('jobTitle', values.jobTitle) : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = await accountApi.update({
        ...values,
        email: values.email.trim().toLowerCase(),
        profilePicEdit: picture?.file,
      });
      if (res.success === false) {
        notify(t('messages.saveError'), 'error');
      } else {
        const saved = res.data ?? {
          ...values,
          profilePic: account?.profilePic ?? null,
          phoneCountry: account?.phoneCountry,
        };
        draft.forget();
        setAccount({ ...saved });
        setValues(valuesOf(saved));
        setPicture(undefined);
        updateUser({
          firstName: saved.firstName,
          lastName: saved.lastName,
          email: saved.email,
          profilePic: saved.profilePic,
        });
        notify(known(res.message) ?? t('messages.saveSuccess'), 'success');
        if (res.emailConfirmationSent)
          notify(t('portal.profile.emailConfirmationSent', { email: values.email.trim() }), 'info');
      }
    } catch (err) {
      setErrors(fieldKeys(err));
      notify(saveFailure(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (loadError)
    return (
      <RetryAlert
        data-testid="profile-load-error"
        onRetry={() => {
          setLoadError(undefined);
          setAttempt((n) => n + 1);
        }}
      >
        {loadError}
      </RetryAlert>
    );
  if (!account) return <LoadingScreen />;

  return (
    <Card component="form" onSubmit={submit} noValidate>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        {draft.notice}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' }, mb: 4 }}>
          <Avatar
            src={picture?.preview ?? account.profilePic ?? undefined}
            sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.main' }}
            alt={t('portal.profile.picture')}
          >
            {initialsOf(values.firstName, values.lastName, values.email)}
          </Avatar>
          <Box>
            <Button component="label" variant="outlined" startIcon={<PhotoCameraOutlined />} disabled={busy}>
              {t(picture || account.profilePic ? 'portal.profile.changePicture' : 'portal.profile.uploadPicture')}
              <input
                hidden
                type="file"
                accept={PICTURE_TYPES.join(',')}
                onChange={choosePicture}
                data-testid="profile-picture-input"
              />
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {picture
                ? t('portal.profile.pictureChosen', { name: picture.file.name })
                : t('portal.profile.pictureHint')}
            </Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
          {FIELDS.map(([field, autoComplete]) => (
            <TextField
              key={field}
              name={field}
              label={t(`portal.fields.${field}`)}
              required={field === 'firstName' || field === 'lastName' || field === 'email' || companySide}
              autoComplete={autoComplete}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              value={values[field]}
              onChange={(e) => {
                setValues((v) => ({ ...v, [field]: e.target.value }));
                setErrors(({ [field]: _drop, ...rest }) => rest);
              }}
              error={!!errors[field]}
              helperText={
                errors[field] ? t(errors[field]) : field === 'phone' ? t('portal.fields.phoneHint') : undefined
              }
              disabled={busy}
            />
          ))}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            disabled={busy}
            onClick={() => {
              draft.forget();
              setValues(valuesOf(account));
              setPicture(undefined);
              setErrors({});
            }}
          >
            {t('portal.common.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('portal.common.saveChanges')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
