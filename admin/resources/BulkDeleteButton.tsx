/**
 * The bulk deletion of every console list (DELETE /<resource> {keys}, in chunks: providers/bulkDelete.ts). Long work
 * shows its progress; the outcome is told in counts ("24 deleted, 1 was already deleted"), and the selection keeps
 * only the rows the server refused, named in the message: rows deleted, or already gone, are unselected. A list names
 * its rows by `nameOf` (a record's title by default).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, type Identifier, type RaRecord } from 'react-admin';
import { t } from '../../i18n';
import { DELETE_CHUNK, deleteInChunks, deleteSummary } from '../providers/bulkDelete';

interface Props {
  /** A row's name in the outcome's message; its id when the list no longer holds it. */
  nameOf?: (record: RaRecord) => string;
}

export function ListBulkDeleteButton({ nameOf = (r) => String(r.name ?? r.id) }: Props) {
  const { resource, selectedIds, onSelect, onUnselectItems, data } = useListContext();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<number>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const count = selectedIds.length;
  const busy = done !== undefined;
  const named = (id: Identifier) => {
    const record = data?.find((r) => String(r.id) === String(id));
    return record ? nameOf(record) : String(id);
  };

  const run = async () => {
    setDone(0);
    try {
      const report = await deleteInChunks(resource, selectedIds, setDone);
      const refused = new Set(report.refused.map((r) => String(r.id)));
      const kept = selectedIds.filter((id) => refused.has(String(id)));
      if (kept.length) onSelect(kept);
      else onUnselectItems();
      notify(deleteSummary(report, named), { type: kept.length ? 'error' : 'success' });
      setOpen(false);
      refresh();
    } finally {
      setDone(undefined);
    }
  };

  const progress = t('admin.bulkDelete.progress', { done: done ?? 0, count });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Dialog
        open={open}
        onClose={busy ? undefined : () => setOpen(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('admin.bulkDelete.title', { count })}</DialogTitle>
        <DialogContent>
          {busy && count > DELETE_CHUNK ? (
            <Stack spacing={1}>
              <DialogContentText role="status">{progress}</DialogContentText>
              <LinearProgress variant="determinate" value={(100 * (done ?? 0)) / count} aria-label={progress} />
            </Stack>
          ) : (
            <DialogContentText>{t('admin.bulkDelete.content', { count })}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <MuiButton onClick={() => setOpen(false)} disabled={busy} color="inherit">
            {t('admin.common.cancel')}
          </MuiButton>
          <MuiButton variant="contained" color="error" onClick={() => void run()} disabled={busy}>
            {t('admin.bulkDelete.confirm')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
