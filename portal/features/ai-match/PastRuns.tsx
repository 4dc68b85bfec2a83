/**
 * Past AI match runs, newest first and paginated: when, from what (the excerpt, the file or the
 * project), the state and the counts (retrieved, judged of to judge). Each opens its run on
 * /ai-match. Used on /ai-match (every run) and on a project page (the project's runs).
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { pagerLabels } from '../../components/pagerLabels';
import { formatDateTime } from '../../../schema/rules/dates';
import { errorMessage } from '../../../ui/api/errors';
import { aiMatchApi, type MatchRunSummary, type MatchStatus } from '../../api/aiMatch';
import { PATHS } from '../../app/paths';

const P = 'portal.aiMatchPage';
// Only the colours whose white text keeps AA contrast; the label says the rest.
const COLOR: Record<MatchStatus, 'default' | 'success' | 'error'> = {
  review: 'default',
  queued: 'default',
  retrieving: 'default',
  judging: 'default',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

interface Props {
  projectId?: string;
  /** Changes when a run starts or ends on the page, so the list reloads. */
  refreshKey?: unknown;
  perPage?: number;
  /** Told who judges a run started now, with each answer (the start form's notice when no model is configured). */
  onJudge?(judge: 'model' | 'product'): void;
}

export const runHref = (id: string) => `${PATHS.aiMatch}?run=${encodeURIComponent(id)}`;

const when = (iso: string) => formatDateTime(iso) ?? iso;

export function PastRuns({ projectId, refreshKey, perPage: initialPerPage = 10, onJudge }: Props) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(initialPerPage);
  const [answer, setAnswer] = useState<{ data: MatchRunSummary[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    aiMatchApi
      .runs(page + 1, perPage, projectId, controller.signal)
      .then((next) => {
        setAnswer(next);
        onJudge?.(next.judge);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(err));
      });
    return () => controller.abort();
    // `onJudge` is told, never a reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, perPage, projectId, refreshKey, attempt]);

  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t(`${P}.retry`)}
          </Button>
        }
      >
        {t(`${P}.runsError`)}
      </Alert>
    );
  if (!answer) return <Skeleton variant="rounded" height={120} aria-label={t(`${P}.loading`)} />;
  if (!answer.total)
    return <Typography color="text.secondary">{t(projectId ? `${P}.noProjectRuns` : `${P}.noRuns`)}</Typography>;

  return (
    <>
      {/* A narrow screen scrolls the table, not the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`${P}.pastRuns`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${P}.runColumns.started`)}</TableCell>
              <TableCell>{t(`${P}.runColumns.from`)}</TableCell>
              {!projectId && <TableCell>{t(`${P}.runColumns.project`)}</TableCell>}
              <TableCell>{t(`${P}.runColumns.status`)}</TableCell>
              <TableCell align="right">{t(`${P}.runColumns.retrieved`)}</TableCell>
              <TableCell align="right">{t(`${P}.runColumns.judged`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.data.map((r) => (
              <TableRow key={r.id} data-testid="ai-match-run" hover>
                <TableCell>
                  <Link component={RouterLink} to={runHref(r.id)}>
                    {when(r.createdAt)}
                  </Link>
                </TableCell>
                <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {r.source === 'file' && r.fileName ? r.fileName : r.excerpt.split('\n')[0]}
                </TableCell>
                {!projectId && (
                  <TableCell sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {r.projectTitle ?? '—'}
                  </TableCell>
                )}
                <TableCell>
                  <Chip size="small" color={COLOR[r.status]} label={t(`${P}.statuses.${r.status}`)} />
                </TableCell>
                <TableCell align="right">{r.progress.retrieved}</TableCell>
                <TableCell align="right">
                  {t(`${P}.judgedOf`, { judged: r.progress.judged, total: r.progress.toJudge })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={answer.total}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 20, 50]}
        {...pagerLabels()}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
