/**
 * Amounts (`display: 'money'`): in the currency the record names (its `currency` field, else the
 * configured one), written as every screen, PDF and email writes money (formatMoney, the locale
 * from CREDIT_LOCALE, read once from the pricing the server is configured with).
 */
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { formatMoney } from '../../schema/rules/credits';
import { apiCall } from '../providers/http';

interface MoneyFormat {
  currency: string;
  locale: string;
}

let configured: Promise<MoneyFormat> | undefined;
/** The server's CREDIT_CURRENCY and CREDIT_LOCALE, asked once per page load. */
const moneyFormat = () =>
  (configured ??= apiCall<MoneyFormat>('/credit/pricing').catch(() => ({ currency: 'SGD', locale: 'en-SG' })));

export function MoneyDisplay({ source, emptyText }: { source: string; emptyText?: string }) {
  const record = useRecordContext();
  const [format, setFormat] = useState<MoneyFormat>();
  useEffect(() => {
    let live = true;
    void moneyFormat().then((f) => live && setFormat(f));
    return () => {
      live = false;
    };
  }, []);
  const raw = record?.[source];
  if (raw === null || raw === undefined || raw === '') return <span>{emptyText}</span>;
  if (!format) return null;
  const currency = typeof record?.currency === 'string' && record.currency ? record.currency : format.currency;
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(Number(raw), currency, format.locale)}</span>;
}
