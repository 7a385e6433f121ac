// Toasts for transient confirmations ("Link copied", "Report deleted"): a tiny store any code can call, and one
// region that shows them. Each toast is a polite live region (role=status); its timer pauses while the pointer or
// the focus is on it, so an Undo cannot run out under the user's hand. See docs/decisions/023.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type ToastTone = 'success' | 'info' | 'error';
/** Why a toast went away: its time ran out, its action was taken, or the user (or the code) closed it. */
export type ToastCloseReason = 'timeout' | 'action' | 'dismiss';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds on screen (default 4 s). */
  duration?: number;
  action?: { label: string; onClick: () => void };
  onClose?: (reason: ToastCloseReason) => void;
}

interface ToastItem extends ToastOptions {
  id: number;
  text: string;
  duration: number;
}

const DEFAULT_DURATION_MS = 4_000;
/** At most this many at once; the oldest goes first (and is closed as if its time had run out). */
const MAX_TOASTS = 3;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast and answers its id (for `dismissToast`). */
export function toast(text: string, options: ToastOptions = {}): number {
  const id = nextId++;
  items = [...items, { ...options, id, text, duration: options.duration ?? DEFAULT_DURATION_MS }];
  while (items.length > MAX_TOASTS) closeToast(items[0]!.id, 'timeout');
  emit();
  return id;
}

function closeToast(id: number, reason: ToastCloseReason) {
  const item = items.find((t) => t.id === id);
  if (!item) return;
  items = items.filter((t) => t.id !== id);
  emit();
  item.onClose?.(reason);
}

/** Closes a toast from code (reason 'dismiss'); nothing happens if it is already gone. */
export const dismissToast = (id: number) => closeToast(id, 'dismiss');

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The one place toasts appear; mounted once by the layout. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <div
      role="region"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-[60] flex flex-col items-center gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:items-end"
    >
      {list.map((t) => (
        <ToastView key={t.id} item={t} />
      ))}
    </div>
  );
}

const icons = { success: CheckCircle2, info: Info, error: XCircle } as const;

function ToastView({ item }: { item: ToastItem }) {
  const remaining = useRef(item.duration);
  const startedAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const paused = useRef(false);

  const start = () => {
    startedAt.current = Date.now();
    timer.current = window.setTimeout(() => closeToast(item.id, 'timeout'), remaining.current);
  };
  const pause = () => {
    if (paused.current) return;
    paused.current = true;
    window.clearTimeout(timer.current);
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  };
  const resume = () => {
    if (!paused.current) return;
    paused.current = false;
    start();
  };
  useEffect(() => {
    start();
    return () => window.clearTimeout(timer.current);
    // One timer per toast, started when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tone = item.tone ?? 'success';
  const Icon = icons[tone];
  return (
    <div
      role="status"
      data-testid="toast"
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resume();
      }}
      className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl bg-slate-900 py-2.5 pr-2 pl-4 text-sm text-white shadow-lg ring-1 ring-slate-900/10"
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          tone === 'success' ? 'text-emerald-400' : tone === 'error' ? 'text-rose-400' : 'text-sky-300',
        )}
      />
      <p className="min-w-0 flex-1">{item.text}</p>
      {item.action && (
        <button
          type="button"
          onClick={() => {
            item.action!.onClick();
            closeToast(item.id, 'action');
          }}
          className="rounded-md px-2.5 py-1 font-semibold text-indigo-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-indigo-300"
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => closeToast(item.id, 'dismiss')}
        aria-label="Dismiss notification"
        className="rounded-md p-1 text-slate-400 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
