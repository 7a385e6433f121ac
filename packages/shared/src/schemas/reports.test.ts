import { describe, expect, it } from 'vitest';
import {
  GenerateFormSchema,
  ReportListQuerySchema,
  isValidGithubToken,
  normaliseWebsite,
  resolvePerPage,
} from './reports.ts';
import { messages } from '../messages.ts';
import { firstIssue } from './auth.ts';

const base = {
  projectName: 'Demo',
  projectSource: 'zip' as const,
  zipFileName: 'a.zip',
  templateFileName: 't.yaml',
};
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
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'short' })).toBe(
      'Please enter a valid GitHub token',
    );
    expect(
      issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'ghp_' + 'a'.repeat(36) }),
    ).toBeNull();
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'b'.repeat(40) })).toBeNull();
    expect(issue({ ...gh, githubUrl: 'github.com/acme/app', githubToken: 'b'.repeat(39) })).toBe(
      'Please enter a valid GitHub token',
    );
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

describe('GitHub token formats (decision 017)', () => {
  const gh = {
    ...base,
    projectSource: 'github' as const,
    zipFileName: undefined,
    githubUrl: 'github.com/acme/app',
  };
  const b62 = (n: number) => 'aZ09'.repeat(Math.ceil(n / 4)).slice(0, n);
  it('accepts every current format', () => {
    for (const prefix of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'])
      expect(isValidGithubToken(prefix + b62(36)), prefix).toBe(true);
    const fineGrained = `github_pat_${b62(22)}_${b62(59)}`;
    expect(fineGrained).toHaveLength(93);
    expect(isValidGithubToken(fineGrained)).toBe(true);
    expect(isValidGithubToken('0123456789abcdef0123456789abcdef01234567')).toBe(true);
    expect(issue({ ...gh, githubToken: ` ${fineGrained} ` })).toBeNull();
  });
  it('refuses what is not a GitHub token', () => {
    for (const t of [
      'short',
      'ghp_' + b62(20),
      'ghx_' + b62(36),
      'github_pat_' + b62(30),
      'g'.repeat(40),
      'ghp_' + b62(35) + '!',
      `github_pat_${b62(22)} ${b62(59)}`,
    ])
      expect(isValidGithubToken(t), t).toBe(false);
    expect(issue({ ...gh, githubToken: 'ghp_' + b62(20) })).toBe(messages.validation.githubTokenInvalid);
  });
});

describe('company e-mail and website', () => {
  const company = (c: Record<string, string>) => issue({ ...base, company: c });
  it('accepts an e-mail address and an http(s) website, with or without the scheme; empty fields are fine', () => {
    expect(company({ email: 'ada@acme.com', website: 'https://acme.com/about' })).toBeNull();
    expect(company({ website: 'acme.co.uk' })).toBeNull();
    expect(company({ website: 'http://localhost:8080' })).toBeNull();
    expect(company({ email: '  ', website: '' })).toBeNull();
  });
  it('refuses anything else with a clear message', () => {
    expect(company({ email: 'not an email' })).toBe(messages.validation.companyEmailInvalid);
    expect(company({ email: 'ada@' })).toBe(messages.validation.companyEmailInvalid);
    expect(company({ website: 'ftp://acme.com' })).toBe(messages.validation.companyWebsiteInvalid);
    expect(company({ website: 'javascript:alert(1)' })).toBe(messages.validation.companyWebsiteInvalid);
    expect(company({ website: 'not a website' })).toBe(messages.validation.companyWebsiteInvalid);
    expect(company({ website: 'acme' })).toBe(messages.validation.companyWebsiteInvalid);
  });
  it('normalises a bare domain to https', () => {
    expect(normaliseWebsite('acme.com')).toBe('https://acme.com/');
    expect(normaliseWebsite('https://')).toBeNull();
  });
});
