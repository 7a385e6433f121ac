// The status pill of a report: queued, processing, completed, failed, cancelled; anything else shows as Unknown.
import { messages } from '@atr/shared';
import { Badge } from '../../../components/ui/badge.tsx';

const statuses: Record<string, { label: string; tone: 'indigo' | 'emerald' | 'rose' | 'slate' | 'amber' }> = {
  queued: { label: 'Queued', tone: 'slate' },
  processing: { label: 'Processing', tone: 'indigo' },
  completed: { label: 'Completed', tone: 'emerald' },
  failed: { label: 'Failed', tone: 'rose' },
  cancelled: { label: 'Cancelled', tone: 'amber' },
};

/** A processing report still waiting for a worker is shown as Queued, not as "Processing 0%". */
export function ReportStatusBadge({ status, step }: { status: string; step?: string }) {
  const key = status === 'processing' && step === 'queued' ? 'queued' : status;
  const s = statuses[key] ?? { label: messages.other.unknownStatus, tone: 'slate' as const };
  return (
    <Badge tone={s.tone} className="capitalize">
      <span data-testid="status-badge">{s.label}</span>
    </Badge>
  );
}
