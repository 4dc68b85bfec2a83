/**
 * The top of the candidate's page: who they are, their profile's status, and pausing or activating it (after a
 * confirmation). An active or semi-active profile whose person turned "Shown to companies" off says it is hidden from
 * companies by their choice (companies meet them as if not active), read from their consents and read again when the
 * consents card or the notice dialog changes them (CONSENTS_CHANGED).
 */
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { actionErrorMessage } from '../../../ui/api/errors';
import { initialsOf } from '../../app/layout/AccountMenu';
import { useNotify } from '../../app/notify';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { formatDate } from '../../components/format';
import { t } from '../../../i18n';
import { CONSENTS_CHANGED, readConsents } from '../consents/consentsApi';
import { candidateStatus, ownStatusAction, ownStatusText } from './candidateStatus';
import { profileApi, type CandidateProfile } from './profileApi';

/** Whether the candidate lets companies see them ("Shown to companies"); undefined until their consents are read. */
function useShownToCompanies(): boolean | undefined {
  const [shown, setShown] = useState<boolean>();
  useEffect(() => {
    let live = true;
    const load = () => {
      readConsents().then(
        (c) => live && setShown(c.consents.shownToCompanies.granted),
        () => undefined,
      );
    };
    load();
    window.addEventListener(CONSENTS_CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(CONSENTS_CHANGED, load);
    };
  }, []);
  return shown;
}

/** Statuses in which companies would meet the candidate, but for their consent. */
const SEEN = [CANDIDATE_STATUS.active, CANDIDATE_STATUS.semiActive] as number[];

interface Props {
  profile: CandidateProfile;
  onChanged(profile: CandidateProfile): void;
}

export function ProfileHeader({ profile, onChanged }: Props) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const status = candidateStatus(profile.status, profile.selfChosenStatus);
  const action = ownStatusAction(profile.status, profile.selfChosenStatus);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const hidden = useShownToCompanies() === false && SEEN.includes(profile.status);

  const run = async () => {
    if (!action) return;
    setBusy(true);
    try {
      const updated = await (action === 'pause' ? profileApi.pause(profile.id) : profileApi.activate(profile.id));
      onChanged(updated);
      notify(t(action === 'pause' ? 'talent.own.paused' : 'talent.own.activated'), 'success');
      setConfirming(false);
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Box sx={{ height: 96, background: 'linear-gradient(120deg, #1d4ed8 0%, #0d9488 100%)' }} />
      <CardContent sx={{ px: { xs: 3, md: 4 }, pb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-end' } }}>
          <Avatar
            data-testid="profile-picture"
            sx={{ width: 96, height: 96, fontSize: 34, mt: -8, border: '4px solid #fff', bgcolor: 'primary.main' }}
          >
            {initialsOf(profile.firstName, profile.lastName, profile.email)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="h1" component="h1">
                {name}
              </Typography>
              <Chip label={status.label} color={status.tone} variant="outlined" data-testid="candidate-status" />
            </Stack>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t('portal.candidateProfile.memberSince', { date: formatDate(profile.createdAt) ?? '' })}
            </Typography>
          </Box>
          {action && (
            <Button
              variant={action === 'pause' ? 'outlined' : 'contained'}
              color={action === 'pause' ? 'inherit' : 'primary'}
              startIcon={action === 'pause' ? <PauseCircleOutline /> : <PlayCircleOutline />}
              onClick={() => setConfirming(true)}
            >
              {t(action === 'pause' ? 'talent.own.pause' : 'talent.own.activate')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="status-explanation">
          {t(hidden ? 'talent.own.status.hiddenByChoice' : ownStatusText(profile.status, profile.selfChosenStatus))}
        </Typography>
      </CardContent>
      {action && (
        <ConfirmDialog
          open={confirming}
          title={t(action === 'pause' ? 'talent.own.pauseTitle' : 'talent.own.activateTitle')}
          message={t(action === 'pause' ? 'talent.own.pauseMessage' : 'talent.own.activateMessage')}
          confirmLabel={t(action === 'pause' ? 'talent.own.pauseConfirm' : 'talent.own.activateConfirm')}
          destructive={action === 'pause'}
          busy={busy}
          onConfirm={() => void run()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
