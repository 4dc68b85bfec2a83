/**
 * The admin's credit dialogs, shared by the portal's and the console's credits lists: add or update
 * credits (company, number of credits, expiry; every message of spec sections 5 and 8, which an update
 * applies only to what the admin changed, so a lot of 9.5 keeps its half; Save is
 * disabled and reads 'Saving…' while the request runs, so a double click sends it once; on success a
 * toast, the list reloads and the dialog closes after 3 seconds; the server's refusal of the same add
 * repeated within 2 minutes shows at the number of credits; an update of a lot that moved since it was read, a charge
 * meanwhile, is refused and says so, and the list reloads), delete a lot (the confirmation
 * names the company, the credits and the expiry; a refusal is shown in the dialog) and the order
 * form for a company's member (the member choice stays disabled until a company is chosen; quantity
 * from 1, priced by the one pricing function; on success a toast with the order number, the PDF
 * downloads at once and the dialog shows the order made, with no second Generate to click, until it
 * closes after 3 seconds). Each app passes its own toast as `notify`.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  expiryDateError,
  expiryWindow,
  formatMoney,
  noOfCreditsError,
  quoteCredits,
  updatedCreditsError,
  updatedExpiryError,
  type Pricing,
} from '../../schema/rules/credits';
import { formatPercent, t } from '../../i18n';
import { formatDate } from '../../schema/rules/dates';
import { DayField } from '../components/DayField';
import { apiList } from '../api/client';
import { creditsApi, downloadFile, type CreditLot } from './creditsApi';
import { COMPANY_TYPES } from '../../schema/roles';
import { CompanyPicker, SearchPicker, refusal, type Option } from './dialogParts';

export { CompanyPicker, findCompanies, type Option } from './dialogParts';

/** The app's toast. */
export type CreditNotify = (message: string, severity: 'success' | 'error') => void;

/** What the edit and delete dialogs need of a lot (`updatedAt`: the version read, which an update sends back). */
export type LotRef = Pick<
  CreditLot,
  'companyId' | 'company' | 'creditDataId' | 'noOfCredits' | 'expiryDate' | 'updatedAt'
>;

export const CLOSE_DELAY_MS = 3000;

/** Up to 20 active members of the company whose name or email holds `q` (searched on the server). */
async function findMembers(companyId: string, q: string): Promise<Option[]> {
  const { data } = await apiList<{ id: string; name: string | null; email: string; status: number }>('company-users', {
    sort: ['email', 'ASC'],
    range: [0, 19],
    filter: q ? { companyId, status: 1, q } : { companyId, status: 1 },
  });
  return data.map((u) => ({ id: u.id, label: u.name ? `${u.name} <${u.email}>` : u.email }));
}

const SHOWN_FIELDS = ['companyId', 'noOfCredits', 'expiryDate'];

export function CreditFormDialog({
  lot,
  notify,
  onClose,
  onSaved,
}: {
  lot?: LotRef;
  notify: CreditNotify;
  onClose(): void;
  onSaved(): void;
}) {
  const [company, setCompany] = useState<Option | null>(lot ? { id: lot.companyId, label: lot.company } : null);
  const [credits, setCredits] = useState(lot ? String(lot.noOfCredits) : '');
  const [expiry, setExpiry] = useState(lot?.expiryDate ?? expiryWindow().default);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [done, setDone] = useState(false);
  // While the request runs Save is disabled and says so; the ref also stops a second click the screen has not redrawn for.
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);

  async function save() {
    if (inFlight.current || done) return;
    const local: Record<string, string> = {};
    if (!company) local.companyId = 'company.errors.required';
    // An update checks only what the admin changed: the lot's own 9.5, or its expiry of today, stands.
    const creditsError = lot ? updatedCreditsError(credits, lot.noOfCredits) : noOfCreditsError(credits);
    if (creditsError) local.noOfCredits = creditsError;
    const expiryError = lot ? updatedExpiryError(expiry, lot.expiryDate) : expiryDateError(expiry);
    if (expiryError) local.expiryDate = expiryError;
    setErrors(local);
    setMessage(undefined);
    if (Object.keys(local).length || !company) return;
    inFlight.current = true;
    setBusy(true);
    try {
      if (lot)
        await creditsApi.update(lot.creditDataId, {
          companyId: company.id,
          creditDataId: lot.creditDataId,
          noOfCredits: credits,
          expiryDate: expiry,
          updatedAt: lot.updatedAt,
        });
      else await creditsApi.add({ companyId: company.id, noOfCredits: credits, expiryDate: expiry });
      notify(t(lot ? 'credits.messages.updated' : 'credits.messages.added'), 'success');
      setDone(true);
      onSaved();
      closing.current = setTimeout(onClose, CLOSE_DELAY_MS);
    } catch (err) {
      const r = refusal(err);
      setErrors(r.fields);
      // The lot moved since it was read (a charge, another admin): the list reloads, so the edit opens on it as it is.
      if (r.fields.updatedAt) onSaved();
      // A refusal about no field of the form (the lot deleted meanwhile) is read above the buttons.
      const elsewhere = Object.entries(r.fields).filter(([name]) => !SHOWN_FIELDS.includes(name));
      setMessage(r.message ?? (elsewhere.length ? elsewhere.map(([, key]) => t(key)).join(' ') : undefined));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="credit-form-title">
      <DialogTitle id="credit-form-title">
        {t(lot ? 'credits.page.editCredits' : 'credits.page.addCredits')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {lot ? (
            <Typography>{lot.company}</Typography>
          ) : (
            <CompanyPicker value={company} onChange={setCompany} error={errors.companyId} />
          )}
          <TextField
            label={t('credits.purchase.quantity')}
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
            error={Boolean(errors.noOfCredits)}
            helperText={errors.noOfCredits ? t(errors.noOfCredits) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, 'data-testid': 'no-of-credits' } }}
          />
          <DayField
            label={t('credits.page.expiryDate')}
            value={expiry}
            onChange={setExpiry}
            size="medium"
            error={Boolean(errors.expiryDate)}
            helperText={errors.expiryDate ? t(errors.expiryDate) : undefined}
          />
          {message && <Alert severity="error">{message}</Alert>}
          {done && <Alert severity="success">{t(lot ? 'credits.messages.updated' : 'credits.messages.added')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={done || busy} aria-busy={busy}>
          {t(busy ? 'credits.page.saving' : 'credits.page.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deletes a lot after a confirmation naming it; the server's refusal (e.g. already deleted) stays in the dialog. */
export function DeleteCreditDialog({
  lot,
  notify,
  onClose,
  onDeleted,
}: {
  lot: LotRef;
  notify: CreditNotify;
  onClose(): void;
  onDeleted(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  async function remove() {
    setBusy(true);
    setMessage(undefined);
    try {
      await creditsApi.remove(lot.companyId, lot.creditDataId);
      notify(t('credits.messages.deleted'), 'success');
      onDeleted();
      onClose();
    } catch (err) {
      const r = refusal(err);
      setMessage(
        r.message ??
          Object.values(r.fields)
            .map((key) => t(key))
            .join(' '),
      );
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="delete-credits-title">
      <DialogTitle id="delete-credits-title">{t('credits.page.deleteCredits')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography data-testid="delete-credits-confirm">
            {t('credits.page.deleteNamed', {
              credits: lot.noOfCredits,
              company: lot.company,
              expiry: formatDate(lot.expiryDate) ?? lot.expiryDate,
            })}
          </Typography>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={busy}>
          {t('credits.page.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function OrderFormDialog({
  pricing,
  notify,
  onClose,
  onOrdered,
}: {
  pricing: Pricing;
  notify: CreditNotify;
  onClose(): void;
  onOrdered?(): void;
}) {
  const [company, setCompany] = useState<Option | null>(null);
  const [member, setMember] = useState<Option | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The order made: the dialog says so instead of offering the same form again.
  const [made, setMade] = useState<{ msg: string; orderId: string }>();
  const quote = quoteCredits(pricing, quantity);
  useEffect(() => {
    setMember(null);
  }, [company]);

  async function submit() {
    const local: Record<string, string> = {};
    if (!company) local.companyId = 'company.errors.required';
    if (!member) local.userId = 'member.errors.required';
    setErrors(local);
    if (!company || !member || quote.kind !== 'price' || busy || made) return;
    setBusy(true);
    try {
      const res = await creditsApi.salesOrder({
        companyId: company.id,
        userId: member.id,
        noOfCredits: quote.quantity,
        discountAmount: quote.discount,
      });
      notify(res.msg, 'success');
      setMade({ msg: res.msg, orderId: res.orderId });
      downloadFile(creditsApi.orderPdfUrl(res.orderId));
      onOrdered?.();
      setTimeout(onClose, CLOSE_DELAY_MS);
    } catch (err) {
      const r = refusal(err);
      setErrors(r.fields);
      setMessage(Object.keys(r.fields).length ? undefined : t('credits.purchase.errorMessage'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="order-form-title">
      <DialogTitle id="order-form-title">{t(made ? 'credits.page.orderMade' : 'credits.page.orderForm')}</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <Alert severity="success" data-testid="order-form-made">
              {made.msg}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => downloadFile(creditsApi.orderPdfUrl(made.orderId))}>
              {t('credits.page.downloadOrderForm')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('credits.page.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <CompanyPicker
                value={company}
                onChange={setCompany}
                error={errors.companyId}
                only={{ companyType: COMPANY_TYPES.raas }}
              />
              <SearchPicker
                value={member}
                onChange={setMember}
                find={(q) => (company ? findMembers(company.id, q) : Promise.resolve([]))}
                findKey={company?.id ?? ''}
                label={t('credits.page.member')}
                error={errors.userId}
                disabled={!company}
              />
              <TextField
                label={t('credits.purchase.quantity')}
                value={quantity}
                onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.target.value.replace(/\D/g, '')) || 1)))}
                error={Boolean(errors.noOfCredits)}
                helperText={errors.noOfCredits ? t(errors.noOfCredits) : undefined}
              />
              {quote.kind === 'price' ? (
                <Typography>
                  {t('credits.purchase.quote', {
                    percent: formatPercent(quote.discount),
                    total: formatMoney(quote.total, pricing.currency, pricing.locale),
                  })}
                </Typography>
              ) : (
                <Alert severity="info">
                  {t('credits.errors.enterprise', { max: pricing.tiers[pricing.tiers.length - 1]?.max ?? 0 })}
                </Alert>
              )}
              {message && <Alert severity="error">{message}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button variant="contained" onClick={submit} disabled={quote.kind !== 'price' || busy}>
              {t('credits.page.orderForm')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
