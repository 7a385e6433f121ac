// The model cost estimate on the upload form; shown only when the operator configured a provider.
import { useDeferredValue, useEffect, useState } from 'react';
import { GITHUB_URL_RE, isValidGithubToken } from '@atr/shared';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { describeEstimate, useReportEstimate } from '../api/estimate-report.ts';

export function CostEstimate({
  templateFile,
  zipFile,
  github,
}: {
  templateFile: File | null;
  zipFile?: File | null;
  github?: { url: string; token: string } | null;
}) {
  const config = usePublicConfig();
  const enabled = !!config.data && config.data.aiProvider !== 'offline';
  // a repository address is estimated once the typing pauses and the address (and token) can be right
  const typed = useDeferredValue(useSettled(github ?? null, 600));
  const url = typed?.url.trim() ?? '';
  const token = typed?.token.trim() ?? '';
  const repo =
    GITHUB_URL_RE.test(url) && (!token || isValidGithubToken(token))
      ? { url, ...(token ? { token } : {}) }
      : null;
  const estimate = useReportEstimate({ templateFile, zipFile, github: repo }, enabled);
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

/** `value` once it has stayed the same for `ms` (compared by content). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
