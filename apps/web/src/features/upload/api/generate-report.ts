// POST /api/generate (multipart): sent with XMLHttpRequest because fetch cannot report upload progress.
import { GenerateResponseSchema } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { buildGenerateForm, type GenerateInput } from '../lib/generate-form.ts';

export type { GenerateInput };

export class GenerateError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GenerateError';
  }
}

function errorMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return xhr.statusText || `HTTP ${xhr.status}`;
}

export async function generateReport(
  input: GenerateInput,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const { data } = await authClient.getSession();
  const token = data.session?.access_token;
  const body = buildGenerateForm(input);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/generate');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (input.projectSource === 'github' && input.githubToken.trim())
      xhr.setRequestHeader('X-GitHub-Token', input.githubToken.trim());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new GenerateError(xhr.status, errorMessage(xhr)));
      try {
        resolve(GenerateResponseSchema.parse(JSON.parse(xhr.responseText)).report_id);
      } catch {
        reject(new GenerateError(xhr.status, 'The server answered without a report id.'));
      }
    };
    xhr.onerror = () => reject(new GenerateError(0, 'Network error'));
    xhr.onabort = () => reject(new GenerateError(0, 'The upload was aborted'));
    xhr.send(body);
  });
}
