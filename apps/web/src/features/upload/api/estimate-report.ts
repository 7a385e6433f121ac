// POST /api/estimate: the tokens and cost a report will take on the operator's language model,
// shown on the upload form when a provider is configured.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { readZipListing } from '../lib/zip-listing.ts';
import { EstimateSchema, type Estimate } from './estimate-schema.ts';

export { describeEstimate, EstimateSchema, type Estimate } from './estimate-schema.ts';

export interface EstimateInput {
  templateFile: File | null;
  /** The chosen ZIP: its listing (paths and sizes) is what the estimate rests on. */
  zipFile?: File | null | undefined;
  /** A GitHub repository instead: the server reads its listing from GitHub. */
  github?: { url: string; token?: string } | null | undefined;
}

export async function estimateReport(input: EstimateInput): Promise<Estimate> {
  const template = input.templateFile ? await input.templateFile.text() : undefined;
  const files = input.zipFile ? await readZipListing(input.zipFile) : null;
  return api.request('/estimate', EstimateSchema, {
    method: 'POST',
    body: {
      ...(template !== undefined ? { template } : {}),
      ...(files ? { files } : {}),
      ...(input.github ? { github: input.github } : {}),
      ...(input.zipFile ? { zipBytes: input.zipFile.size } : {}),
    },
  });
}

export const estimateQueryOptions = (input: EstimateInput) =>
  queryOptions({
    queryKey: [
      'estimate',
      input.templateFile?.name,
      input.templateFile?.size,
      input.templateFile?.lastModified,
      input.zipFile?.name,
      input.zipFile?.size,
      input.zipFile?.lastModified,
      input.github?.url,
      input.github?.token,
    ],
    queryFn: () => estimateReport(input),
    staleTime: 60_000,
    retry: false,
  });

export const useReportEstimate = (input: EstimateInput, enabled: boolean) =>
  useQuery({ ...estimateQueryOptions(input), enabled });
