/**
 * /talent/:id: a talent's profile as a recruiter reads it, with the CV, blind CV and profile PDF downloads, and the
 * profiles merged into it with their undo while it is open (admin/duplicates/MergedProfiles.tsx).
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ShowBase, Title, useBasename, useGetMany, useNavigate, useRecordContext, useShowContext } from 'react-admin';
import { t } from '../../../../i18n';
import { isErasedAddress } from '../../../../schema/rules/dataRights';
import { choiceLabel } from '../../../../ui/candidate-profile/labels';
import { MergedProfiles } from '../../../duplicates/MergedProfiles';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { ShowLoadFailed, useRecordLoadOptions } from '../../LoadFailed';
import { ExportButton } from '../dataRights/ExportButton';
import { TalentProfileBody } from './TalentProfileBody';
import { downloadTalentFile, type TalentFile } from './talentApi';
import { talentPaths } from './talentPaths';
import { useNotifyFailure } from './useNotifyFailure';

const STATUS_COLORS: Record<number, 'success' | 'warning' | 'default' | 'info'> = {
  0: 'warning',
  1: 'success',
  2: 'default',
  3: 'info',
  4: 'warning',
};

function DownloadButton({
  kind,
  id,
  label,
  disabled,
}: {
  kind: TalentFile;
  id: string;
  label: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const failed = useNotifyFailure();
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={14} aria-hidden /> : <DownloadOutlined />}
      onClick={() => {
        setBusy(true);
        downloadTalentFile(kind, id)
          .catch(failed)
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

function Header() {
  const record = useRecordContext();
  const navigate = useNavigate();
  const basename = useBasename();
  const { data: cities } = useGetMany(
    'cities',
    { ids: record?.currentLocationId ? [record.currentLocationId] : [] },
    { enabled: !!record?.currentLocationId },
  );
  if (!record) return null;
  const id = String(record.id);
  const name = String(record.name ?? '');
  const headline = [record.latestJobTitle, record.latestCompanyName].filter(Boolean).join(t('talent.view.at'));
  return (
    <Card variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 72, background: 'linear-gradient(120deg, #1d4e7a 0%, #2a7f8f 100%)' }} />
      <CardContent sx={{ pt: 0, px: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-end' } }}>
          <Avatar
            sx={{ width: 88, height: 88, mt: -5, fontSize: 32, border: '4px solid #fff', bgcolor: 'primary.main' }}
          >
            {name
              .split(/\s+/)
              .slice(0, 2)
              .map((w) => w[0])
              .join('')}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {name}
              </Typography>
              <Chip
                size="small"
                label={choiceLabel('status', record.status)}
                color={STATUS_COLORS[record.status as number] ?? 'default'}
                data-testid="talent-status"
              />
              {!record.visibility && <Chip size="small" variant="outlined" label={t('talent.view.hidden')} />}
              {record.anonymous && <Chip size="small" variant="outlined" label={t('talent.view.anonymous')} />}
            </Stack>
            {headline && <Typography color="text.secondary">{headline}</Typography>}
            {cities?.[0] && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
                <PlaceOutlined fontSize="small" />
                <Typography variant="body2">{`${cities[0].name}${cities[0].code ? `, ${cities[0].code}` : ''}`}</Typography>
              </Stack>
            )}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <DownloadButton kind="cv" id={id} label={t('talent.view.downloadCv')} disabled={!record.resumePath} />
            <DownloadButton
              kind="blindCv"
              id={id}
              label={t('talent.view.downloadBlindCv')}
              disabled={!record.resumePath && !record.blindResumePath}
            />
            <DownloadButton kind="profilePdf" id={id} label={t('talent.view.downloadPdf')} />
            {/* An erased profile has no data left to copy (the API refuses it). */}
            {!isErasedAddress(record.email) && <ExportButton candidateId={id} />}
            <Button
              size="small"
              variant="contained"
              startIcon={<EditOutlined />}
              onClick={() => navigate(`${basename}${talentPaths.edit(id)}`)}
            >
              {t('talent.view.edit')}
            </Button>
          </Stack>
        </Stack>
        {record.selfChosenStatus && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('talent.view.selfChosen', { status: choiceLabel('status', record.status) ?? '' })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function ShowContent() {
  const { record, isPending, error } = useShowContext();
  const title = record ? String(record.name ?? '') : undefined;
  useDocumentTitle(title);
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('ra.page.loading')} />
      </Box>
    );
  }
  if (error) return <ShowLoadFailed title={t('talent.view.loadError')} />;
  if (!record) return <Alert severity="error">{t('talent.view.loadError')}</Alert>;
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Title title={title} />
      <Header />
      <TalentProfileBody />
      <MergedProfiles candidateId={String(record.id)} />
    </Stack>
  );
}

/** A profile that did not load says why with Try again; only one the server does not have (404) is told as gone. */
export function TalentShow() {
  const queryOptions = useRecordLoadOptions();
  return (
    <ShowBase queryOptions={queryOptions}>
      <ShowContent />
    </ShowBase>
  );
}
