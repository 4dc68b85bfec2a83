/**
 * Changes the status of the selected rows to one chosen in a dialog (spec: admin lists have a
 * status-change dialog; a bulk status change clears the selection). The toast tells the server's counts: changed,
 * already in that status, and rows no longer there, which the server skipped (providers/bulkStatus.ts). A refusal's
 * toast names the reason the server gave for its field, not the generic "Some fields need your attention"
 * (failureMessage).
 */
import SwapIcon from '@mui/icons-material/SwapHoriz';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Button as MuiButton,
} from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useNotify, useRefresh, useResourceContext } from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { pluralLabel } from '../fields/fieldMeta';
import { changeStatus, statusOutcomeText } from '../providers/bulkStatus';
import { failureMessage } from '../providers/http';

export function BulkStatusButton({ entity }: { entity: EntityDef }) {
  const resource = useResourceContext() as string;
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const choices = entity.fields.status?.choices ?? [];
  const count = selectedIds.length;

  const close = () => {
    setOpen(false);
    setStatus(undefined);
  };

  const apply = async () => {
    setBusy(true);
    try {
      // The server's counts, not the selection's size; rows deleted meanwhile are skipped and told, not a failure.
      const outcome = await changeStatus(resource, selectedIds, status);
      const label = choices.find((c) => c.id === status)?.label ?? String(status);
      notify(statusOutcomeText(outcome, label), { type: 'success' });
      // Clears the selection, the rows no longer there with it.
      onUnselectItems();
      close();
    } catch (error) {
      // A list shows no field errors: the refusal's own words ('status.errors.self', 'users.errors.pendingInvitation').
      notify(failureMessage(error) || t('messages.somethingWentWrong'), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <>
      <Button label={t('admin.bulkStatus.button')} onClick={() => setOpen(true)}>
        <SwapIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="bulk-status-title">
        <DialogTitle id="bulk-status-title">
          {t('admin.bulkStatus.title', { count, label: pluralLabel(entity).toLowerCase() })}
        </DialogTitle>
        <DialogContent>
          <RadioGroup value={status ?? ''} onChange={(e) => setStatus(Number(e.target.value))} name="status">
            {choices.map((c) => (
              <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.label} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{t('admin.common.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={() => void apply()} disabled={status === undefined || busy}>
            {t('admin.bulkStatus.apply')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
