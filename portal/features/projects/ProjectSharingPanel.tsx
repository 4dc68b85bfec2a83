/**
 * Who may open a project (spec section 2: access full 1 or none 0, admins always, whole-company
 * sharing): the people with access (the owner marked), adding a colleague, removing one, and the
 * whole-company switch. Refusals show as snackbars with the sharing errors of spec section 8.
 */
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import {
  Alert,
  Autocomplete,
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { errorMessage, known } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { initialsOf } from '../../app/layout/AccountMenu';
import { projectsApi, type AccessUser } from '../../api/projects';
import { sharedProjectUrl } from './SharedProjectPage';

const S = 'portal.projectsPortal.sharing';
const WHOLE = { overflowWrap: 'anywhere' } as const;

export interface ProjectSharingPanelProps {
  open: boolean;
  /** The project: its guid, 'Project:N' or N. */
  projectId: string;
  onClose(): void;
  /** After any change of access (e.g. to refresh an access summary). */
  onChanged?(): void;
}

/** The spec's sharing errors by code, the catalogue's own text first. */
export function sharingError(err: unknown): string {
  if (err instanceof ApiError) {
    const last = /^project\.share\.errors\.(\w+)$/.exec(err.code)?.[1];
    if (last) return known(err.code) ?? t(`portal.projectsPortal.shareErrors.${last}`);
  }
  return errorMessage(err);
}

type Candidate = { id: string; name: string; email: string };

/**
 * What a removal did: the share is gone, but the server says whether the person still has access and through what
 * (ownership, their company role, the whole company), so the panel never reports an access removed that remains.
 */
export function removedText(
  u: Pick<AccessUser, 'name' | 'email'>,
  answer: { stillHasAccess?: boolean; reason?: string },
) {
  const name = u.name || u.email;
  if (!answer.stillHasAccess) return t(`${S}.removed`, { name });
  const through = t(
    `${S}.through.${answer.reason === 'owner' || answer.reason === 'role' ? answer.reason : 'company'}`,
  );
  return t(`${S}.removedKept`, { name, through });
}

const plainId = (id: string | number) => String(id).replace(/^User:/, '');

export function ProjectSharingPanel({ open, projectId, onClose, onChanged }: ProjectSharingPanelProps) {
  const notify = useNotify();
  const [users, setUsers] = useState<AccessUser[]>();
  const [wholeCompany, setWholeCompany] = useState(false);
  // Who has access through sharing (removable), as opposed to ownership or the company role.
  const [sharedIds, setSharedIds] = useState<Set<string>>(new Set());
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AccessUser>();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Candidate[]>([]);
  const [picked, setPicked] = useState<Candidate | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(() => {
    setLoadError(undefined);
    Promise.all([projectsApi.accessList(projectId), projectsApi.find(projectId).catch(() => undefined)]).then(
      ([res, project]) => {
        setUsers(res.data);
        setWholeCompany(!!res.sharedWithCompany);
        setSharedIds(new Set((project?.sharedUserIds ?? []).map(plainId)));
      },
      (err: unknown) => setLoadError(sharingError(err)),
    );
  }, [projectId]);

  useEffect(() => {
    if (!open) return;
    setUsers(undefined);
    setPicked(null);
    setText('');
    load();
  }, [open, load]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      projectsApi.usersToAdd(projectId, text.trim(), controller.signal).then(setOptions, (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setOptions([]);
      });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, projectId, text, version]);

  const run = async <T,>(work: () => Promise<T>, success: string | ((answer: T) => string)) => {
    setBusy(true);
    try {
      const answer = await work();
      notify(typeof success === 'string' ? success : success(answer), 'success');
      onChanged?.();
      load();
      setVersion((v) => v + 1);
      return true;
    } catch (err) {
      notify(sharingError(err), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!picked) return;
    const who = picked;
    if (
      await run(() => projectsApi.grantAccess(projectId, who.id, 1), t(`${S}.granted`, { name: who.name || who.email }))
    ) {
      setPicked(null);
      setText('');
    }
  };

  const copyLink = async () => {
    const url = sharedProjectUrl(projectId);
    try {
      await navigator.clipboard.writeText(url);
      notify(t(`${S}.linkCopied`), 'success');
    } catch {
      notify(t(`${S}.copyFailed`, { url }), 'info');
    }
  };

  const toggleCompany = async (on: boolean) => {
    setWholeCompany(on);
    const ok = await run(
      () => projectsApi.shareWithCompany(projectId, on ? 1 : 0),
      t(on ? `${S}.sharedWithCompany` : `${S}.unsharedWithCompany`),
    );
    if (!ok) setWholeCompany(!on);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={busy ? undefined : onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 }, maxWidth: '100%' } } }}
    >
      <Box
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        data-testid="project-sharing"
        role="region"
        aria-labelledby="project-sharing-title"
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id="project-sharing-title" variant="h5" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t(`${S}.title`)}
          </Typography>
          <Button
            size="small"
            startIcon={<LinkOutlined />}
            onClick={() => void copyLink()}
            sx={{ mr: 1 }}
            data-testid="copy-share-link"
          >
            {t(`${S}.copyLink`)}
          </Button>
          <IconButton onClick={onClose} aria-label={t(`${S}.close`)}>
            <CloseOutlined />
          </IconButton>
        </Stack>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 3, py: 2.5 }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t(`${S}.subtitle`)}
          </Typography>
          <Alert severity="info" icon={false} sx={{ mb: 2 }}>
            {t(`${S}.adminsNote`)}
          </Alert>
          <FormControlLabel
            control={
              <Switch
                checked={wholeCompany}
                onChange={(e) => void toggleCompany(e.target.checked)}
                disabled={busy || !users}
                data-testid="share-company"
              />
            }
            label={t(`${S}.wholeCompany`)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, ml: 6 }}>
            {t(`${S}.wholeCompanyHint`)}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}>
            <Autocomplete
              sx={{ flex: 1 }}
              options={options}
              value={picked}
              onChange={(_e, v) => setPicked(v)}
              onInputChange={(_e, v, reason) => reason !== 'reset' && setText(v)}
              filterOptions={(x) => x}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(o) => (o.name ? `${o.name} (${o.email})` : o.email)}
              noOptionsText={t(`${S}.noneToAdd`)}
              disabled={busy}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t(`${S}.addPerson`)}
                  placeholder={t(`${S}.addPersonHint`)}
                  name="shareUser"
                />
              )}
            />
            <Button
              variant="contained"
              onClick={() => void add()}
              disabled={busy || !picked}
              sx={{ mt: { sm: 1 } }}
              data-testid="share-add"
            >
              {t(`${S}.add`)}
            </Button>
          </Stack>
          <Divider />
          <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', mt: 2 }}>
            {t(`${S}.withAccess`)}
          </Typography>
          {loadError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={load}>
                  {t('portal.projectsPortal.settings.retry')}
                </Button>
              }
            >
              {t(`${S}.loadError`)} {loadError}
            </Alert>
          ) : !users ? (
            <Stack spacing={1} sx={{ mt: 1 }}>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} variant="rectangular" height={48} sx={{ borderRadius: 1 }} />
              ))}
            </Stack>
          ) : users.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {t(`${S}.nobody`)}
            </Typography>
          ) : (
            <List data-testid="access-users">
              {users.map((u) => {
                const [first, ...rest] = (u.name ?? '').split(' ');
                return (
                  <ListItem
                    key={u.id}
                    disableGutters
                    data-user-email={u.email}
                    secondaryAction={
                      u.isOwner ? (
                        <Chip size="small" color="primary" label={t(`${S}.owner`)} />
                      ) : !sharedIds.has(plainId(u.id)) ? (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t(wholeCompany ? `${S}.viaCompany` : `${S}.companyAdmin`)}
                        />
                      ) : (
                        <IconButton
                          edge="end"
                          disabled={busy}
                          aria-label={t(`${S}.remove`, { name: u.name || u.email })}
                          onClick={() => setRemoving(u)}
                        >
                          <PersonRemoveOutlined />
                        </IconButton>
                      )
                    }
                  >
                    <ListItemAvatar>
                      <Avatar src={u.profilePic ?? undefined} sx={{ bgcolor: 'primary.light' }}>
                        {initialsOf(first || null, rest.join(' ') || null, u.email)}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary={u.name || u.email}
                      secondary={
                        [u.name ? u.email : undefined, u.inactive ? t(`${S}.inactive`) : undefined]
                          .filter(Boolean)
                          .join(' · ') || undefined
                      }
                      // A long address breaks where it must, read whole on a phone too (no pointer to hover it).
                      slotProps={{ primary: { sx: WHOLE }, secondary: { sx: WHOLE } }}
                      sx={{ pr: 6 }}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </Box>
      <ConfirmDialog
        open={!!removing}
        title={t(`${S}.removeTitle`)}
        message={t(`${S}.removeMessage`, { name: removing?.name || removing?.email || '' })}
        confirmLabel={t(`${S}.removeConfirm`)}
        destructive
        busy={busy}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const u = removing;
          setRemoving(undefined);
          if (u)
            void run(
              () => projectsApi.removeAccess(projectId, u.id),
              (answer) => removedText(u, answer),
            );
        }}
      />
    </Drawer>
  );
}
