// The model cost estimate on the upload form; shown only when the operator configured a provider.
import { usePublicConfig } from '../../../lib/public-config.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { describeEstimate, useReportEstimate } from '../api/estimate-report.ts';

export function CostEstimate({
  templateFile,
  zipFile,
}: {
  templateFile: File | null;
  zipFile?: File | null;
}) {
  const config = usePublicConfig();
  const enabled = !!config.data && config.data.aiProvider !== 'offline';
  const estimate = useReportEstimate({ templateFile, zipFile }, enabled);
  const line = estimate.data ? describeEstimate(estimate.data) : null;
  if (!enabled || !line) return null;
  return (
    <Alert
      tone={estimate.data?.enabled && !estimate.data.withinBudget ? 'error' : 'info'}
      title="Language model estimate"
    >
      <span data-testid="cost-estimate">{line}</span>
    </Alert>
  );
}
