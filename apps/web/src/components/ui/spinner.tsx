// Loading indicators: an inline spinner and the full-screen overlay used while auth loads.
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('animate-spin', className ?? 'size-5')} />;
}

export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-slate-50"
    >
      <Spinner className="size-8 text-indigo-600" />
      <p className="text-sm font-medium text-slate-600">{label}</p>
    </div>
  );
}

export function InlineLoader({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-6 text-sm text-slate-500">
      <Spinner className="size-4" />
      {label}
    </div>
  );
}
