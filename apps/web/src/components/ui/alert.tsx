// Inline feedback boxes: errors, successes and notes, announced to screen readers.
import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type Tone = 'error' | 'success' | 'info';
const tones: Record<Tone, { box: string; Icon: typeof Info }> = {
  error: { box: 'bg-rose-50 text-rose-800 ring-rose-200', Icon: AlertCircle },
  success: { box: 'bg-emerald-50 text-emerald-800 ring-emerald-200', Icon: CheckCircle2 },
  info: { box: 'bg-indigo-50 text-indigo-900 ring-indigo-200', Icon: Info },
};

export function Alert({
  tone,
  children,
  className,
  title,
  'data-testid': testId,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
  title?: string;
  'data-testid'?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
