/**
 * "What you agreed to" on the candidate's profile page: each consent with a switch that gives or
 * withdraws it at once, and the version of the terms and privacy notice accepted. Hiding the profile from companies
 * asks first, as pausing it does: it has the same effect.
 */
import { Alert, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../schema/rules/dates';
import { errorMessage } from '../../../ui/api/errors';
import { t } from '../../../i18n';
import { useNotify } from '../../app/notify';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import {
  changeConsents,
  CONSENTS_CHANGED,
  noticeVersionLabel,
  PURPOSES,
  readConsents,
  type Consents,
  type Purpose,
} from './consentsApi';

export function ConsentsCard() {
  const notify = useNotify();
  const [consents, setConsents] = useState<Consents>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<Purpose>();
  const [confirmingHide, setConfirmingHide] = useState(false);

  const load = useCallback(() => {
    // The answer is drawn as a transition, in slices the browser can breathe between, not in one long task.
    readConsents()
      .then((c) => startTransition(() => setConsents(c)))
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);
  useEffect(() => {
    load();
    window.addEventListener(CONSENTS_CHANGED, load);
    return () => window.removeEventListener(CONSENTS_CHANGED, load);
  }, [load]);

  const toggle = async (purpose: Purpose, granted: boolean) => {
    setBusy(purpose);
    setError(undefined);
    try {
      setConsents(await changeConsents({ [purpose]: granted }));
      // The page's header says whether companies see the profile.
      window.dispatchEvent(new Event(CONSENTS_CHANGED));
      notify(t(granted ? 'portal.consents.given' : 'portal.consents.withdrawn'), 'success');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card component="section" aria-labelledby="consents-title" variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="consents-title" variant="h6" component="h2">
            {t('portal.consents.title')}
          </Typography>
          <Typography color="text.secondary">{t('portal.consents.intro')}</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          {consents && (
            <Stack spacing={1.5}>
              {PURPOSES.map((purpose) => {
                const c = consents.consents[purpose];
                return (
                  <Stack key={purpose} spacing={0.25}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={c.granted}
                          disabled={busy !== undefined}
                          onChange={(e) =>
                            purpose === 'shownToCompanies' && !e.target.checked
                              ? setConfirmingHide(true)
                              : void toggle(purpose, e.target.checked)
                          }
                        />
                      }
                      label={t(`portal.consents.purposes.${purpose}`)}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 6 } }}>
                      {t(`portal.consents.hints.${purpose}`)}
                      {c.decidedAt
                        ? ` ${t(c.granted ? 'portal.consents.decided' : 'portal.consents.decidedOff', { date: formatDate(c.decidedAt) ?? '' })}`
                        : ''}
                    </Typography>
                  </Stack>
                );
              })}
              {consents.acceptedVersion && consents.acceptedAt && (
                <Typography variant="body2" color="text.secondary">
                  {t('portal.consents.notice', {
                    version: noticeVersionLabel(consents.acceptedVersion),
                    date: formatDate(consents.acceptedAt) ?? '',
                  })}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirmingHide}
        title={t('portal.consents.hideTitle')}
        message={t('portal.consents.hideMessage')}
        confirmLabel={t('portal.consents.hideConfirm')}
        cancelLabel={t('portal.consents.hideCancel')}
        destructive
        busy={busy !== undefined}
        onConfirm={() => void toggle('shownToCompanies', false).then(() => setConfirmingHide(false))}
        onClose={() => setConfirmingHide(false)}
      />
    </Card>
  );
}
