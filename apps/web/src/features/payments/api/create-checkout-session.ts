// POST /api/create-checkout-session {report_id, tier}: a checkout for one report and one format.
import { CheckoutResponseSchema, type Format } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export const createCheckoutSession = (reportId: string, tier: Format) =>
  api.request('/create-checkout-session', CheckoutResponseSchema, {
    method: 'POST',
    body: { report_id: reportId, tier },
  });
