// Payment bodies and responses (spec §3): checkout sessions, payment status and purchase history.
import { z } from 'zod';
import { FormatSchema } from './pricing.ts';
import { ReportIdSchema } from './reports.ts';
import { PaymentRecordSchema } from './reports.ts';

export const CheckoutRequestSchema = z.object({
  report_id: ReportIdSchema,
  tier: FormatSchema.default('word'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CheckoutResponseSchema = z.object({
  url: z.string(),
  id: z.string(),
  /** True when the format was already paid: nothing is charged and `url` points at the report. */
  already_paid: z.boolean().optional(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** POST /api/checkout/cancel: the buyer left the checkout of one report and format without paying. */
export const CheckoutCancelRequestSchema = CheckoutRequestSchema;
export type CheckoutCancelRequest = z.infer<typeof CheckoutCancelRequestSchema>;

/**
 * Where the latest checkout of one format stands: none started, open (payable), paid, or ended without a payment
 * (cancelled by the buyer, failed, or expired), so a page waiting on a checkout can stop waiting.
 */
export const CheckoutStateSchema = z.enum(['none', 'open', 'paid', 'cancelled', 'failed', 'expired']);
export type CheckoutState = z.infer<typeof CheckoutStateSchema>;

export const PaymentStatusSchema = z.object({
  paid: z.boolean(),
  can_download_docx: z.boolean(),
  can_download_word: z.boolean(),
  can_download_latex: z.boolean(),
  payment_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  word_payment: PaymentRecordSchema.nullable(),
  latex_payment: PaymentRecordSchema.nullable(),
  checkout: z.object({ word: CheckoutStateSchema, latex: CheckoutStateSchema }),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const DownloadParamsSchema = z.object({
  id: ReportIdSchema,
  format: z.enum(['docx', 'word', 'latex']),
});

export const PurchaseSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  reportName: z.string(),
  format: FormatSchema,
  status: z.literal('completed'),
  purchasedAt: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  downloadUrl: z.string(),
  sessionId: z.string().nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const PurchaseListSchema = z.object({ purchases: z.array(PurchaseSchema) });
