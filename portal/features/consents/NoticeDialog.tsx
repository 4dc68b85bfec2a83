/**
 * The terms and privacy notice a signed-in candidate has not accepted in its version in force (at their first
 * sign-in, or after the notice changed): a dialog over every page with three ways out: accept (with the candidate's
 * choices), decline (recorded; the profile is hidden from companies and only the candidate's data rights stay open:
 * NoticeFrame.tsx), or sign out. Both the terms of service and the privacy notice are linked. A candidate who declined
 * and opens it again from the banner may close it (`onClose`).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../ui/api/errors';
import { t } from '../../../i18n';
import { useAuth } from '../../app/auth/authContext';
import { PATHS } from '../../app/paths';
import {
  acceptNotice,
  choicesOf,
  declineNotice,
  noticeVersionLabel,
  PURPOSES,
  readConsents,
  type Choices,
  type Consents,
} from './consentsApi';

interface Props {
  consents: Consents;
  onDecided(consents: Consents): void;
  onClose?: () => void;
}

export function NoticeDialog({ consents, onDecided, onClose }: Props) {
  const { signOut } = useAuth();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(consents));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const changed = consents.acceptedVersion !== null;

  const decide = async (call: () => Promise<Consents>) => {
    setBusy(true);
    setError(undefined);
    try {
      onDecided(await call());
    } catch (err) {
      setError(errorMessage(err));
      // A notice changed meanwhile is read again.
      readConsents()
        .then(onDecided)
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      disableEscapeKeyDown={!onClose}
      onClose={onClose}
      aria-labelledby="notice-title"
      fullWidth
      maxWidth="sm"
      scroll="paper"
    >
      <DialogTitle id="notice-title">
        {t(changed ? 'portal.consents.noticeChangedTitle' : 'portal.consents.noticeTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {t(changed ? 'portal.consents.noticeChangedIntro' : 'portal.consents.noticeIntro', {
              version: noticeVersionLabel(consents.noticeVersion),
            })}
          </Typography>
          <Stack spacing={1}>
            <Link href={PATHS.privacy} target="_blank" rel="noopener" sx={{ py: 0.5 }}>
              {t('portal.consents.readPrivacy')}
            </Link>
            <Link href={PATHS.terms} target="_blank" rel="noopener" sx={{ py: 0.5 }}>
              {t('portal.consents.readTerms')}
            </Link>
          </Stack>
          <Stack spacing={0.5}>
            {PURPOSES.map((purpose) => (
              <FormControlLabel
                key={purpose}
                control={
                  <Switch
                    checked={choices[purpose]}
                    onChange={(e) => setChoices({ ...choices, [purpose]: e.target.checked })}
                  />
                }
                label={t(`portal.consents.purposes.${purpose}`)}
              />
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('portal.consents.declineHint')}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={() => void signOut()} color="inherit" disabled={busy}>
          {t('portal.consents.signOut')}
        </Button>
        <Button
          onClick={() => void decide(() => declineNotice(consents.noticeVersion))}
          color="inherit"
          variant="outlined"
          disabled={busy}
        >
          {t('portal.consents.decline')}
        </Button>
        <Button
          onClick={() => void decide(() => acceptNotice(consents.noticeVersion, choices))}
          variant="contained"
          disabled={busy}
        >
          {t('portal.consents.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
