// GET /api/download/:id/:format: fetches the paid file with the bearer token and saves it under the server's file name.
import { messages, type Format } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { filenameFrom } from '../lib/filename.ts';

export class DownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export const formatLabel = (format: Format) => (format === 'word' ? 'Word' : 'LaTeX');

export async function downloadReport(reportId: string, format: Format): Promise<string> {
  const { data } = await authClient.getSession();
  const token = data.session?.access_token;
  const res = await fetch(
    `/api/download/${encodeURIComponent(reportId)}/${format === 'word' ? 'docx' : 'latex'}`,
    {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  );
  if (!res.ok) {
    let message = messages.api.downloadFailed(res.status);
    try {
      const body = (await res.json()) as { message?: string };
      if (res.status === 402) message = messages.purchase.mustPurchase(format === 'word' ? 'WORD' : 'LATEX');
      else if (body.message) message = body.message;
    } catch {
      /* keep the status text */
    }
    throw new DownloadError(res.status, message);
  }
  const blob = await res.blob();
  const name = filenameFrom(res.headers.get('Content-Disposition'), format);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
