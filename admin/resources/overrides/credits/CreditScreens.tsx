/**
 * The credits lists with their actions: active credits (lots with something left that has not
 * expired, as the portal lists them) with add, order form, and each lot's update and delete (on its
 * page too, until the lot expires); the credit log with add; sales orders with the order form, a new
 * order listed at once, and Mark paid on a pending order form's row and on its page (MarkPaid.tsx;
 * on a phone the list links to the page).
 */
import { useRecordContext } from 'react-admin';
import { entityByResource } from '../../../../schema';
import { t } from '../../../../i18n';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';
import { AddCreditsButton, LotActions, OrderFormButton, useCanMoveCredits } from './CreditActions';
import { MarkPaidAction } from './MarkPaid';

const def = (resource: string) => entityByResource(resource)!;

export function ActiveCreditsList() {
  const canMove = useCanMoveCredits();
  return (
    <EntityList
      entity={def('credits')}
      // A lot is valid through its expiry day (UTC), as the ledger counts it.
      filter={{ remaining_gte: 0.5, expiryDate_gte: new Date().toISOString().slice(0, 10) }}
      actions={
        <>
          <AddCreditsButton />
          <OrderFormButton />
        </>
      }
      rowActions={canMove ? { label: t('credits.page.rowActions'), render: () => <LotActions /> } : undefined}
    />
  );
}

/**
 * A lot's update and delete on its page, none once it expired (valid through its expiry day, UTC, as
 * the ledger counts it): its credits left the balance, and the ledger refuses to update it.
 */
function LotPageActions() {
  const record = useRecordContext();
  const today = new Date().toISOString().slice(0, 10);
  if (record?.expiryDate && String(record.expiryDate).slice(0, 10) < today) return null;
  return <LotActions onPage />;
}

export function CreditShow() {
  return <EntityShow entity={def('credits')} actions={<LotPageActions />} />;
}

export function CreditLogList() {
  return <EntityList entity={def('credit-logs')} actions={<AddCreditsButton />} />;
}

export function SalesOrdersList() {
  const canMove = useCanMoveCredits();
  return (
    <EntityList
      entity={def('sales-orders')}
      actions={<OrderFormButton />}
      rowActions={canMove ? { label: t('credits.page.rowActions'), render: () => <MarkPaidAction /> } : undefined}
    />
  );
}

export function SalesOrderShow() {
  return <EntityShow entity={def('sales-orders')} actions={<MarkPaidAction onPage />} />;
}
