// The upload's multipart body carries exactly the fields the server reads (spec §7).
import { describe, expect, it } from 'vitest';
import { buildGenerateForm, type GenerateInput } from './generate-form.ts';

const template = new File(['report_structure: []'], 'tpl.yaml', { type: 'application/yaml' });
const base: GenerateInput = {
  projectName: '  My Project  ',
  projectSource: 'zip',
  zipFile: new File(['PK'], 'code.zip', { type: 'application/zip' }),
  githubUrl: '',
  githubToken: '',
  templateFile: template,
  images: [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })],
  companyLogo: new File(['l'], 'logo.png', { type: 'image/png' }),
  company: {
    name: 'Acme',
    vat: undefined,
    address: '  ',
    phone: undefined,
    email: 'info@acme.example',
    website: undefined,
  },
};

describe('buildGenerateForm', () => {
  it('sends a ZIP upload with the spec field names, repeated images and only non-empty company fields', () => {
    const form = buildGenerateForm(base);
    expect(form.get('project_name')).toBe('My Project');
    expect(form.get('project_source')).toBe('zip');
    expect((form.get('template') as File).name).toBe('tpl.yaml');
    expect((form.get('codebase') as File).name).toBe('code.zip');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    expect((form.get('company_logo') as File).name).toBe('logo.png');
    const company = [...form.keys()].filter((k) => k.startsWith('companyData.'));
    expect(company).toEqual(['companyData.name', 'companyData.email']);
    expect(form.get('companyData.email')).toBe('info@acme.example');
  });

  it('sends the GitHub URL as the codebase string and no file', () => {
    const form = buildGenerateForm({
      ...base,
      projectSource: 'github',
      zipFile: null,
      githubUrl: ' https://github.com/o/r ',
      images: [],
      companyLogo: null,
    });
    expect(form.get('project_source')).toBe('github');
    expect(form.get('codebase')).toBe('https://github.com/o/r');
    expect(form.has('images')).toBe(false);
    expect(form.has('company_logo')).toBe(false);
  });
});
