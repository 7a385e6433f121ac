// A modal dialog on the native <dialog> element: the focus trap, Escape and the backdrop come from the browser.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  tone?: 'default' | 'danger';
  /** 'alertdialog' for a confirmation that interrupts (a branded replacement of the browser's confirm()). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (an alert dialog's question). */
  describedBy?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  tone = 'default',
  role = 'dialog',
  describedBy,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    // showModal() moves focus into the dialog (an [autofocus] child wins); focus goes back to the opener on close,
    // including when the dialog unmounts while open, which the browser alone does not do.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    // React does not render `autoFocus` as the attribute the browser looks for, so the safe choice says so itself.
    el.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (el.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        // Escape: the parent owns `open`, so it decides; the effect then closes the element.
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50',
        size === 'lg' ? 'max-w-2xl' : 'max-w-md',
      )}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className={cn('text-lg font-semibold', tone === 'danger' && 'text-rose-700')}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4 text-sm text-slate-700">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
