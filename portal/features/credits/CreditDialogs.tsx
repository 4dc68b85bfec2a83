/** The shared credit dialogs (ui/credits/CreditDialogs.tsx) with the portal's toast. */
import * as shared from '../../../ui/credits/CreditDialogs';
import { useNotify } from '../../app/notify';

export { CLOSE_DELAY_MS, CompanyPicker, findCompanies, type Option } from '../../../ui/credits/CreditDialogs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any dialog of the shared module
type WithoutNotify<C extends (props: any) => unknown> = Omit<Parameters<C>[0], 'notify'>;

export function CreditFormDialog(props: WithoutNotify<typeof shared.CreditFormDialog>) {
  return <shared.CreditFormDialog {...props} notify={useNotify()} />;
}

export function DeleteCreditDialog(props: WithoutNotify<typeof shared.DeleteCreditDialog>) {
  return <shared.DeleteCreditDialog {...props} notify={useNotify()} />;
}

export function OrderFormDialog(props: WithoutNotify<typeof shared.OrderFormDialog>) {
  return <shared.OrderFormDialog {...props} notify={useNotify()} />;
}
