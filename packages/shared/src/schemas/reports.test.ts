import { describe, expect, it } from 'vitest';
import { GenerateFormSchema, ReportListQuerySchema, resolvePerPage } from './reports.ts';
import { firstIssue } from './auth.ts';

const base = { projectName: 'Demo', projectSource: 'zip' as const, zipFileName: 'a.zip', templateFileName: 't.yaml' };
const issue = (input: unknown) => {
  const r = GenerateFormSchema.safeParse(input);
  return r.success ? null : firstIssue(r.error);
};

describe('GenerateFormSchema', () => {
  it('accepts a complete ZIP upload', () => expect(issue(base)).toBeNull());
  it('gives the spec message for each rule', () => {
    expect(issue({ ...base, projectName: '   ' })).toBe('Project name is required');
    expect(issue({ ...base, zipFileName: undefined })).toBe('Project ZIP file is required');
    expect(issue({ ...base, zipFileName: 'a.tar.gz' })).toBe('Please select a ZIP file');
    expect(issue({ ...base, templateFileName: undefined })).toBe('YAML template file is required');
    expect(issue({ ...base, templateFileName: 't.json' })).toBe('Please select a YAML file');
    expect(issue({ ...base, logoMimeType: 'application/pdf' })).toBe('Please select an image file');
    const gh = { ...base, projectSource: 'github' as const, zipFileName: undefined };
    expect(issue(gh)).toBe('GitHub URL is required');
    expect(issue({ ...gh, githubUrl: 'not a url' })).toBe('Please enter a valid GitHub repository URL');
    expect(issue({ ...gh, githubUrl: 'https://github.com/acme/app/tree/main/src' })).toBeNull();
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'short' })).toBe('Please enter a valid GitHub token');
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'ghp_' + 'a'.repeat(20) })).toBeNull();
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'b'.repeat(40) })).toBeNull();
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'b'.repeat(39) })).toBe('Please enter a valid GitHub token');
  });
});

describe('ReportListQuerySchema', () => {
  it('takes per_page or limit, defaulting to 10 on page 1', () => {
    expect(resolvePerPage(ReportListQuerySchema.parse({}))).toBe(10);
    expect(ReportListQuerySchema.parse({}).page).toBe(1);
    expect(resolvePerPage(ReportListQuerySchema.parse({ limit: '20' }))).toBe(20);
    expect(resolvePerPage(ReportListQuerySchema.parse({ per_page: '5', limit: '20' }))).toBe(5);
    expect(ReportListQuerySchema.safeParse({ per_page: '500' }).success).toBe(false);
  });
});
