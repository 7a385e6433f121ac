// The multipart body of POST /api/generate, field by field as spec §7 names them.
import type { CompanyData, ProjectSource } from '@atr/shared';

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

/** The multipart body exactly as spec §7 names the fields; company fields only when non-empty. */
export function buildGenerateForm(input: GenerateInput): FormData {
  const form = new FormData();
  form.append('project_name', input.projectName.trim());
  form.append('project_source', input.projectSource);
  form.append('template', input.templateFile, input.templateFile.name);
  if (input.projectSource === 'zip' && input.zipFile)
    form.append('codebase', input.zipFile, input.zipFile.name);
  else form.append('codebase', input.githubUrl.trim());
  for (const image of input.images) form.append('images', image, image.name);
  if (input.companyLogo) form.append('company_logo', input.companyLogo, input.companyLogo.name);
  for (const [key, value] of Object.entries(input.company)) {
    if (typeof value === 'string' && value.trim()) form.append(`companyData.${key}`, value.trim());
  }
  return form;
}
