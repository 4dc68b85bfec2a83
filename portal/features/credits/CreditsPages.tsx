/** Credits screens: /credits/active-credits and /credits/log (admins), /credits/company (RaaS companies). They arrive with the credits capability. */
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TollOutlined from '@mui/icons-material/TollOutlined';
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { UpcomingScreen } from '../../components/UpcomingScreen';
import { t } from '../../../i18n';

export function ActiveCreditsPage() {
  const [params] = useSearchParams();
  const asked = params.get('add_credits') === 'true' ? 'addCredits' : params.get('order_form') === 'true' ? 'orderForm' : undefined;
  return (
    <UpcomingScreen id="activeCredits" icon={<AccountBalanceWalletOutlined />}>
      {asked && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t(`portal.screens.activeCredits.${asked}Soon`)}
        </Alert>
      )}
    </UpcomingScreen>
  );
}

export function CreditLogPage() {
  return <UpcomingScreen id="creditLog" icon={<ReceiptLongOutlined />} />;
}

export function CompanyCreditsPage() {
  return <UpcomingScreen id="companyCredits" icon={<TollOutlined />} />;
}
