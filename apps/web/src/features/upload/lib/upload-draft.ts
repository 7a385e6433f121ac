// What the user typed into the upload form, kept in this tab (sessionStorage) so a session that ends mid-form costs
// nothing: after signing in again the form comes back as it was. Chosen files cannot be kept by the browser, so only
// their names are, to say which to choose again. The GitHub token is never kept.
import type { CompanyData, ProjectSource } from '@atr/shared';

export type CompanyFields = Record<keyof CompanyData, string>;

export interface UploadDraft {
  projectName: string;
  source: ProjectSource;
  githubUrl: string;
  company: CompanyFields;
  /** Names of the files that were chosen, by field. */
  files: { zip?: string; template?: string; images?: string[]; logo?: string };
}

export const EMPTY_COMPANY: CompanyFields = {
  name: '',
  vat: '',
  address: '',
  phone: '',
  email: '',
  website: '',
};

const text = (v: unknown, max = 1000) => (typeof v === 'string' ? v.slice(0, max) : '');
const name = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 300) : undefined);

/** The stored draft, or null when there is none or it cannot be read. */
export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): UploadDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Record<string, unknown>;
    const company = (d.company && typeof d.company === 'object' ? d.company : {}) as Record<string, unknown>;
    const files = (d.files && typeof d.files === 'object' ? d.files : {}) as Record<string, unknown>;
    const images = Array.isArray(files.images) ? files.images.map(name).filter((n) => n !== undefined) : [];
    return {
      projectName: text(d.projectName, 200),
      source: d.source === 'github' ? 'github' : 'zip',
      githubUrl: text(d.githubUrl),
      company: Object.fromEntries(
        Object.keys(EMPTY_COMPANY).map((k) => [k, text(company[k])]),
      ) as CompanyFields,
      files: {
        zip: name(files.zip),
        template: name(files.template),
        images: images.length ? images : undefined,
        logo: name(files.logo),
      },
    };
  } catch {
    return null;
  }
}

/** Keeps the draft; an empty form removes it. Storage that refuses (full, private mode) only loses the draft. */
export function writeDraft(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  key: string,
  draft: UploadDraft,
) {
  try {
    const entered =
      draft.projectName ||
      draft.githubUrl ||
      Object.values(draft.company).some(Boolean) ||
      Object.values(draft.files).some(Boolean);
    // Field by field, so nothing else the caller holds (a token) can end up in storage.
    const { projectName, source, githubUrl, company, files } = draft;
    if (entered) storage.setItem(key, JSON.stringify({ projectName, source, githubUrl, company, files }));
    else storage.removeItem(key);
  } catch {
    /* storage unavailable: the form still works, it is only not kept */
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'>, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    /* nothing was kept */
  }
}
