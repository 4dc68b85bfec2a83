/**
 * Bulk status change of the selected candidates (POST candidates/update/status). When some of them
 * chose their own status (paused or re-activated their profile), the server refuses and names
 * them; the dialog then warns, lists them, and only a second confirmation overrides their choice. The toast counts
 * what the server changed, not the selection ("8 changed, 17 already Active", and candidates no longer there).
 */
import SwapIcon from '@mui/icons-material/SwapHoriz';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useNotify, useRefresh } from 'react-admin';
import { t } from '../../../../i18n';
import { choicesOf } from '../../../../ui/candidate-profile/labels';
import { statusOutcomeText } from '../../../providers/bulkStatus';
import { bulkStatus } from './talentApi';
import { useNotifyFailure } from './useNotifyFailure';

export function TalentBulkStatusButton() {
  const { selectedIds, onUnselectItems, data } = useListContext();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<number>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const failed = useNotifyFailure();
  const count = selectedIds.length;
  const nameOf = (id: string) => String(data?.find((r) => r.id === id)?.name ?? id);

  const close = () => {
    setOpen(false);
    setStatus(undefined);
    setChosen([]);
  };

  const apply = async (confirm: boolean) => {
    if (status === undefined) return;
    setBusy(true);
    try {
      const result = await bulkStatus(selectedIds.map(String), status, confirm);
      if (result.outcome === 'selfChosen') {
        setChosen(result.candidates);
        return;
      }
      const label = choicesOf('status').find((c) => c.id === status)?.label ?? String(status);
      notify(statusOutcomeText(result, label), { type: 'success' });
      onUnselectItems();
      close();
      refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label={t('admin.bulkStatus.button')} onClick={() => setOpen(true)}>
        <SwapIcon />
      </Button>
      <Dialog
        open={open}
        onClose={busy ? undefined : close}
        maxWidth="xs"
        fullWidth
        aria-labelledby="talent-status-title"
      >
        <DialogTitle id="talent-status-title">{t('talent.bulk.title', { count })}</DialogTitle>
        <DialogContent>
          {chosen.length === 0 ? (
            <RadioGroup value={status ?? ''} onChange={(e) => setStatus(Number(e.target.value))} name="status">
              {choicesOf('status').map((c) => (
                <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.label} />
              ))}
            </RadioGroup>
          ) : (
            <Alert severity="warning" icon={<WarningAmberOutlined />} data-testid="self-chosen-warning">
              {t('talent.bulk.selfChosen', { count: chosen.length })}
              <List dense disablePadding sx={{ mt: 1, listStyle: 'disc', pl: 2.5 }}>
                {chosen.map((id) => (
                  <ListItem key={id} sx={{ display: 'list-item', py: 0 }}>
                    {nameOf(id)}
                  </ListItem>
                ))}
              </List>
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <MuiButton onClick={close} disabled={busy} color="inherit">
            {t('admin.common.cancel')}
          </MuiButton>
          {chosen.length === 0 ? (
            <MuiButton variant="contained" onClick={() => void apply(false)} disabled={status === undefined || busy}>
              {t('admin.bulkStatus.apply')}
            </MuiButton>
          ) : (
            <MuiButton variant="contained" color="warning" onClick={() => void apply(true)} disabled={busy}>
              {t('talent.bulk.override')}
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
