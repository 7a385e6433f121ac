// The status pill of a report: processing, completed, failed, cancelled; anything else shows as Unknown.
import { messages } from '@atr/shared';
import { Badge } from '../../../components/ui/badge.tsx';

const statuses: Record<string, { label: string; tone: 'indigo' | 'emerald' | 'rose' | 'slate' | 'amber' }> = {
  processing: { label: 'Processing', tone: 'indigo' },
  completed: { label: 'Completed', tone: 'emerald' },
  failed: { label: 'Failed', tone: 'rose' },
  cancelled: { label: 'Cancelled', tone: 'amber' },
};

export function ReportStatusBadge({ status }: { status: string }) {
  const s = statuses[status] ?? { label: messages.other.unknownStatus, tone: 'slate' as const };
  return (
    <Badge tone={s.tone} className="capitalize">
      <span data-testid="status-badge">{s.label}</span>
    </Badge>
  );
}
