/**
 * /my-profile's notification preferences: for each kind, in the app, in the app and by email, or
 * off (each kind offers the choices the API lists for it, with its line of help where it has one). A choice is saved as it is made; a failed save puts the previous choice back and says so.
 * A first read that fails says so with Try again (RetryAlert), which reads the preferences again.
 */
import {
  Card,
  CardContent,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { api } from '../../../ui/api/client';
import { useNotify } from '../../app/notify';
import { RetryAlert } from '../../components/RetryAlert';

interface Preference {
  kind: string;
  label: string;
  channel: 'off' | 'inApp' | 'email';
  channels?: Preference['channel'][];
  help?: string;
}

const CHANNELS = ['inApp', 'email', 'off'] as const;

export function NotificationPreferences() {
  const notify = useNotify();
  const [prefs, setPrefs] = useState<Preference[]>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api<{ data: Preference[] }>('notification-preferences', { signal: controller.signal })
      .then((r) => setPrefs(r.data))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [attempt]);

  const choose = async (kind: string, channel: Preference['channel']) => {
    const before = prefs;
    setPrefs((p) => p?.map((x) => (x.kind === kind ? { ...x, channel } : x)));
    try {
      await api('notification-preferences', { method: 'PUT', body: { kind, channel } });
      notify(t('messages.saveSuccess'), 'success');
    } catch {
      setPrefs(before);
      notify(t('messages.saveError'), 'error');
    }
  };

  return (
    <Card sx={{ mt: 3 }} data-testid="notification-preferences">
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h6" component="h2">
          {t('notifications.inbox.preferences')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('notifications.inbox.preferencesHelp')}
        </Typography>
        {failed && (
          <RetryAlert
            data-testid="notification-preferences-load-error"
            onRetry={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('notifications.inbox.loadError')}
          </RetryAlert>
        )}
        <Stack spacing={2}>
          {prefs?.map((p) => (
            <FormControl key={p.kind} size="small" fullWidth>
              <InputLabel id={`pref-${p.kind}`}>{p.label}</InputLabel>
              <Select
                labelId={`pref-${p.kind}`}
                label={p.label}
                value={p.channel}
                onChange={(e) => void choose(p.kind, e.target.value as Preference['channel'])}
              >
                {(p.channels ?? CHANNELS).map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`notifications.channels.${c}`)}
                  </MenuItem>
                ))}
              </Select>
              {p.help && <FormHelperText>{p.help}</FormHelperText>}
            </FormControl>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
