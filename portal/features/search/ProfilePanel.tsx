/**
 * The side panel a result opens: the whole profile as the signed-in user may see it, with the downloads they may make
 * (saved through the API client, so a refusal is a message in the app). Something typed below the profile and not
 * saved (a note) is not thrown away by Escape, a click outside or the close button without asking first.
 */
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { t } from '../../../i18n';
import { formatMonth } from '../../../schema/rules/dates';
import type { CandidateDownload } from '../../../schema/rules/downloads';
import { ApiError } from '../../../ui/api/client';
import { errorMessage } from '../../../ui/api/errors';
import { searchApi, type Profile } from '../../api/search';
import { useNotify } from '../../app/notify';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { downloadCandidate } from './downloadFile';

/** What each field below the profile held when it was first focused: it is changed when it holds something else now. */
function useTypedFields() {
  const start = useRef(new Map<HTMLInputElement | HTMLTextAreaElement, string>());
  const onFocus = useCallback((e: FocusEvent) => {
    const field = e.target;
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
    if (!start.current.has(field)) start.current.set(field, field.value);
  }, []);
  const changed = () => [...start.current].some(([field, was]) => field.isConnected && field.value !== was);
  const forget = useCallback(() => start.current.clear(), []);
  return { onFocus, changed, forget };
}

/**
 * `children` is shown below the profile (the project page puts the candidate's notes there);
 * `projectId` (the project page) asks for the profile as that project's board shows it, so the
 * panel names the candidate exactly when the card does.
 */
export function ProfilePanel({
  id,
  currency,
  onClose,
  children,
  notice,
  projectId,
  version,
  onReplaced,
}: {
  id?: string;
  currency: string;
  onClose: () => void;
  children?: ReactNode;
  /** Shown above the profile, e.g. that the company's ATS already holds the candidate. */
  notice?: ReactNode;
  projectId?: string;
  /** A new value asks for the profile again, keeping the one shown until the answer (a teammate's or the candidate's change). */
  version?: number;
  /** The profile opened lives on under another id (an old link to a merged profile): its id, to open it by. */
  onReplaced?: (id: string) => void;
}) {
  const [profile, setProfile] = useState<Profile>();
  const [failed, setFailed] = useState(false);
  // Not found (404): the profile is no longer there for this viewer, rather than failed to load.
  const [gone, setGone] = useState(false);
  const { onFocus, changed, forget } = useTypedFields();
  const guard = useDiscardGuard(true, onClose);
  // Closes at once, unless something typed below the profile would be lost: then "Discard what you entered?".
  const requestClose = () => (changed() ? guard.requestClose() : onClose());
  // Another candidate (or currency, or project) shows a skeleton until its answer; a new `version` asks again quietly.
  const shown = useRef({ key: '', held: false });
  useEffect(() => {
    const key = `${id}|${currency}|${projectId}`;
    const fresh = shown.current.key !== key;
    if (fresh) {
      shown.current = { key, held: false };
      setProfile(undefined);
      setFailed(false);
      setGone(false);
      forget();
    }
    if (!id) return undefined;
    const controller = new AbortController();
    searchApi
      .profile(id, currency, controller.signal, projectId)
      .then((p) => {
        // Opened by an id merged away: the panel opens again by the one it lives under (its notes are that one's).
        if (p.replaces && onReplaced) return onReplaced(p.id);
        shown.current.held = true;
        setProfile(p);
      })
      // A quiet reload not answered (the candidate is no longer reachable, the network) keeps the profile shown.
      .catch((err: unknown) => {
        if (controller.signal.aborted || shown.current.held) return;
        setFailed(true);
        setGone(err instanceof ApiError && err.status === 404);
      });
    return () => controller.abort();
  }, [id, currency, projectId, forget, version, onReplaced]);
  return (
    <Drawer
      anchor="right"
      open={Boolean(id)}
      onClose={requestClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}
    >
      <Box role="region" aria-label={t('search.page.profileTitle')} data-testid="profile-panel" sx={{ p: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="overline">{t('search.page.profileTitle')}</Typography>
          <IconButton onClick={requestClose} aria-label={t('search.page.close')}>
            <CloseOutlined />
          </IconButton>
        </Stack>
        {failed && (
          <Alert severity={gone ? 'info' : 'error'}>
            {t(gone ? 'search.page.profileGone' : 'search.page.profileError')}
          </Alert>
        )}
        {id && notice}
        {!failed && !profile && <Skeleton variant="rectangular" height={240} />}
        {profile && <ProfileBody profile={profile} />}
        {/* What goes below (the notes and their form) once there is a profile to go with. */}
        {id && profile && <Box onFocus={onFocus}>{children}</Box>}
      </Box>
      {guard.prompt}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ProfileBody({ profile: p }: { profile: Profile }) {
  const name = p.name || t('search.page.anonymous');
  const notify = useNotify();
  const get = (kind: CandidateDownload) => () =>
    void downloadCandidate(kind, p.id).catch((err: unknown) => notify(errorMessage(err), 'error'));
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={p.profilePic ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
          {p.name ? p.name.slice(0, 1) : '?'}
        </Avatar>
        <Box>
          <Typography variant="h3" component="h2">
            {name}
          </Typography>
          <Typography color="text.secondary">
            {[p.title, p.currentLocation?.label].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      </Stack>
      {p.adminAnonymous && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('search.page.adminAnonymous')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        {p.canDownload.pdf && (
          <Button variant="outlined" onClick={get('pdf')}>
            {t('search.page.downloadPdf')}
          </Button>
        )}
        {p.canDownload.cv && (
          <Button variant="outlined" onClick={get('cv')}>
            {t('search.page.downloadCv')}
          </Button>
        )}
        {p.canDownload.blindCv && (
          <Button variant="outlined" onClick={get('blindCv')}>
            {t('search.page.downloadBlindCv')}
          </Button>
        )}
      </Stack>
      {(p.email || p.phone) && (
        <Section title={t('search.page.contact')}>
          <Typography variant="body2">{[p.email, p.phone].filter(Boolean).join(' · ')}</Typography>
        </Section>
      )}
      {p.summary && (
        <Section title={t('search.page.summary')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {p.summary}
          </Typography>
        </Section>
      )}
      {p.skills.length > 0 && (
        <Section title={t('search.page.skills')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {p.skills.map((s) => (
              <Chip key={`${s.id}`} size="small" label={s.label} color={s.starred ? 'primary' : 'default'} />
            ))}
          </Stack>
        </Section>
      )}
      {p.languages.length > 0 && (
        <Section title={t('search.page.languages')}>
          <Typography variant="body2">{p.languages.map((l) => l.label).join(', ')}</Typography>
        </Section>
      )}
      {p.experiences.length > 0 && (
        <Section title={t('search.page.experiences')}>
          <Stack divider={<Divider flexItem />} spacing={1}>
            {p.experiences.map((x, i) => (
              <Box key={i}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {x.title} · {x.company}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {x.startDate ? formatMonth(x.startDate) : ''} –{' '}
                  {x.currentPosition ? t('search.page.present') : x.endDate ? formatMonth(x.endDate) : ''}
                </Typography>
                {x.description && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {x.description}
                  </Typography>
                )}
              </Box>
            ))}
          </Stack>
        </Section>
      )}
      {p.educations.length > 0 && (
        <Section title={t('search.page.educations')}>
          {p.educations.map((e, i) => (
            <Typography key={i} variant="body2">
              {[e.degree, e.fieldOfStudy, e.institute].filter(Boolean).join(', ')} {e.endYear ? `(${e.endYear})` : ''}
            </Typography>
          ))}
        </Section>
      )}
      {p.tags.length > 0 && (
        <Section title={t('search.page.tags')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {p.tags.map((tag) => (
              <Chip key={`${tag.id}`} size="small" variant="outlined" label={tag.label} />
            ))}
          </Stack>
        </Section>
      )}
    </>
  );
}
