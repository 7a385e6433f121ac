// POST /api/generate (multipart): sent with XMLHttpRequest because fetch cannot report upload progress.
import { GenerateResponseSchema, type CompanyData, type ProjectSource } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';

export interface GenerateInput {
  projectName: string;
  projectSource: ProjectSource;
  zipFile: File | null;
  githubUrl: string;
  githubToken: string;
  templateFile: File;
  images: File[];
  companyLogo: File | null;
  company: CompanyData;
}

export class GenerateError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GenerateError';
  }
}

/** The multipart body exactly as spec §7 names the fields; company fields only when non-empty. */
export function buildGenerateForm(input: GenerateInput): FormData {
  const form = new FormData();
  form.append('project_name', input.projectName.trim());
  form.append('project_source', input.projectSource);
  form.append('template', input.templateFile, input.templateFile.name);
  if (input.projectSource === 'zip' && input.zipFile) form.append('codebase', input.zipFile, input.zipFile.name);
  else form.append('codebase', input.githubUrl.trim());
  for (const image of input.images) form.append('images', image, image.name);
  if (input.companyLogo) form.append('company_logo', input.companyLogo, input.companyLogo.name);
  for (const [key, value] of Object.entries(input.company)) {
    if (typeof value === 'string' && value.trim()) form.append(`companyData.${key}`, value.trim());
  }
  return form;
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

export async function generateReport(input: GenerateInput, onProgress?: (percent: number) => void): Promise<string> {
  const { data } = await authClient.getSession();
  const token = data.session?.access_token;
  const body = buildGenerateForm(input);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/generate');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (input.projectSource === 'github' && input.githubToken.trim()) xhr.setRequestHeader('X-GitHub-Token', input.githubToken.trim());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new GenerateError(xhr.status, errorMessage(xhr)));
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
