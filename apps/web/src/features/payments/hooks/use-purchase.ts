// The purchase flow of spec §4: checkout in a new tab (same tab if blocked), payment in progress, status polling, download.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PURCHASE_POLL_DELAY_MS,
  PURCHASE_POLL_INTERVAL_MS,
  PURCHASE_POLL_MAX_MS,
  messages,
  storageKeys,
  type Format,
} from '@atr/shared';
import { createCheckoutSession } from '../api/create-checkout-session.ts';
import { downloadReport, formatLabel } from '../api/download-report.ts';
import { canDownload, getPaymentStatus } from '../api/get-payment-status.ts';

export type PurchaseResult = { success: boolean; redirecting: boolean; error?: string };

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

export function usePurchase(reportId: string, format: Format) {
  const client = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [inProgress, setInProgress] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  const stopPolling = useCallback(() => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  }, []);
  useEffect(() => stopPolling, [stopPolling]);

  const refreshPaid = useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ['payment-status', reportId] }),
      client.invalidateQueries({ queryKey: ['reports', 'detail', reportId] }),
      client.invalidateQueries({ queryKey: ['purchases'] }),
    ]);
  }, [client, reportId]);

  const startPolling = useCallback(() => {
    stopPolling();
    const began = Date.now();
    const poll = async () => {
      if (Date.now() - began > PURCHASE_POLL_MAX_MS) {
        setInProgress(false);
        return;
      }
      try {
        const status = await getPaymentStatus(reportId);
        if (canDownload(status, format)) {
          setInProgress(false);
          await refreshPaid();
          return;
        }
      } catch {
        /* keep polling until the time limit */
      }
      timers.current.push(window.setTimeout(() => void poll(), PURCHASE_POLL_INTERVAL_MS));
    };
    timers.current.push(window.setTimeout(() => void poll(), PURCHASE_POLL_DELAY_MS));
  }, [format, refreshPaid, reportId, stopPolling]);

  const download = useCallback(async () => {
    setError(null);
    setDownloading(true);
    try {
      await downloadReport(reportId, format);
    } catch (e) {
      setError(
        messages.purchase.downloadFailed(
          formatLabel(format).toUpperCase(),
          e instanceof Error ? e.message : String(e),
        ),
      );
    } finally {
      setDownloading(false);
    }
  }, [format, reportId]);

  const buy = useCallback(async (): Promise<PurchaseResult> => {
    setError(null);
    setNotice(null);
    setStarting(true);
    // Opened inside the click so pop-up blockers allow it; pointed at the checkout once it exists.
    const tab = window.open('', '_blank');
    try {
      const session = await createCheckoutSession(reportId, format);
      if (session.already_paid) {
        tab?.close();
        setNotice(messages.purchase.alreadyPaid);
        await refreshPaid();
        await download();
        return { success: true, redirecting: false };
      }
      if (!session.url) throw new Error(messages.api.noCheckoutUrl);
      rememberCheckout(reportId, format, session.id);
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = session.url;
        setInProgress(true);
        startPolling();
      } else {
        window.location.assign(session.url);
      }
      return { success: true, redirecting: true };
    } catch (e) {
      tab?.close();
      const message = e instanceof Error ? e.message : messages.purchase.failed;
      setError(messages.purchase.failedWith(message));
      return { success: false, redirecting: false, error: message };
    } finally {
      setStarting(false);
    }
  }, [download, format, refreshPaid, reportId, startPolling]);

  return {
    buy,
    download,
    starting,
    downloading,
    inProgress,
    error,
    notice,
    cancelWaiting: () => (stopPolling(), setInProgress(false)),
  };
}
