/**
 * The console's duplicate queue (/admin/duplicates): open pairs of likely duplicates, most likely
 * first, a page at a time, each with its reasons, confidence and both profiles in brief; a pair opens side by side.
 * A page that fails to load says why with a way to try again, and shows no other page's pairs meanwhile.
 */
import {
  Alert,
  Button,
  Card,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { LinkBase, Title, useBasename, useNotify } from 'react-admin';
import { formatRange, t } from '../../i18n';
import { apiCall } from '../providers/http';
import { failureText, profileLine, type Pair } from './pairs';

const PAGE_SIZES = [10, 25, 50];
/** Reasons and confidence are left to the review on a phone, where the profiles and Review need the width. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * One page of the open pairs: undefined while the first loads, `failed` when a page could not be. A failed page
 * shows none of the page before it (its rows are dropped, the total kept for the pager); `retry` asks again.
 */
function usePairs(page: number, perPage: number) {
  const [answer, setAnswer] = useState<{ total: number; data?: Pair[] }>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setFailed(undefined);
    apiCall<{ total: number; data: Pair[] }>(`/candidate-duplicates?page=${page + 1}&perPage=${perPage}`)
      .then((next) => current && setAnswer(next))
      .catch((err: unknown) => {
        if (!current) return;
        setFailed(failureText(err));
        setAnswer((before) => before && { total: before.total });
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [page, perPage, attempt]);
  return { answer, loading, failed, retry: () => setAttempt((n) => n + 1) };
}

function useScan() {
  const notify = useNotify();
  const [scanning, setScanning] = useState(false);
  const scan = async () => {
    setScanning(true);
    try {
      await apiCall('/candidate-duplicates/scan', { method: 'POST' });
      notify(t('duplicates.queue.scanQueued'), { type: 'info' });
    } catch (err) {
      notify(failureText(err), { type: 'error' });
    } finally {
      setScanning(false);
    }
  };
  return { scan, scanning };
}

export function DuplicateQueue() {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const { answer, loading, failed, retry } = usePairs(page, perPage);
  const { scan, scanning } = useScan();
  const pairs = answer?.data;

  return (
    <Card sx={{ p: 2, mt: 2 }}>
      <Title title={t('duplicates.queue.title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('duplicates.queue.title')}
        </Typography>
        <Button onClick={() => void scan()} disabled={scanning}>
          {t('duplicates.queue.scan')}
        </Button>
      </Stack>
      {loading && <LinearProgress aria-label={t('duplicates.queue.loading')} sx={{ mb: 1 }} />}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry} disabled={loading}>
              {t('duplicates.queue.retry')}
            </Button>
          }
        >
          {failed}
        </Alert>
      )}
      {!loading && !failed && answer?.total === 0 && <Alert severity="success">{t('duplicates.queue.empty')}</Alert>}
      {pairs && pairs.length > 0 && <PairTable pairs={pairs} />}
      {answer && answer.total > 0 && (
        <TablePagination
          component="div"
          count={answer.total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('duplicates.queue.perPage')}
          labelDisplayedRows={({ from, to, count }) => formatRange(from, to, count)}
          getItemAriaLabel={(type) => t(`duplicates.queue.${type}Page`)}
          // On a phone the size choice, the range and the arrows wrap rather than run off the screen.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      )}
    </Card>
  );
}

function PairTable({ pairs }: { pairs: Pair[] }) {
  const basename = useBasename();
  return (
    <Stack sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('duplicates.queue.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('duplicates.queue.pair')}</TableCell>
            <TableCell sx={WIDE}>{t('duplicates.queue.reasons')}</TableCell>
            <TableCell sx={WIDE} align="right">
              {t('duplicates.queue.confidence')}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {pairs.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <div>{profileLine(p.candidate)}</div>
                <div>{profileLine(p.other)}</div>
              </TableCell>
              <TableCell sx={WIDE}>
                {p.reasons.map((r) => (
                  <Chip key={r} size="small" label={t(`duplicates.reasons.${r}`)} sx={{ mr: 0.5 }} />
                ))}
              </TableCell>
              <TableCell sx={WIDE} align="right">
                {p.confidence}%
              </TableCell>
              <TableCell align="right">
                <Button component={LinkBase} to={`${basename}/duplicates/${encodeURIComponent(p.id)}`}>
                  {t('duplicates.queue.review')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
