// Optimistic delete with Undo: a deleted row leaves the list at once and a toast offers Undo for a few seconds;
// the DELETE is sent only when that toast closes (its time runs out, it is dismissed, or the user leaves the
// dashboard or the page). Until then the report is only hidden, so Undo needs no request at all.
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { messages, reportUiMessages } from '@atr/shared';
import { dismissToast, toast } from '../../../components/ui/toast.tsx';
import { logError } from '../../../lib/user-error.ts';
import { deleteReport } from '../api/delete-report.ts';

/** How long Undo is offered. */
export const UNDO_MS = 5_000;

interface Pending {
  toastId: number;
  /** Set once the DELETE is on its way, so it is sent once. */
  committing: boolean;
}

const pending = new Map<string, Pending>();
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish() {
  hidden = new Set(pending.keys());
  listeners.forEach((l) => l());
}

async function commit(id: string, client: QueryClient, keepalive = false) {
  const p = pending.get(id);
  if (!p || p.committing) return;
  p.committing = true;
  try {
    await deleteReport(id, keepalive);
    // The row stays hidden until the list has been read again without it, so it cannot flash back.
    await client.invalidateQueries({ queryKey: ['reports'] });
  } catch (e) {
    logError('Deleting a report failed', e);
    toast(messages.api.deleteFailedAlert, { tone: 'error' });
  } finally {
    pending.delete(id);
    publish();
  }
}

/** Hides the report, shows "Report “name” deleted" with Undo, and deletes it for real when the toast closes. */
export function scheduleDelete(id: string, name: string, client: QueryClient) {
  if (pending.has(id)) return;
  const toastId = toast(reportUiMessages.deleted(name), {
    duration: UNDO_MS,
    action: { label: 'Undo', onClick: () => undo(id) },
    onClose: (reason) => {
      if (reason !== 'action') void commit(id, client);
    },
  });
  pending.set(id, { toastId, committing: false });
  publish();
}

function undo(id: string) {
  const p = pending.get(id);
  if (!p || p.committing) return;
  pending.delete(id);
  publish();
}

/** Sends every pending delete now (the dashboard unmounts, or the page is being left). */
export function commitPendingDeletes(client: QueryClient, keepalive = false) {
  for (const [id, p] of pending) {
    if (p.committing) continue;
    void commit(id, client, keepalive);
    // Closing the toast after the commit started, so its onClose does not send a second DELETE.
    dismissToast(p.toastId);
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The ids hidden because their delete is pending. */
export const useHiddenReports = () =>
  useSyncExternalStore(
    subscribe,
    () => hidden,
    () => hidden,
  );
