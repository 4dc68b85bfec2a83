/**
 * Credits screens for admins: /credits/active-credits (lots, sort code 'la', add/update/delete,
 * the order form and the latest sales orders; `?add_credits=true` and `?order_form=true` open the dialogs) and /credits/log
 * (sort code 'ca' newest first, 25 a page, company, action and date filters, search, CSV export). The picked days
 * are the reader's: the page sends the browser's zone (`timeZone`) with them, as the times are written in that zone.
 * The log says it is loading, and a failed read says so with Retry, never as an empty log; a To day before the From
 * day is refused by the server and said under To.
 * RaaS companies have /credits/company (CompanyCreditsPage.tsx).
 *
 * Both lists keep their page and filters in the address, as the other admin lists do (useAddressState), so Reload,
 * Back and a shared link show the same list: `p`, `q` (search), `company` with `companyName` (the name the picker
 * shows), and on the log `action`, `from` and `to`. A filter changed goes back to the first page.
 */
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { CREDIT_ACTIONS, CREDIT_ACTION_LABELS, type CreditAction, type Pricing } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { PageHeader } from '../../components/PageHeader';
import { fieldKeys } from '../../../ui/api/errors';
import { RetryAlert } from '../../components/RetryAlert';
import { useAddressParams, withQuery } from '../../components/useAddressState';
import { DayField } from '../../../ui/components/DayField';
import { readerZone } from '../../../schema/rules/timeZones';
import { creditsApi, type CreditLogEntry, type CreditLot, type LogFilters, type Page } from '../../api/credits';
import { CompanyPicker, CreditFormDialog, DeleteCreditDialog, OrderFormDialog, type Option } from './CreditDialogs';
import { LogTable, LotsTable } from './CreditTables';
import { SalesOrdersTable } from './SalesOrders';

export { CompanyCreditsPage } from './CompanyCreditsPage';

function Pager({ page, onPage }: { page?: Page<unknown>['pagination']; onPage(p: number): void }) {
  if (!page || page.pagesCount <= 1) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
      <Button disabled={page.currentPage <= 1} onClick={() => onPage(page.currentPage - 1)}>
        {t('credits.page.previous')}
      </Button>
      <Typography>{t('credits.page.pageOf', { page: page.currentPage, pages: page.pagesCount })}</Typography>
      <Button disabled={page.currentPage >= page.pagesCount} onClick={() => onPage(page.currentPage + 1)}>
        {t('credits.page.next')}
      </Button>
    </Stack>
  );
}

type Changes = Record<string, string | number | undefined>;

const pageOf = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('p'))) || 1);
const companyOf = (params: URLSearchParams): Option | null => {
  const id = params.get('company');
  return id ? { id, label: params.get('companyName') || id } : null;
};
const companyChanges = (o: Option | null): Changes => ({ company: o?.id, companyName: o?.label });

/**
 * The list's query in the address: what it holds, the search box's text and a change (a filter changed goes back to
 * the first page). The box shows what is typed at once and follows the address when Back or a link changes it; each
 * keystroke replaces the address rather than adding an entry.
 */
function useListQuery(): [URLSearchParams, string, (changes: Changes, replace?: boolean) => void] {
  const [params, editParams] = useAddressParams();
  const applied = params.get('q') ?? '';
  const [text, setText] = useState(applied);
  // Set while drawing, as the address changes, so no frame shows the old text (React's "state from props" pattern).
  const [followed, setFollowed] = useState(applied);
  if (followed !== applied) {
    setFollowed(applied);
    setText(applied);
  }
  const change = (changes: Changes, replace = false) => {
    if ('q' in changes) setText(String(changes.q ?? ''));
    editParams(withQuery(changes), { replace });
  };
  return [params, text, change];
}

export function ActiveCreditsPage() {
  const [params, text, change] = useListQuery();
  const page = pageOf(params);
  const company = companyOf(params);
  const companyId = company?.id;
  const search = params.get('q') ?? '';
  const [list, setList] = useState<Page<CreditLot>>();
  const [error, setError] = useState(false);
  const [editing, setEditing] = useState<CreditLot>();
  const [deleting, setDeleting] = useState<CreditLot>();
  const [pricing, setPricing] = useState<Pricing>();
  const [ordersKey, setOrdersKey] = useState(0);
  const adding = params.get('add_credits') === 'true';
  const ordering = params.get('order_form') === 'true';

  const load = useCallback(() => {
    creditsApi.lots({ page, companyId, search: search.length >= 2 ? search : undefined }).then(
      (res) => {
        setList(res);
        setError(false);
      },
      () => setError(true),
    );
  }, [page, companyId, search]);
  useEffect(() => {
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, [load]);
  useEffect(() => {
    creditsApi.pricing().then(setPricing, () => undefined);
  }, []);

  // The dialogs' flags are kept beside the list's query, which they leave as it is.
  const dialog = (key?: 'add_credits' | 'order_form') =>
    change({
      add_credits: undefined,
      order_form: undefined,
      ...(key && { [key]: 'true' }),
      p: params.get('p') ?? undefined,
    });
  const closeDialog = () => dialog();

  return (
    <Box>
      <PageHeader
        title={t('portal.titles.activeCredits')}
        actions={
          <>
            <Button variant="contained" onClick={() => dialog('add_credits')}>
              {t('credits.page.addCredits')}
            </Button>
            <Button variant="outlined" onClick={() => dialog('order_form')}>
              {t('credits.page.orderForm')}
            </Button>
          </>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 280 }}>
          <CompanyPicker
            value={company}
            onChange={(o) => change(companyChanges(o))}
            label={t('credits.page.anyCompany')}
          />
        </Box>
        <TextField
          label={t('credits.page.search')}
          value={text}
          onChange={(e) => change({ q: e.target.value }, true)}
        />
      </Stack>
      {error && <Alert severity="error">{t('messages.somethingWentWrong')}</Alert>}
      {list && (
        <LotsTable
          lots={list.data}
          showCompany
          actions={(lot) => (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button size="small" onClick={() => setEditing(lot)}>
                {t('credits.page.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(lot)}>
                {t('credits.page.delete')}
              </Button>
            </Stack>
          )}
        />
      )}
      <Pager page={list?.pagination} onPage={(p) => change({ p })} />
      {adding && <CreditFormDialog onClose={closeDialog} onSaved={load} />}
      {editing && <CreditFormDialog lot={editing} onClose={() => setEditing(undefined)} onSaved={load} />}
      {pricing && <SalesOrdersTable reloadKey={ordersKey} locale={pricing.locale} />}
      {ordering && pricing && (
        <OrderFormDialog pricing={pricing} onClose={closeDialog} onOrdered={() => setOrdersKey((k) => k + 1)} />
      )}
      {deleting && <DeleteCreditDialog lot={deleting} onClose={() => setDeleting(undefined)} onDeleted={load} />}
    </Box>
  );
}

export function CreditLogPage() {
  const [params, text, change] = useListQuery();
  const company = companyOf(params);
  const action = params.get('action');
  const filters: LogFilters = {
    page: pageOf(params),
    action: action && /^\d+$/.test(action) ? Number(action) : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    search: params.get('q') || undefined,
  };
  // What was read for the filters asked and which attempt (Retry asks again): a page, or why none came.
  const [read, setRead] = useState<{ asked: string; list?: Page<CreditLogEntry>; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  const [lastList, setLastList] = useState<Page<CreditLogEntry>>();
  const query: LogFilters = {
    ...filters,
    companyId: company?.id,
    search: filters.search && filters.search.length >= 2 ? filters.search : undefined,
    // The picked days are the reader's, as the log writes each time in the reader's zone (and so is the CSV's range).
    timeZone: filters.from || filters.to ? readerZone() : undefined,
  };
  const key = JSON.stringify(query);
  const asked = `${attempt}:${key}`;
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        creditsApi.log(JSON.parse(key) as LogFilters).then(
          (list) => {
            if (!live) return;
            setRead({ asked: `${attempt}:${key}`, list });
            setLastList(list);
          },
          (error: unknown) => live && setRead({ asked: `${attempt}:${key}`, error }),
        ),
      200,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);
  const current = read?.asked === asked ? read : undefined;
  // A field the server refused (To before From) is said at the field; any other failure offers Retry.
  const fieldError = fieldKeys(current?.error);
  // While the next page or filter is read, the last page read stays in view under the progress bar.
  const list = current ? current.list : lastList;

  return (
    <Box>
      <PageHeader
        title={t('portal.titles.creditLog')}
        actions={
          <Button variant="outlined" href={creditsApi.logCsvUrl({ ...query, page: undefined })} download>
            {t('credits.page.exportCsv')}
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 260 }}>
          <CompanyPicker
            value={company}
            onChange={(o) => change(companyChanges(o))}
            label={t('credits.page.anyCompany')}
          />
        </Box>
        <TextField
          select
          label={t('credits.page.action')}
          value={filters.action ?? ''}
          onChange={(e) => change({ action: e.target.value })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('credits.page.anyAction')}</MenuItem>
          {Object.entries(CREDIT_ACTIONS).map(([k, v]) => (
            <MenuItem key={k} value={v}>
              {CREDIT_ACTION_LABELS[k as CreditAction]}
            </MenuItem>
          ))}
        </TextField>
        <DayField
          label={t('credits.page.from')}
          value={filters.from ?? ''}
          size="medium"
          onChange={(day) => change({ from: day })}
        />
        <DayField
          id="credit-log-to"
          label={t('credits.page.to')}
          value={filters.to ?? ''}
          size="medium"
          error={!!fieldError.to}
          helperText={fieldError.to && t(fieldError.to)}
          onChange={(day) => change({ to: day })}
        />
        <TextField
          label={t('credits.page.search')}
          value={text}
          onChange={(e) => change({ q: e.target.value }, true)}
        />
      </Stack>
      {!current && <LinearProgress aria-label={t('credits.page.logLoading')} />}
      {current?.error !== undefined && !Object.keys(fieldError).length && (
        <RetryAlert
          data-testid="credit-log-error"
          onRetry={() => setAttempt((n) => n + 1)}
          retryLabel={t('credits.page.retry')}
        >
          {t('credits.page.logLoadError')}
        </RetryAlert>
      )}
      {list && <LogTable entries={list.data} showCompany />}
      <Pager page={list?.pagination} onPage={(p) => change({ p })} />
    </Box>
  );
}
