/**
 * The terms and privacy notice a signed-in candidate has not accepted in its version in force (at
 * their first sign-in, or after the notice changed): a dialog over every page that nothing closes
 * but accepting (with the candidate's choices) or signing out.
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
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../ui/api/errors';
import { t } from '../../../i18n';
import { useAuth } from '../../app/auth/authContext';
import { PATHS } from '../../app/paths';
import {
  acceptNotice,
  choicesOf,
  CONSENTS_CHANGED,
  noticeVersionLabel,
  PURPOSES,
  readConsents,
  type Choices,
  type Consents,
} from './consentsApi';

export function NoticeDialog() {
  const { signOut } = useAuth();
  const [consents, setConsents] = useState<Consents>();
  const [choices, setChoices] = useState<Choices>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readConsents()
      .then((c) => {
        if (!live) return;
        setConsents(c);
        setChoices(choicesOf(c));
      })
      // The page itself reports a session or network problem; the dialog waits for the next sign-in.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!consents?.needsNotice || !choices) return null;
  const changed = consents.acceptedVersion !== null;
  const accept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setConsents(await acceptNotice(consents.noticeVersion, choices));
      window.dispatchEvent(new Event(CONSENTS_CHANGED));
    } catch (err) {
      setError(errorMessage(err));
      // A notice changed meanwhile is read again.
      readConsents()
        .then(setConsents)
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open disableEscapeKeyDown aria-labelledby="notice-title" fullWidth maxWidth="sm">
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
          <Link href={PATHS.terms} target="_blank" rel="noopener">
            {t('portal.consents.readNotice')}
          </Link>
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
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void signOut()} color="inherit" disabled={busy}>
          {t('portal.consents.signOut')}
        </Button>
        <Button onClick={() => void accept()} variant="contained" disabled={busy}>
          {t('portal.consents.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
