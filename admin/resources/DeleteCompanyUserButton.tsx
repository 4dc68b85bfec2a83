/**
 * A company user's deletion in the console, as the portal's (portal/features/team/DeleteUserDialog.tsx): the
 * confirmation offers who takes over the user's projects, the first active colleague the server lists
 * (GET company-users/user-list-to-transfer) chosen unless the admin picks another, and the deletion names them
 * (DELETE ?transferTo=, through the data provider's `meta.transferTo`). On the user's show and edit pages alike
 * (EntityScreens). Without a colleague to offer, the projects keep no owner, as the server does when nobody can take
 * them (team/transfer.ts).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { DialogContentText } from '@mui/material';
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
import { TransferChoice, type TransferTarget as Target } from '../../ui/team/TransferChoice';
import { API_URL, failureMessage, httpClient } from '../providers/http';

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
  // Named as react-admin's own delete confirmation names a record: 'Delete company user <representation>'.
  const name = translate(`resources.${resource}.forcedCaseName`, {
    smart_count: 1,
    _: translate(`resources.${resource}.name`, { smart_count: 1, _: resource }).toLowerCase(),
  });
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
            <TransferChoice targets={targets} error={error} value={transferTo} onChange={setTransferTo} />
          </>
        }
        onConfirm={handleDelete}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
