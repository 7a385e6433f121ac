// GET /api/download/:id/:format: fetches the paid file with the bearer token and saves it under the server's file name.
// Failures are the API client's errors (ApiRequestError, ApiNetworkError), so screens word them with userMessage().
import { messages, type Format } from '@atr/shared';
import { ApiNetworkError, ApiRequestError } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { filenameFrom } from '../lib/filename.ts';

export const formatLabel = (format: Format) => (format === 'word' ? 'Word' : 'LaTeX');

export async function downloadReport(reportId: string, format: Format): Promise<string> {
  const { data } = await authClient.getSession();
  const token = data.session?.access_token;
  let res: Response;
  try {
    res = await fetch(
      `/api/download/${encodeURIComponent(reportId)}/${format === 'word' ? 'docx' : 'latex'}`,
      {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      },
    );
  } catch (e) {
    throw new ApiNetworkError(e);
  }
  if (!res.ok) {
    let message = messages.api.downloadFailed(res.status);
    try {
      const body = (await res.json()) as { message?: string };
      if (res.status === 402) message = messages.purchase.mustPurchase(format === 'word' ? 'WORD' : 'LATEX');
      else if (body.message) message = body.message;
    } catch {
      /* keep the status text */
    }
    throw new ApiRequestError(res.status, message);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (e) {
    throw new ApiNetworkError(e);
  }
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
