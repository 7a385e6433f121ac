// POST /api/checkout/cancel {report_id, tier}: the buyer left the checkout of one report and format without paying.
import { CheckoutCancelRequestSchema, PaymentStatusSchema, type Format } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const cancelCheckout = (reportId: string, tier: Format) =>
  api.request('/checkout/cancel', PaymentStatusSchema, {
    method: 'POST',
    body: CheckoutCancelRequestSchema.parse({ report_id: reportId, tier }),
  });
