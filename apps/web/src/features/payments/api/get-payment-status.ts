// GET /api/reports/:id/payment-status: what the caller has paid for this report (the server asks the provider about pending sessions).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentStatusSchema, UUID_RE, messages, type Format, type PaymentStatus } from '@atr/shared';
import { api } from '../../../lib/api.ts';

export function getPaymentStatus(id: string, sessionId?: string) {
  if (!UUID_RE.test(id)) return Promise.reject(new Error(messages.validation.invalidReportId(id)));
  const qs = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  return api.request(`/reports/${encodeURIComponent(id)}/payment-status${qs}`, PaymentStatusSchema);
}

export const paymentStatusQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['payment-status', id], queryFn: () => getPaymentStatus(id), staleTime: 0 });

/** Polls every `pollMs` until something is paid or `pollUntil` (epoch ms) has passed. */
export const usePaymentStatus = (id: string, poll?: { pollMs: number; pollUntil: number }) =>
  useQuery({
    ...paymentStatusQueryOptions(id),
    refetchInterval: (q) =>
      !poll || q.state.data?.paid || Date.now() > poll.pollUntil ? false : poll.pollMs,
  });

/** Whether a format may be downloaded (Word also answers to can_download_word, spec §3). */
export function canDownload(status: PaymentStatus | undefined, format: Format): boolean {
  if (!status) return false;
  return format === 'word' ? status.can_download_docx || status.can_download_word : status.can_download_latex;
}
