/**
 * The PDF order form of a sales order: order number, company details, quantity, tier discount and total, in the words
 * of the catalogue's `credits.orderForm.pdf`; the discount as formatPercent writes it, as the order form's email does.
 */
import PDFDocument from 'pdfkit';
import { formatPercent, t } from '../../../i18n';
import { formatMoney, type Pricing } from '../../../schema/rules/credits';
import type { OrderRow } from './orders';
import { formatDate } from '../../../schema/rules/dates';

export interface OrderFormData {
  order: OrderRow;
  company: {
    company_name: string;
    legal_entity_name: string | null;
    company_registration_number: string | null;
    address: string | null;
  };
  member: { email: string; first_name: string | null; last_name: string | null };
  productName: string;
  pricing: Pricing;
}

export function renderOrderForm(data: OrderFormData): Promise<Buffer> {
  const { order, company, member, pricing } = data;
  const money = (n: number) => formatMoney(n, order.currency, pricing.locale);
  const w = (key: string, values?: Record<string, string | number>) => t(`credits.orderForm.pdf.${key}`, values);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: w('title', { orderNumber: order.order_number }) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.rect(0, 0, doc.page.width, 90).fill('#1d4ed8');
  doc
    .fill('#ffffff')
    .fontSize(22)
    .text(w('heading', { product: data.productName }), 56, 34);
  doc.fill('#0f172a').fontSize(11).moveDown(3);
  doc.text(w('orderNumber', { orderNumber: order.order_number }), 56, 120);
  // The UTC day, as the order number's (orders.ts), not the host's; said, as a company stores no zone of its own.
  doc.text(w('date', { date: formatDate(new Date(order.created_at), { timeZone: 'UTC' }) ?? '' }));
  doc.moveDown();
  doc.fontSize(13).text(w('billTo')).fontSize(11);
  doc.text(company.company_name);
  if (company.legal_entity_name) doc.text(company.legal_entity_name);
  if (company.company_registration_number)
    doc.text(w('registrationNumber', { number: company.company_registration_number }));
  if (company.address) doc.text(company.address);
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email;
  doc.text(w('attention', { name, email: member.email }));
  doc.moveDown();
  const unit = Number(order.unit_price);
  const discount = Number(order.discount_percent);
  const subtotal = unit * order.quantity;
  const rows: [string, string][] = [
    [w('credits'), String(order.quantity)],
    [w('unitPrice'), money(unit)],
    [w('subtotal'), money(subtotal)],
    [w('discount'), formatPercent(discount)],
    [w('total'), money(Number(order.total))],
  ];
  doc.fontSize(13).text(w('order')).fontSize(11);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.text(label, 56, y, { width: 250 });
    doc.text(value, 320, y, { width: 200, align: 'right' });
  }
  doc.moveDown(2);
  doc.fill('#475569').text(w('footer', { company: company.company_name }), 56);
  doc.end();
  return done;
}
