/**
 * What an empty table of a company's own credits page says: what will appear there, and the way forward.
 * Who may buy (spec section 6, and the server's POST credit/instant-purchase/stripe, which asks only to read
 * the company): every user of a RaaS company, owner, admin or member alike, who are the only ones this page
 * opens for (admins buy for a company from the console). So the line offers the header's Buy credits action,
 * a button named as the purchase modal it opens ('Purchase credits'), unless the server takes no card payment (`paymentMode` 'unavailable',
 * production without Stripe keys): then nobody can buy here, and the line says who can add credits, the
 * platform's team with an order form, and where to ask (the pricing's support address).
 */
import { Button, Link, Stack, Typography } from '@mui/material';
import { t } from '../../../i18n';

export type PaymentMode = 'stripe' | 'test' | 'unavailable';

/** Whether a user of this page may buy credits on it: a RaaS company's user, while card payment is on. */
export const mayBuyHere = (role: string | undefined, paymentMode: PaymentMode | undefined): boolean =>
  role === 'raasCompany' && paymentMode !== undefined && paymentMode !== 'unavailable';

const MARK = '\u0000';

export function EmptyCredits({
  text,
  mayBuy,
  onBuy,
  supportEmail,
}: {
  /** The key of what will appear in the table. */
  text: string;
  mayBuy: boolean;
  onBuy(): void;
  supportEmail: string;
}) {
  const [before, after] = t('credits.page.whoCanBuy', { email: MARK }).split(MARK);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="credits-empty">
      <Typography color="text.secondary">{t(text)}</Typography>
      {mayBuy ? (
        // Named as the dialog it opens: the header's Buy credits stays the page's one button of that name.
        <Button variant="outlined" onClick={onBuy}>
          {t('credits.purchase.title')}
        </Button>
      ) : (
        <Typography data-testid="credits-who-can-buy">
          {before}
          <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
          {after}
        </Typography>
      )}
    </Stack>
  );
}
