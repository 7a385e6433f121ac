// Builds one retrieval document per analysed file from its path, symbols, imports, docs headings
// and the comments in its first lines (read from the workspace, bounded in size).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Analysis } from '../analyse/types.ts';
import type { RetrievalDoc } from './bm25.ts';

const MAX_READ = 64 * 1024;
const COMMENT = /^\s*(?:\/\/+(?!\/)|#+(?![#!])|\/?\*+(?!\*)|--|;+(?!;)|<!--|"""|''')\s?(.*)$/;

/** Comment lines (and Markdown headings) from the start of a file. */
export function extractComments(text: string, maxLines = 400): string[] {
  const out: string[] = [];
  for (const line of text.split('\n').slice(0, maxLines)) {
    const m = COMMENT.exec(line);
    if (m && m[1] && /[a-z]{3}/i.test(m[1])) out.push(m[1].replace(/\*\/\s*$/, '').trim());
    else {
      const trailing = /\s(?:\/\/|#)[ \t]+(\S.{7,})$/.exec(line);
      if (trailing && !/['"`]/.test(trailing[1]!)) out.push(trailing[1]!.trim());
    }
  }
  return out;
}

export async function buildDocuments(a: Analysis, root: string | undefined): Promise<RetrievalDoc[]> {
  const symbolsBy = new Map<string, string[]>();
  for (const s of a.symbols) symbolsBy.set(s.path, [...(symbolsBy.get(s.path) ?? []), s.name]);
  const importsBy = new Map<string, string[]>();
  for (const i of a.imports) importsBy.set(i.from, [...(importsBy.get(i.from) ?? []), i.specifier]);
  const readmeHeadings = a.docs.readme
    ? new Map([[a.docs.readme.path, a.docs.readme.headings.join(' ')]])
    : new Map<string, string>();
  const docs: RetrievalDoc[] = [];
  for (const f of a.files) {
    if (f.language === null && !/\.(md|txt|rst|ya?ml|json|toml|sql|env\.example)$/i.test(f.path)) continue;
    let comments = '';
    if (root && f.size <= 4 * MAX_READ) {
      try {
        const buf = await readFile(path.join(root, f.path));
        const text = buf.subarray(0, MAX_READ).toString('utf8');
        comments =
          f.language === 'Markdown'
            ? text
                .split('\n')
                .filter((l) => /^#{1,4}\s/.test(l))
                .join(' ')
            : extractComments(text).join(' ');
      } catch {
        // A file that vanished or cannot be read just contributes its path and symbols.
      }
    }
    docs.push({
      id: f.path,
      fields: [
        { text: f.path.replace(/[/._-]/g, ' '), weight: 3 },
        { text: (symbolsBy.get(f.path) ?? []).join(' '), weight: 2 },
        { text: readmeHeadings.get(f.path) ?? '', weight: 2 },
        { text: (importsBy.get(f.path) ?? []).join(' '), weight: 1 },
        { text: comments, weight: 1 },
      ],
    });
  }
  return docs;
}
