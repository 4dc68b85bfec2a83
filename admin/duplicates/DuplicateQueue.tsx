/**
 * The console's duplicate queue (/admin/duplicates): open pairs of likely duplicates, most likely
 * first, each with its reasons, confidence and both profiles in brief; a pair opens side by side.
 */
import {
  Alert,
  Button,
  Card,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { LinkBase, Title, useBasename, useNotify } from 'react-admin';
import { t } from '../../i18n';
import { apiCall } from '../providers/http';
import { profileLine, type Pair } from './pairs';

export function DuplicateQueue() {
  const notify = useNotify();
  const basename = useBasename();
  const [pairs, setPairs] = useState<Pair[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    apiCall<{ data: Pair[] }>('/candidate-duplicates?perPage=100')
      .then((r) => setPairs(r.data))
      .catch(() => setFailed(true));
  }, []);

  const scan = async () => {
    await apiCall('/candidate-duplicates/scan', { method: 'POST' });
    notify(t('duplicates.queue.scanQueued'), { type: 'info' });
  };

  return (
    <Card sx={{ p: 2, mt: 2 }}>
      <Title title={t('duplicates.queue.title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('duplicates.queue.title')}
        </Typography>
        <Button onClick={() => void scan()}>{t('duplicates.queue.scan')}</Button>
      </Stack>
      {failed && <Alert severity="error">{t('errors.generic')}</Alert>}
      {pairs?.length === 0 && <Alert severity="success">{t('duplicates.queue.empty')}</Alert>}
      {pairs && pairs.length > 0 && (
        <Table size="small" aria-label={t('duplicates.queue.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('duplicates.queue.pair')}</TableCell>
              <TableCell>{t('duplicates.queue.reasons')}</TableCell>
              <TableCell align="right">{t('duplicates.queue.confidence')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {pairs.map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <div>{profileLine(p.candidate)}</div>
                  <div>{profileLine(p.other)}</div>
                </TableCell>
                <TableCell>
                  {p.reasons.map((r) => (
                    <Chip key={r} size="small" label={t(`duplicates.reasons.${r}`)} sx={{ mr: 0.5 }} />
                  ))}
                </TableCell>
                <TableCell align="right">{p.confidence}%</TableCell>
                <TableCell align="right">
                  <Button component={LinkBase} to={`${basename}/duplicates/${encodeURIComponent(p.id)}`}>
                    {t('duplicates.queue.review')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
