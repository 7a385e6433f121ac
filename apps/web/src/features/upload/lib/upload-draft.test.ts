// The upload form's draft survives a round trip through storage, and only what is safe to keep is kept.
import { describe, expect, it } from 'vitest';
import { EMPTY_COMPANY, clearDraft, readDraft, writeDraft, type UploadDraft } from './upload-draft.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

const draft: UploadDraft = {
  projectName: 'Kept project',
  source: 'github',
  githubUrl: 'https://github.com/o/r',
  company: { ...EMPTY_COMPANY, name: 'Acme', email: 'info@acme.example' },
  files: { template: 'report.yaml', images: ['a.png'] },
};

describe('upload draft', () => {
  it('reads back what was written', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'k', draft);
    expect(readDraft(storage, 'k')).toEqual({
      ...draft,
      files: { ...draft.files, zip: undefined, logo: undefined },
    });
    clearDraft(storage, 'k');
    expect(readDraft(storage, 'k')).toBeNull();
  });
  it('keeps nothing for an empty form, and never a token', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'k', { ...draft, projectName: '', githubUrl: '', company: EMPTY_COMPANY, files: {} });
    expect(storage.map.size).toBe(0);
    writeDraft(storage, 'k', { ...draft, githubToken: 'ghp_secret' } as UploadDraft);
    expect(storage.map.get('k')).not.toContain('ghp_secret');
  });
  it('reads a damaged or foreign value as no draft, or as safe defaults', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readDraft(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ source: 'ftp', company: 3, files: { images: [1, 'x.png'] } }));
    expect(readDraft(storage, 'k')).toMatchObject({
      source: 'zip',
      company: EMPTY_COMPANY,
      files: { images: ['x.png'] },
    });
  });
});
