// The purchase flow of spec §4: checkout in a new tab (same tab if blocked), payment in progress, status polling,
// download. Waiting on a checkout always ends, and quickly when the checkout did: the checkout tab announces a
// cancel or a payment (checkout-channel.ts), the server says the checkout was cancelled, failed or expired, a
// same-origin checkout tab is seen closed, or the buyer comes back to this tab from another site's checkout; then
// a short "Checking payment…" and either the download or "not completed" with the Buy button usable again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHECKOUT_CLOSED_CHECKS,
  CHECKOUT_CLOSED_CHECK_INTERVAL_MS,
  CHECKOUT_TAB_CHECK_MS,
  PURCHASE_POLL_DELAY_MS,
  PURCHASE_POLL_INTERVAL_MS,
  PURCHASE_POLL_MAX_MS,
  messages,
  reportUiMessages,
  storageKeys,
  type Format,
  type PaymentStatus,
} from '@atr/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { logError, userMessage } from '../../../lib/user-error.ts';
import { createCheckoutSession } from '../api/create-checkout-session.ts';
import { downloadReport, formatLabel } from '../api/download-report.ts';
import { canDownload, getPaymentStatus } from '../api/get-payment-status.ts';
import { onCheckoutEnded } from '../lib/checkout-channel.ts';

export type PurchaseResult = { success: boolean; redirecting: boolean; error?: string };

/** idle: Buy usable · starting: creating the checkout · waiting: checkout open in another tab · checking: asking once more. */
export type PurchasePhase = 'idle' | 'starting' | 'waiting' | 'checking';

/** Why waiting ended without a payment; each is said as a sentence with the next step. */
type Ended = 'cancelled' | 'abandoned' | 'not-completed' | 'timed-out';

/** Remembers which report and format a checkout is for, so the success page can recover them. */
export function rememberCheckout(reportId: string, format: Format, sessionId: string) {
  try {
    localStorage.setItem(storageKeys.paymentSession(reportId), sessionId);
    localStorage.setItem(storageKeys.currentReportId, reportId);
    localStorage.setItem(storageKeys.currentPaymentFormat, format);
  } catch {
    /* storage unavailable: the success URL still carries everything */
  }
}

const endedText = (why: Ended, label: string) =>
  ({
    cancelled: reportUiMessages.checkoutCancelled(label),
    abandoned: reportUiMessages.checkoutAbandoned(label),
    'not-completed': reportUiMessages.checkoutNotCompleted(label),
    'timed-out': reportUiMessages.checkoutTimedOut(label),
  })[why];

/** Why a checkout could not start: the payment provider's silence is named as such, anything else as usual. */
function checkoutErrorText(error: unknown, format: Format): string {
  const providerFailed =
    error instanceof ApiRequestError &&
    error.status === 502 &&
    error.body === messages.purchase.failedFormat(format.toUpperCase());
  return providerFailed ? reportUiMessages.paymentProviderUnreachable : userMessage(error);
}

/** The server's word on this format's latest checkout: ended without a payment, or null while it may still be paid. */
function serverEnded(status: PaymentStatus, format: Format): Ended | null {
  const state = status.checkout[format];
  if (state === 'cancelled') return 'cancelled';
  if (state === 'failed' || state === 'expired') return 'abandoned';
  return null;
}

export function usePurchase(reportId: string, format: Format) {
  const client = useQueryClient();
  const label = formatLabel(format);
  const [phase, setPhaseState] = useState<PurchasePhase>('idle');
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const timers = useRef<number[]>([]);
  const tab = useRef<Window | null>(null);
  /** Bumped for every new wait, so the callbacks of a wait that ended do nothing. */
  const attempt = useRef(0);
  // Timers and listeners read the phase at the moment they run, not the one of the render that created them.
  const phaseRef = useRef<PurchasePhase>('idle');
  const setPhase = useCallback((next: PurchasePhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  const stopTimers = useCallback(() => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  }, []);
  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(
    () => () => {
      attempt.current++;
      stopTimers();
    },
    [stopTimers],
  );

  const refreshPaid = useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['payment-status', reportId] }),
      client.invalidateQueries({ queryKey: ['reports', 'detail', reportId] }),
      client.invalidateQueries({ queryKey: ['purchases'] }),
    ]);
  }, [client, reportId]);

  /** Stops waiting: paid (the download shows), or ended without a payment (Buy is usable again, and says why). */
  const finish = useCallback(
    (why: Ended | 'paid' | 'stopped') => {
      attempt.current++;
      stopTimers();
      tab.current = null;
      setPhase('idle');
      setEnded(why === 'paid' || why === 'stopped' ? null : why);
      if (why === 'paid') void refreshPaid();
    },
    [refreshPaid, setPhase, stopTimers],
  );

  /**
   * Asks the server once; true when the wait is over: the purchase is paid or ended (and finished),
   * or a newer attempt has replaced this one.
   */
  const settled = useCallback(
    async (mine: number, failure: string): Promise<boolean> => {
      try {
        const status = await getPaymentStatus(reportId);
        if (mine !== attempt.current) return true;
        if (canDownload(status, format)) {
          finish('paid');
          return true;
        }
        const serverSays = serverEnded(status, format);
        if (serverSays) {
          finish(serverSays);
          return true;
        }
      } catch (e) {
        logError(failure, e);
      }
      return mine !== attempt.current;
    },
    [finish, format, reportId],
  );

  /** Asks the server a few times, close together (a webhook may be on its way), then ends the wait either way. */
  const checkNow = useCallback(
    (why: 'abandoned' | 'not-completed') => {
      const mine = attempt.current;
      stopTimers();
      setPhase('checking');
      let asked = 0;
      const ask = async () => {
        asked++;
        if (await settled(mine, 'Checking the payment failed')) return;
        if (asked >= CHECKOUT_CLOSED_CHECKS) return finish(why);
        later(() => void ask(), CHECKOUT_CLOSED_CHECK_INTERVAL_MS);
      };
      void ask();
    },
    [finish, later, setPhase, settled, stopTimers],
  );

  /** Waits on a checkout open in another tab; `sameOrigin` when its page is ours (the built-in test checkout). */
  const wait = useCallback(
    (sameOrigin: boolean) => {
      stopTimers();
      const mine = ++attempt.current;
      setEnded(null);
      setPhase('waiting');
      const began = Date.now();
      // The server's status, on the spec's schedule: after 10 s, every 5 s, for at most 300 s.
      const poll = async () => {
        if (mine !== attempt.current) return;
        if (Date.now() - began > PURCHASE_POLL_MAX_MS) return finish('timed-out');
        if (await settled(mine, 'Polling the payment status failed')) return;
        later(() => void poll(), PURCHASE_POLL_INTERVAL_MS);
      };
      later(() => void poll(), PURCHASE_POLL_DELAY_MS);
      // Our own checkout page in a tab we opened: a closed tab means the buyer left it.
      if (sameOrigin) {
        const watch = () => {
          if (mine !== attempt.current || phaseRef.current !== 'waiting') return;
          if (tab.current?.closed) return checkNow('abandoned');
          later(watch, CHECKOUT_TAB_CHECK_MS);
        };
        later(watch, CHECKOUT_TAB_CHECK_MS);
      }
    },
    [checkNow, finish, later, setPhase, settled, stopTimers],
  );

  // The checkout tab says how it ended (our cancel and success pages announce it).
  useEffect(
    () =>
      onCheckoutEnded((m) => {
        if (m.reportId !== reportId || m.format !== format) return;
        if (m.outcome === 'paid') return finish('paid');
        if (phaseRef.current === 'waiting' || phaseRef.current === 'checking') finish('cancelled');
      }),
    [finish, format, reportId],
  );

  // Back in this tab from another site's checkout (whose tab we cannot watch): ask now rather than in minutes.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && phaseRef.current === 'waiting' && !tab.current)
        checkNow('not-completed');
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [checkNow]);

  const download = useCallback(async () => {
    setError(null);
    setDownloading(true);
    try {
      await downloadReport(reportId, format);
    } catch (e) {
      logError(`Downloading ${label} failed`, e);
      setError(reportUiMessages.downloadFailed(label, userMessage(e)));
    } finally {
      setDownloading(false);
    }
  }, [format, label, reportId]);

  /** The payment showed up (another tab, the report's own poll): stop waiting. */
  const paid = useCallback(() => {
    if (phaseRef.current !== 'idle') finish('paid');
  }, [finish]);
  const cancelWaiting = useCallback(() => finish('stopped'), [finish]);

  const buy = useCallback(async (): Promise<PurchaseResult> => {
    setError(null);
    setNotice(null);
    setEnded(null);
    setPhase('starting');
    // Opened inside the click so pop-up blockers allow it; pointed at the checkout once it exists.
    const opened = window.open('', '_blank');
    try {
      const session = await createCheckoutSession(reportId, format);
      if (session.already_paid) {
        opened?.close();
        setPhase('idle');
        setNotice(messages.purchase.alreadyPaid);
        await refreshPaid();
        await download();
        return { success: true, redirecting: false };
      }
      if (!session.url) throw new Error(messages.api.noCheckoutUrl);
      rememberCheckout(reportId, format, session.id);
      const target = new URL(session.url, window.location.href);
      if (opened && !opened.closed) {
        opened.opener = null;
        opened.location.href = target.href;
        const sameOrigin = target.origin === window.location.origin;
        // Another site's tab cannot be watched (its isolation cuts the link): the visibility check stands in.
        tab.current = sameOrigin ? opened : null;
        wait(sameOrigin);
      } else {
        setPhase('idle');
        window.location.assign(target.href);
      }
      return { success: true, redirecting: true };
    } catch (e) {
      opened?.close();
      logError(`Starting the ${label} checkout failed`, e);
      const message = reportUiMessages.checkoutStartFailed(label, checkoutErrorText(e, format));
      setPhase('idle');
      setError(message);
      return { success: false, redirecting: false, error: message };
    }
  }, [download, format, label, refreshPaid, reportId, setPhase, wait]);

  return {
    buy,
    download,
    phase,
    starting: phase === 'starting',
    /** The checkout is open in another tab, or being checked once more: say so, and keep a way out. */
    inProgress: phase === 'waiting' || phase === 'checking',
    checking: phase === 'checking',
    downloading,
    error,
    notice,
    /** Why the last wait ended without a payment, as a sentence with the next step; null otherwise. */
    outcome: ended ? endedText(ended, label) : null,
    paid,
    cancelWaiting,
  };
}
