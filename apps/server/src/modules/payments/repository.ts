// SQL of the payments module: purchases (one row per checkout session), the idempotent fulfilment
// and the webhook event log. The unique partial index purchases_one_paid_idx makes "exactly one paid
// purchase per (report, format, user)" a database guarantee, not a hope.
import type { Format } from '@atr/shared';
import type { Database } from '../../db/index.ts';

export interface PurchaseRow {
  id: string;
  user_id: string;
  report_id: string | null;
  report_name: string;
  format: Format;
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'duplicate';
  provider: 'stripe' | 'test';
  session_id: string;
  payment_intent: string | null;
  checkout_url: string | null;
  amount: number;
  currency: string;
  paid_at: Date | null;
  expires_at: Date | null;
  checked_at: Date | null;
  created_at: Date;
}

/** What the provider says was paid: the session's amount_total (minor units) and currency. */
export interface PaidAmount {
  amount: number | null;
  currency: string | null;
}

/** `mismatch`: the amount or currency paid is not the purchase's price; nothing was unlocked. */
export type FulfilOutcome = 'fulfilled' | 'already_paid' | 'duplicate' | 'unknown_session' | 'mismatch';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export function paymentRepository(db: Database) {
  return {
    async insert(p: {
      id: string;
      userId: string;
      reportId: string;
      reportName: string;
      format: Format;
      provider: 'stripe' | 'test';
      sessionId: string;
      checkoutUrl: string;
      amount: number;
      currency: string;
      expiresAt?: Date | null;
    }): Promise<void> {
      await db.query(
        `INSERT INTO purchases (id, user_id, report_id, report_name, format, provider, session_id, checkout_url, amount, currency, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (session_id) DO NOTHING`,
        [
          p.id,
          p.userId,
          p.reportId,
          p.reportName,
          p.format,
          p.provider,
          p.sessionId,
          p.checkoutUrl,
          p.amount,
          p.currency,
          p.expiresAt ?? null,
        ],
      );
    },

    /**
     * A pending checkout of this user, report and format at this price that stays payable for at least
     * `marginS` more seconds: handed out again instead of creating another provider session.
     */
    async openCheckout(
      q: {
        reportId: string;
        format: Format;
        userId: string;
        provider: 'stripe' | 'test';
        amount: number;
        currency: string;
      },
      marginS: number,
    ): Promise<PurchaseRow | null> {
      const rows = await db.query<PurchaseRow>(
        `SELECT * FROM purchases
          WHERE user_id = $1 AND report_id = $2 AND format = $3 AND provider = $4 AND status = 'pending'
            AND amount = $5 AND lower(currency) = lower($6) AND checkout_url IS NOT NULL AND checkout_url <> ''
            AND expires_at > now() + make_interval(secs => $7)
          ORDER BY created_at DESC LIMIT 1`,
        [q.userId, q.reportId, q.format, q.provider, q.amount, q.currency, marginS],
      );
      return rows[0] ?? null;
    },

    /**
     * Claims the right to ask the provider about a purchase now: true for at most one caller (of any
     * process) per `intervalS`; the others serve the recorded state.
     */
    async claimCheck(purchaseId: string, intervalS: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE purchases SET checked_at = now()
          WHERE id = $1 AND (checked_at IS NULL OR checked_at <= now() - make_interval(secs => $2)) RETURNING id`,
        [purchaseId, intervalS],
      );
      return rows.length > 0;
    },

    async bySession(sessionId: string): Promise<PurchaseRow | null> {
      return (
        (await db.query<PurchaseRow>(`SELECT * FROM purchases WHERE session_id = $1`, [sessionId]))[0] ?? null
      );
    },

    async paid(reportId: string, userId: string): Promise<PurchaseRow[]> {
      return db.query<PurchaseRow>(
        `SELECT * FROM purchases WHERE report_id = $1 AND user_id = $2 AND status = 'paid' ORDER BY paid_at`,
        [reportId, userId],
      );
    },

    async paidFor(reportId: string, format: Format, userId: string): Promise<PurchaseRow | null> {
      return (
        (
          await db.query<PurchaseRow>(
            `SELECT * FROM purchases WHERE report_id = $1 AND format = $2 AND user_id = $3 AND status = 'paid'`,
            [reportId, format, userId],
          )
        )[0] ?? null
      );
    },

    async pending(reportId: string, userId: string, provider: 'stripe' | 'test'): Promise<PurchaseRow[]> {
      return db.query<PurchaseRow>(
        `SELECT * FROM purchases WHERE report_id = $1 AND user_id = $2 AND provider = $3 AND status = 'pending'
           AND created_at > now() - interval '1 day' AND (expires_at IS NULL OR expires_at > now() - interval '1 hour')
         ORDER BY created_at DESC LIMIT 5`,
        [reportId, userId, provider],
      );
    },

    /** The latest checkout of each format of this report and buyer (at most one row per format). */
    async latestCheckouts(reportId: string, userId: string): Promise<PurchaseRow[]> {
      return db.query<PurchaseRow>(
        `SELECT DISTINCT ON (format) * FROM purchases WHERE report_id = $1 AND user_id = $2
          ORDER BY format, (status = 'paid') DESC, created_at DESC`,
        [reportId, userId],
      );
    },

    /** Marks the buyer's open checkouts of one report and format as cancelled; a later payment still counts. */
    async cancelOpen(reportId: string, format: Format, userId: string): Promise<number> {
      const rows = await db.query(
        `UPDATE purchases SET status = 'cancelled', updated_at = now()
          WHERE report_id = $1 AND format = $2 AND user_id = $3 AND status = 'pending' RETURNING id`,
        [reportId, format, userId],
      );
      return rows.length;
    },

    async history(userId: string): Promise<PurchaseRow[]> {
      return db.query<PurchaseRow>(
        `SELECT * FROM purchases WHERE user_id = $1 AND status = 'paid' AND report_id IS NOT NULL ORDER BY paid_at DESC`,
        [userId],
      );
    },

    /**
     * The one fulfilment: marks the session's purchase paid unless it already is, and only when what was
     * paid is exactly the purchase's price (amount and currency recorded when the checkout was created).
     * A mismatch unlocks nothing and marks a still-pending purchase failed. A second paid session for the
     * same (report, format, user) hits the unique index and is recorded as 'duplicate' (to refund).
     */
    async fulfil(sessionId: string, paymentIntent: string | null, paid: PaidAmount): Promise<FulfilOutcome> {
      try {
        const rows = await db.query(
          `UPDATE purchases SET status = 'paid', paid_at = now(), payment_intent = COALESCE($2, payment_intent), updated_at = now()
           WHERE session_id = $1 AND status IN ('pending', 'failed', 'cancelled')
             AND amount = $3 AND lower(currency) = lower($4) RETURNING id`,
          [sessionId, paymentIntent, paid.amount, paid.currency],
        );
        if (rows.length > 0) return 'fulfilled';
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        await db.query(
          `UPDATE purchases SET status = 'duplicate', updated_at = now() WHERE session_id = $1 AND status <> 'paid'`,
          [sessionId],
        );
        return 'duplicate';
      }
      const row = await this.bySession(sessionId);
      if (!row) return 'unknown_session';
      if (row.status === 'paid') return 'already_paid';
      if (row.amount !== paid.amount || row.currency.toLowerCase() !== (paid.currency ?? '').toLowerCase()) {
        await db.query(
          `UPDATE purchases SET status = 'failed', updated_at = now() WHERE session_id = $1 AND status = 'pending'`,
          [sessionId],
        );
        return 'mismatch';
      }
      return 'duplicate';
    },

    /** A failed or abandoned payment; never downgrades a paid purchase (events may arrive in any order). */
    async settleUnpaid(sessionId: string, status: 'failed' | 'cancelled'): Promise<void> {
      await db.query(
        `UPDATE purchases SET status = $2, updated_at = now() WHERE session_id = $1 AND status = 'pending'`,
        [sessionId, status],
      );
    },

    /** Records a provider event id; false when it was already handled. */
    async recordEvent(eventId: string, type: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO payment_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [eventId, type],
      );
      return rows.length > 0;
    },

    async eventSeen(eventId: string): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM payment_events WHERE event_id = $1`, [eventId])).length > 0;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
