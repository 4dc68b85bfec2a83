/**
 * The project page's alert panel: the signed-in person's switch for alerts of candidates who newly
 * match the project's saved filters, the digest's frequency and time zone, and "N new since <day>".
 * With `?new=1` in the address (the notification's link) it lists the new candidates as search's
 * cards show them, each badged and opening the profile panel as the board's cards do (with the notes); "Show all"
 * marks them seen and leaves the suggested tab as it is;
 * "Open in search" opens the saved filters on /search, which says what is new there too. Opened with `?new=1` when
 * nothing is new any more (the candidates were seen, or no longer match), it says so.
 * While the platform has the company's alerts off, a subscribed person may still lower their digest or turn the
 * alert off (the switch stays enabled while subscribed); turning on or raising the frequency is refused.
 * Shown only to the people who receive the project's alerts (its owner, shared members, advocate).
 * Its own load, and the new candidates' cards, say while they load and when they fail (with a retry); turning the
 * alert off while candidates are new asks first, as it forgets them. A project that is not active (paused, closed)
 * takes no new alert: the panel says its alerts resume when it is active again.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import {
  alertFind,
  alertLooked,
  alertNewCards,
  alertSave,
  type AlertFrequency,
  type AlertState,
} from '../../api/alerts';
import type { SearchDoc } from '../../api/search';
import { useAddressParams } from '../../components/useAddressState';
import { RetryAlert } from '../../components/RetryAlert';
import { useAuth } from '../../app/auth/authContext';
import { startEarly, takeOpening } from '../../../ui/api/openingFetch';
import { useNotify } from '../../app/notify';
import { readerZone } from '../../../schema/rules/timeZones';
import { formatDate } from '../../../schema/rules/dates';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { NotesSection } from '../pipeline/NotesSection';
import { TimeZonePicker } from '../pipeline/TimeZonePicker';
import { ProfilePanel } from '../search/ProfilePanel';
import { ResultCard } from '../search/ResultCard';
import { AlertNewContext } from './alertNew';
import { newSince } from './alertText';

const early = (projectId: string) => `alert:${projectId}`;

/** How much a frequency emails: while the company's alerts are off, only the same or less may be chosen. */
const FREQUENCIES = ['off', 'weekly', 'daily'] as const;
const rank = (f: AlertFrequency | undefined) => FREQUENCIES.indexOf(f ?? 'daily');

/**
 * Asks for the project's alert state beside the project itself (the project page, as it opens): the workspace waits
 * for the panel's place, so it is not asked for only once the project has arrived.
 */
export const askAlertEarly = (projectId: string) => startEarly(early(projectId), () => alertFind(projectId));

interface Props {
  projectId: string;
  /** The project's id as the board's calls name it (the address may name it by its guid). */
  boardProjectId?: string;
  /** The project's pipeline, which shows the badges of the new candidates' cards. */
  children: ReactNode;
}

export function ProjectAlerts({ projectId, boardProjectId = projectId, children }: Props) {
  const notify = useNotify();
  const [params, editParams] = useAddressParams();
  const showNew = params.get('new') === '1';
  const [state, setState] = useState<AlertState>();
  const [cards, setCards] = useState<SearchDoc[]>();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  // The project whose alert state has answered (or failed to): the panel's place is known from then on.
  const [settled, setSettled] = useState<string>();
  // The panel's own load and the new cards' load that failed; a retry bumps `attempt`.
  const [loadFailed, setLoadFailed] = useState(false);
  const [cardsFailed, setCardsFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    (takeOpening<AlertState>(early(projectId)) ?? alertFind(projectId, controller.signal))
      .then((found) =>
        startTransition(() => {
          setState(found);
          setFresh(new Set(found.newCandidateIds));
          setLoadFailed(false);
        }),
      )
      .catch(() => !controller.signal.aborted && setLoadFailed(true))
      // The workspace is drawn once the state has settled: as a transition, in slices rather than one long task.
      .finally(() => !controller.signal.aborted && startTransition(() => setSettled(projectId)));
    return () => controller.abort();
  }, [projectId, attempt]);

  useEffect(() => {
    if (!showNew || !state?.subscribed) return;
    const controller = new AbortController();
    setCards(undefined);
    setCardsFailed(false);
    alertNewCards(projectId, controller.signal)
      .then((found) => setCards(found.docs))
      .catch(() => !controller.signal.aborted && setCardsFailed(true));
    return () => controller.abort();
  }, [projectId, showNew, state?.subscribed, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const save = useCallback(
    async (body: { on: boolean; frequency?: AlertFrequency; timeZone?: string }) => {
      try {
        const saved = await alertSave(projectId, body);
        setState(saved);
        notify(t('alerts.panel.saved'), 'success');
      } catch (err) {
        notify(err instanceof Error ? err.message : t('alerts.panel.offByPlatform'), 'error');
      }
    },
    [projectId, notify],
  );

  const showAll = useCallback(async () => {
    editParams((current) => {
      current.delete('new');
      return current;
    });
    // What was shown stays badged on the cards of this visit; the next visit starts from here.
    await alertLooked(projectId).catch(() => undefined);
    setState((s) => (s ? { ...s, newCount: 0, since: new Date().toISOString() } : s));
  }, [editParams, projectId]);

  const body = <AlertNewContext.Provider value={fresh}>{children}</AlertNewContext.Provider>;
  // The workspace is drawn once the alert's state has answered, below the panel if there is one: drawn before, the
  // panel's arrival pushed its tabs and cards down the screen. It keeps its place in the tree either way (returned
  // alone and then beside the panel, it was drawn anew and asked for its candidates a second time).
  return (
    <>
      {settled !== projectId && (
        <LinearProgress sx={{ mb: 2 }} aria-label={t('alerts.panel.loading')} data-testid="alert-loading" />
      )}
      {loadFailed && !state && (
        <RetryAlert sx={{ mb: 2 }} data-testid="alert-load-error" onRetry={retry} retryLabel={t('alerts.panel.retry')}>
          {t('alerts.panel.loadError')}
        </RetryAlert>
      )}
      {state?.eligible && (
        <AlertPanel
          projectId={boardProjectId}
          state={state}
          showNew={showNew}
          cards={cards}
          cardsFailed={cardsFailed}
          onRetry={retry}
          onSave={save}
          onShowAll={showAll}
        />
      )}
      {showNew && state && !state.eligible && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="alert-new-unsubscribed">
          {t('alerts.panel.notSubscribedNew')}
        </Alert>
      )}
      {settled === projectId ? body : null}
    </>
  );
}

interface PanelProps {
  projectId: string;
  state: AlertState;
  showNew: boolean;
  cards: SearchDoc[] | undefined;
  cardsFailed: boolean;
  onRetry(): void;
  onSave(body: { on: boolean; frequency?: AlertFrequency; timeZone?: string }): Promise<void>;
  onShowAll(): Promise<void>;
}

/** The switch, the frequency and time zone, "N new since <day>" and, with `?new=1`, the new candidates' cards. */
function AlertPanel(props: PanelProps) {
  const { projectId, state, showNew, cards, cardsFailed, onRetry, onSave: save, onShowAll: showAll } = props;
  const [params, editParams] = useAddressParams();
  const { viewer } = useAuth();
  const [profileOf, setProfileOf] = useState<string>();
  // Turning the alert off forgets its new candidates: asked first while there are some.
  const [askOff, setAskOff] = useState(false);
  const line = newSince(state.newCount, state.since);
  const inactive = state.projectActive === false;
  // Only an alert that is on has new candidates: without one, `?new=1` says so rather than waiting for cards.
  const subscribedNew = showNew && state.subscribed;
  const toggle = (on: boolean) => {
    if (!on && state.newCount > 0) setAskOff(true);
    else void save({ on, timeZone: state.timeZone ?? readerZone() });
  };
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="project-alerts">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <FormControlLabel
            sx={{ flex: 1, minWidth: 0 }}
            control={
              <Switch
                checked={state.subscribed}
                disabled={(state.offForCompany || inactive) && !state.subscribed}
                onChange={(e) => toggle(e.target.checked)}
              />
            }
            label={t('alerts.panel.on')}
          />
          {state.subscribed && (
            <>
              <FormControl size="small" sx={{ minWidth: 180 }}>
                <InputLabel id="alert-frequency">{t('alerts.panel.frequency')}</InputLabel>
                <Select
                  labelId="alert-frequency"
                  label={t('alerts.panel.frequency')}
                  value={state.frequency ?? 'daily'}
                  onChange={(e) => void save({ on: true, frequency: e.target.value as AlertFrequency })}
                >
                  {(['off', 'daily', 'weekly'] as const).map((f) => (
                    <MenuItem key={f} value={f} disabled={state.offForCompany && rank(f) > rank(state.frequency)}>
                      {t(`alerts.frequency.${f}`)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Box sx={{ minWidth: 240 }}>
                <TimeZonePicker
                  label={t('alerts.panel.timeZone')}
                  value={state.timeZone ?? readerZone()}
                  onChange={(zone) => void save({ on: true, timeZone: zone })}
                />
              </Box>
            </>
          )}
        </Stack>
        {state.offForCompany && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('alerts.panel.offByPlatform')}
          </Alert>
        )}
        {inactive && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="alert-inactive">
            {t('alerts.panel.inactive')}
          </Alert>
        )}
        {line && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Chip color="secondary" size="small" label={line} data-testid="alert-new-since" />
            {state.filters !== undefined && (
              <Button
                size="small"
                component={RouterLink}
                to={`/search?${state.filters}`}
                data-testid="alert-open-search"
              >
                {t('alerts.panel.openInSearch')}
              </Button>
            )}
            {showNew ? (
              <Button size="small" onClick={() => void showAll()}>
                {t('alerts.panel.showAll')}
              </Button>
            ) : (
              <Button size="small" onClick={() => editParams((current) => (current.set('new', '1'), current))}>
                {t('alerts.panel.showNew')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      {showNew && !state.subscribed && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="alert-new-unsubscribed"
          action={
            !state.offForCompany &&
            !inactive && (
              <Button color="inherit" size="small" onClick={() => toggle(true)}>
                {t('alerts.panel.turnOn')}
              </Button>
            )
          }
        >
          {t('alerts.panel.notSubscribedNew')}
        </Alert>
      )}
      {subscribedNew && !cards && !cardsFailed && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }} data-testid="alert-new-loading">
          <CircularProgress size={20} aria-label={t('alerts.panel.loadingNew')} />
          <Typography color="text.secondary">{t('alerts.panel.loadingNew')}</Typography>
        </Stack>
      )}
      {subscribedNew && cardsFailed && (
        <RetryAlert sx={{ mb: 2 }} data-testid="alert-new-error" onRetry={onRetry} retryLabel={t('alerts.panel.retry')}>
          {t('alerts.panel.newError')}
        </RetryAlert>
      )}
      {subscribedNew && cards && cards.length === 0 && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="alert-new-empty"
          action={
            <Button color="inherit" size="small" onClick={() => void showAll()}>
              {t('alerts.panel.showAll')}
            </Button>
          }
        >
          {t('alerts.panel.noneNew', { day: formatDate(state.since ?? new Date().toISOString()) ?? '' })}
        </Alert>
      )}
      {subscribedNew && cards && cards.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }} data-testid="alert-new-cards">
          <Typography variant="h6" component="h2">
            {line}
          </Typography>
          {cards.map((doc) => (
            <ResultCard
              key={doc.id}
              doc={doc}
              onOpen={() => setProfileOf(doc.id)}
              actions={
                <Box sx={{ p: 1 }}>
                  <Chip size="small" color="secondary" label={t('alerts.newBadge')} data-testid="alert-new" />
                </Box>
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={askOff}
        title={t('alerts.panel.offTitle')}
        message={t('alerts.panel.offMessage', { count: state.newCount })}
        confirmLabel={t('alerts.panel.offConfirm')}
        destructive
        onClose={() => setAskOff(false)}
        onConfirm={() => {
          setAskOff(false);
          void save({ on: false });
        }}
      />
      <ProfilePanel
        id={profileOf}
        projectId={projectId}
        currency={params.get('cur') ?? 'SGD'}
        onClose={() => setProfileOf(undefined)}
      >
        {profileOf && <NotesSection candidateId={profileOf} projectId={projectId} isAdmin={viewer?.role === 'admin'} />}
      </ProfilePanel>
    </>
  );
}
