/** Removing a user, after choosing who receives their projects (GET user-list-to-transfer, DELETE ?transferTo=). */
import { useEffect, useState } from 'react';
import { companyUsersApi, type CompanyUserRow, type TransferTarget } from '../../api/companyUsers';
import { actionErrorMessage, errorMessage } from '../../../ui/api/errors';
import { useNotify } from '../../app/notify';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { t } from '../../../i18n';
import { TransferChoice } from '../../../ui/team/TransferChoice';

export function DeleteUserDialog({
  user,
  onClose,
  onDeleted,
}: {
  user?: CompanyUserRow;
  onClose(): void;
  onDeleted(): void;
}) {
  const notify = useNotify();
  const [targets, setTargets] = useState<TransferTarget[]>();
  const [loadError, setLoadError] = useState<string>();
  const [transferTo, setTransferTo] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTargets(undefined);
    setTransferTo('');
    setLoadError(undefined);
    if (!user) return;
    companyUsersApi
      .transferTargets(user.id)
      .then((list) => {
        setTargets(list);
        setTransferTo(list[0]?.id ?? '');
      })
      .catch((err: unknown) => setLoadError(errorMessage(err)));
  }, [user]);

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await companyUsersApi.remove(user.id, transferTo || undefined);
      notify(t('portal.team.deleted', { email: user.email }), 'success');
      onDeleted();
      onClose();
    } catch (err) {
      // The transfer choice shows no field error: the toast gives the server's reason (transferTo.errors.invalid).
      notify(actionErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={!!user}
      title={t('portal.team.deleteTitle')}
      message={t('portal.team.deleteMessage', { name: user?.name?.trim() || user?.email || '' })}
      confirmLabel={t('portal.team.delete')}
      destructive
      wide
      busy={busy || (!targets && !loadError)}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TransferChoice targets={targets} error={loadError} value={transferTo} onChange={setTransferTo} />
    </ConfirmDialog>
  );
}
