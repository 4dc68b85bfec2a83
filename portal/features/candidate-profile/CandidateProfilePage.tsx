/**
 * /candidate/profile: the signed-in candidate's home. Their profile's status (pause or activate
 * it), how companies engaged with it, and the whole profile to edit, read from GET candidates/<id>.
 *
 * The header and the insights are the first screen; the form and the data-rights cards below them are a chunk of
 * their own (./ProfileDetails.tsx), fetched and drawn once the first screen has been painted (on a phone's link its
 * code and the names its pickers show would otherwise hold back the header the candidate came to see).
 */
import { Alert, Box, Button, Stack } from '@mui/material';
import { lazy, startTransition, useEffect, useState } from 'react';
import { OnDemand } from '../../components/OnDemand';
import { errorMessage } from '../../../ui/api/errors';
import { useAuth } from '../../app/auth/authContext';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useAfterPaint } from '../../components/useFirstScreenful';
import { t } from '../../../i18n';
import { ProfileHeader } from './ProfileHeader';
import { ProfileInsights } from './ProfileInsights';
import { profileApi, type CandidateProfile } from './profileApi';

const ProfileDetails = lazy(() => import('./ProfileDetails').then((m) => ({ default: m.ProfileDetails })));

export function CandidateProfilePage() {
  const { user, updateUser } = useAuth();
  const [profile, setProfile] = useState<CandidateProfile>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const id = user?._id;
  const painted = useAfterPaint(profile !== undefined);

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
        {painted ? (
          <OnDemand fallback={<LoadingScreen />}>
            <ProfileDetails profile={profile} onSaved={saved} />
          </OnDemand>
        ) : (
          <LoadingScreen />
        )}
      </Stack>
    </Box>
  );
}
