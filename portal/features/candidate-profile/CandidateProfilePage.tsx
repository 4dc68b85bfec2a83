/**
 * /candidate/profile: the signed-in candidate's home. Their profile's status (pause or activate
 * it), how companies engaged with it, and the whole profile to edit, read from GET candidates/<id>.
 */
import { Alert, Box, Button, Stack } from '@mui/material';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { LoadingScreen } from '../../components/LoadingScreen';
import { t } from '../../../i18n';
import { ConsentsCard } from '../consents/ConsentsCard';
import { DataCorrections } from './DataCorrections';
import { DataExport } from './DataExport';
import { DataRights } from './DataRights';
import { EmailChangeDialog } from './EmailChange';
import { ProfileEditor } from './ProfileEditor';
import { ProfileHeader } from './ProfileHeader';
import { ProfileInsights } from './ProfileInsights';
import { profileApi, type CandidateProfile } from './profileApi';

/** The code of an emailed email-change link (?emailCode=123456), if the page was opened from one. */
function useEmailCode(): [string | undefined, () => void] {
  const [params, setParams] = useSearchParams();
  const code = params.get('emailCode') ?? undefined;
  const clear = useCallback(() => {
    setParams(
      (p) => {
        p.delete('emailCode');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  return [code && /^\d{6}$/.test(code) ? code : undefined, clear];
}

export function CandidateProfilePage() {
  const { user, updateUser } = useAuth();
  const [profile, setProfile] = useState<CandidateProfile>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [emailCode, clearEmailCode] = useEmailCode();
  const [changingEmail, setChangingEmail] = useState(false);
  const id = user?._id;

  useEffect(() => {
    if (!id) return;
    let live = true;
    setError(undefined);
    profileApi
      .get(id)
      // The whole profile is drawn as a transition: React renders its many fields in slices, not in one long task.
      .then((p) => live && startTransition(() => setProfile(p)))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (error) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('talent.own.retry')}</Button>}
      >
        {error}
      </Alert>
    );
  }
  if (!profile) return <LoadingScreen />;

  const saved = (next: CandidateProfile) => {
    setProfile(next);
    updateUser({ firstName: next.firstName, lastName: next.lastName, email: next.email });
  };

  return (
    <Box sx={{ maxWidth: 1180, mx: 'auto' }}>
      <Stack spacing={3}>
        <ProfileHeader profile={profile} onChanged={saved} />
        <ProfileInsights candidateId={profile.id} />
        <ProfileEditor profile={profile} onSaved={saved} onChangeEmail={() => setChangingEmail(true)} />
        <DataExport />
        <DataCorrections />
        <DataRights email={profile.email} />
        <ConsentsCard />
      </Stack>
      <EmailChangeDialog
        key={emailCode ?? 'manual'}
        open={changingEmail || !!emailCode}
        candidateId={profile.id}
        currentEmail={profile.email}
        initialCode={emailCode}
        onClose={() => {
          setChangingEmail(false);
          clearEmailCode();
        }}
        onChanged={(email) => saved({ ...profile, email })}
      />
    </Box>
  );
}
