/**
 * The credit actions of the console's credits lists, through the portal's own dialogs
 * (ui/credits/CreditDialogs.tsx) and the same credit calls: add credits, generate an order form,
 * and a lot's update and delete. Only an admin who may change a company's account (the calls'
 * own rule, `update` on Company) sees them; the server still decides.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useGetManyAggregate, useNotify, useRecordContext, useRedirect, useRefresh, type RaRecord } from 'react-admin';
import { t } from '../../../../i18n';
import type { Pricing } from '../../../../schema/rules/credits';
import {
  CreditFormDialog,
  DeleteCreditDialog,
  OrderFormDialog,
  type CreditNotify,
  type LotRef,
} from '../../../../ui/credits/CreditDialogs';
import { creditsApi } from '../../../../ui/credits/creditsApi';
import { abilityOf } from '../../../providers/ability';
import { useActor } from '../../../providers/useActor';
import { Contained } from '../../RecordActions';

/** Whether the signed-in admin may move credits. */
export function useCanMoveCredits(): boolean {
  const actor = useActor();
  return !!actor && abilityOf(actor).can('update', 'Company');
}

function useToast(): CreditNotify {
  const notify = useNotify();
  return (message, severity) => notify(message, { type: severity });
}

export function AddCreditsButton() {
  const [open, setOpen] = useState(false);
  const notify = useToast();
  const refresh = useRefresh();
  if (!useCanMoveCredits()) return null;
  return (
    <>
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('credits.page.addCredits')}
      </Button>
      {open && <CreditFormDialog notify={notify} onClose={() => setOpen(false)} onSaved={refresh} />}
    </>
  );
}

export function OrderFormButton() {
  const [pricing, setPricing] = useState<Pricing>();
  const [loading, setLoading] = useState(false);
  const notify = useToast();
  const refresh = useRefresh();
  if (!useCanMoveCredits()) return null;
  const open = () => {
    setLoading(true);
    creditsApi.pricing().then(
      (p) => (setPricing(p), setLoading(false)),
      () => (notify(t('messages.somethingWentWrong'), 'error'), setLoading(false)),
    );
  };
  return (
    <>
      <Button size="small" startIcon={<ReceiptIcon />} onClick={open} disabled={loading}>
        {t('credits.page.orderForm')}
      </Button>
      {pricing && (
        <OrderFormDialog pricing={pricing} notify={notify} onClose={() => setPricing(undefined)} onOrdered={refresh} />
      )}
    </>
  );
}

/** A lot record of the generic credits resource in the shape the dialogs take, with its company's name. */
function useLot(record: RaRecord | undefined): LotRef | undefined {
  const companyId = record?.companyId as string | undefined;
  const { data } = useGetManyAggregate('companies', { ids: companyId ? [companyId] : [] }, { enabled: !!companyId });
  if (!record || !companyId) return undefined;
  return {
    companyId,
    company: (data?.[0]?.companyName as string | undefined) ?? '',
    creditDataId: String(record.id),
    noOfCredits: Number(record.remaining),
    expiryDate: String(record.expiryDate).slice(0, 10),
    // The version of the row the dialog is filled from: a lot charged since is refused (409), not written over.
    updatedAt: typeof record.updatedAt === 'string' ? record.updatedAt : undefined,
  };
}

/**
 * A lot's update and delete, in its list row and on its page. A deleted lot leaves: the list
 * refreshes, the page goes back to the list.
 */
export function LotActions({ onPage }: { onPage?: boolean }) {
  const record = useRecordContext();
  const lot = useLot(record);
  const [dialog, setDialog] = useState<'edit' | 'delete'>();
  const notify = useToast();
  const refresh = useRefresh();
  const redirect = useRedirect();
  if (!useCanMoveCredits() || !lot || record?.deletedAt) return null;
  const named = (key: string) => `${t(key)}: ${lot.company}`;
  return (
    <Contained>
      {onPage ? (
        <Stack direction="row" spacing={0.5}>
          <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
            {t('credits.page.editCredits')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
            {t('credits.page.deleteCredits')}
          </Button>
        </Stack>
      ) : (
        // In a row, icons named for the lot they act on (the company's name read with them).
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={t('credits.page.editCredits')}>
            <IconButton size="small" aria-label={named('credits.page.editCredits')} onClick={() => setDialog('edit')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('credits.page.deleteCredits')}>
            <IconButton
              size="small"
              color="error"
              aria-label={named('credits.page.deleteCredits')}
              onClick={() => setDialog('delete')}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
      {dialog === 'edit' && (
        <CreditFormDialog lot={lot} notify={notify} onClose={() => setDialog(undefined)} onSaved={refresh} />
      )}
      {dialog === 'delete' && (
        <DeleteCreditDialog
          lot={lot}
          notify={notify}
          onClose={() => setDialog(undefined)}
          onDeleted={() => (onPage ? redirect('list', 'credits') : refresh())}
        />
      )}
    </Contained>
  );
}
