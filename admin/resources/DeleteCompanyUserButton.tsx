/**
 * A company user's deletion in the console, as the portal's (portal/features/team/DeleteUserDialog.tsx): the
 * confirmation offers who takes over the user's projects, the first active colleague the server lists
 * (GET company-users/user-list-to-transfer) chosen unless the admin picks another, and the deletion names them
 * (DELETE ?transferTo=, through the data provider's `meta.transferTo`). Without a colleague to offer, the projects
 * keep no owner, as the server does without a transfer.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, DialogContentText, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Button,
  Confirm,
  useDeleteController,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { t } from '../../i18n';
import { API_URL, failureMessage, httpClient } from '../providers/http';

interface Target {
  id: string;
  name: string;
  email: string;
}

/** The colleagues who may take over `id`'s projects, or the reason they could not be read. */
function useTargets(id: unknown, open: boolean): { targets?: Target[]; error?: string } {
  const [answer, setAnswer] = useState<{ targets?: Target[]; error?: string }>({});
  useEffect(() => {
    if (!open || id === undefined) return;
    let current = true;
    setAnswer({});
    httpClient(`${API_URL}/company-users/user-list-to-transfer?id=${encodeURIComponent(String(id))}`)
      .then(({ json }) => current && setAnswer({ targets: json as Target[] }))
      .catch((err: unknown) => current && setAnswer({ error: failureMessage(err) }));
    return () => {
      current = false;
    };
  }, [id, open]);
  return answer;
}

export function DeleteCompanyUserButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const [open, setOpen] = useState(false);
  const { targets, error } = useTargets(record?.id, open);
  const [transferTo, setTransferTo] = useState('');
  useEffect(() => setTransferTo(targets?.[0]?.id ?? ''), [targets]);
  const { isPending, handleDelete } = useDeleteController({
    record,
    redirect: 'list',
    mutationMode: 'pessimistic',
    mutationOptions: { meta: { transferTo: transferTo || undefined }, onSettled: () => setOpen(false) },
  });
  if (!record) return null;
  const name = translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending || (!targets && !error)}
        title="ra.message.delete_title"
        titleTranslateOptions={{ name, recordRepresentation: represent(record) }}
        content={
          <>
            <DialogContentText>{translate('ra.message.delete_content', { name })}</DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            {targets && targets.length > 0 && (
              <TextField
                select
                fullWidth
                label={t('portal.team.transferTo')}
                value={transferTo}
                onChange={(e) => setTransferTo(e.target.value)}
                sx={{ mt: 2.5 }}
                helperText={t('portal.team.transferHelp')}
              >
                {targets.map((target) => (
                  <MenuItem key={target.id} value={target.id}>
                    {target.name ? `${target.name} · ${target.email}` : target.email}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {targets && targets.length === 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('portal.team.noTransferTargets')}
              </Alert>
            )}
          </>
        }
        onConfirm={handleDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
