/**
 * Credits screens for admins: /credits/active-credits (lots, sort code 'la', add/update/delete,
 * the order form and the latest sales orders; `?add_credits=true` and `?order_form=true` open the dialogs) and /credits/log
 * (sort code 'ca' newest first, 25 a page, company, action and date filters, search, CSV export). The picked days
 * are the reader's: the page sends the browser's zone (`timeZone`) with them, as the times are written in that zone.
 * The log says it is loading, and a failed read says so with Retry, never as an empty log; a To day before the From
 * day is refused by the server and said under To.
 * RaaS companies have /credits/company (CompanyCreditsPage.tsx).
 */
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CREDIT_ACTIONS, CREDIT_ACTION_LABELS, type CreditAction, type Pricing } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { PageHeader } from '../../components/PageHeader';
import { fieldKeys } from '../../../ui/api/errors';
import { RetryAlert } from '../../components/RetryAlert';
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

export function ActiveCreditsPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [company, setCompany] = useState<Option | null>(null);
  const [search, setSearch] = useState('');
  const [list, setList] = useState<Page<CreditLot>>();
  const [error, setError] = useState(false);
  const [editing, setEditing] = useState<CreditLot>();
  const [deleting, setDeleting] = useState<CreditLot>();
  const [pricing, setPricing] = useState<Pricing>();
  const [ordersKey, setOrdersKey] = useState(0);
  const adding = params.get('add_credits') === 'true';
  const ordering = params.get('order_form') === 'true';

  const load = useCallback(() => {
    creditsApi.lots({ page, companyId: company?.id, search: search.length >= 2 ? search : undefined }).then(
      (res) => {
        setList(res);
        setError(false);
      },
      () => setError(true),
    );
  }, [page, company, search]);
  useEffect(() => {
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, [load]);
  useEffect(() => {
    creditsApi.pricing().then(setPricing, () => undefined);
  }, []);

  const closeDialog = () => setParams({});

  return (
    <Box>
      <PageHeader
        title={t('portal.titles.activeCredits')}
        actions={
          <>
            <Button variant="contained" onClick={() => setParams({ add_credits: 'true' })}>
              {t('credits.page.addCredits')}
            </Button>
            <Button variant="outlined" onClick={() => setParams({ order_form: 'true' })}>
              {t('credits.page.orderForm')}
            </Button>
          </>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 280 }}>
          <CompanyPicker
            value={company}
            onChange={(o) => (setCompany(o), setPage(1))}
            label={t('credits.page.anyCompany')}
          />
        </Box>
        <TextField
          label={t('credits.page.search')}
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
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
      <Pager page={list?.pagination} onPage={setPage} />
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
  const [company, setCompany] = useState<Option | null>(null);
  const [filters, setFilters] = useState<LogFilters>({ page: 1 });
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
  const set = (patch: LogFilters) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));

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
            onChange={(o) => (setCompany(o), set({}))}
            label={t('credits.page.anyCompany')}
          />
        </Box>
        <TextField
          select
          label={t('credits.page.action')}
          value={filters.action ?? ''}
          onChange={(e) => set({ action: e.target.value ? Number(e.target.value) : undefined })}
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
          onChange={(day) => set({ from: day || undefined })}
        />
        <DayField
          id="credit-log-to"
          label={t('credits.page.to')}
          value={filters.to ?? ''}
          size="medium"
          error={!!fieldError.to}
          helperText={fieldError.to && t(fieldError.to)}
          onChange={(day) => set({ to: day || undefined })}
        />
        <TextField
          label={t('credits.page.search')}
          value={filters.search ?? ''}
          onChange={(e) => set({ search: e.target.value || undefined })}
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
      <Pager page={list?.pagination} onPage={(p) => setFilters((f) => ({ ...f, page: p }))} />
    </Box>
  );
}
