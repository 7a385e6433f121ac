// Pass: language of every file and its code/comment/blank lines, totalled per language as cloc
// totals them (empty files and byte-identical duplicates are not counted twice).

import { detectLanguage } from './cloc-languages.ts';
import { maskedSource } from './comments.ts';
import { countLines, type CountOptions } from './line-counter.ts';
import { pathRole } from './path-role.ts';
import { contentHash, type Sources } from './sources.ts';
import type { FileInfo, LanguageStat, LineCounts, PathRole, RoleStat } from './types.ts';

export interface LanguagesResult {
  files: FileInfo[];
  languages: LanguageStat[];
  totals: LineCounts;
  /** The totals split by what the files are for. */
  byRole: Partial<Record<PathRole, RoleStat>>;
}

function addTo(into: Partial<Record<PathRole, RoleStat>>, role: PathRole, c: LineCounts) {
  const r = (into[role] ??= { files: 0, code: 0, comment: 0, blank: 0 });
  r.files++;
  r.code += c.code;
  r.comment += c.comment;
  r.blank += c.blank;
}

/** Lines of a text as an editor numbers them: a final newline ends the last line, it starts none. */
export function textLines(text: string): number {
  if (!text) return 0;
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /[\r\n]$/.test(text) ? breaks : breaks + 1;
}

/**
 * `roleOf` says what each file is for (conventional paths by default); `opts.clocStrings` counts
 * as cloc does, comment markers inside strings included (for comparing with cloc).
 */
export function languagesPass(
  src: Sources,
  roleOf: (path: string) => PathRole = pathRole,
  opts: CountOptions = {},
): LanguagesResult {
  const byRole: Partial<Record<PathRole, RoleStat>> = {};
  const files: FileInfo[] = [];
  const stats = new Map<string, LanguageStat>();
  // the first file of each content, by size: a file is hashed only once another of its size is met
  const seen = new Map<number, { path: string; text: string; hash?: string }[]>();
  const totals: LineCounts = { code: 0, comment: 0, blank: 0 };
  for (const f of src.files) {
    const text = src.text(f.path);
    const language = text === null ? null : detectLanguage(f.path, text);
    if (text === null || language === null) {
      files.push({
        path: f.path,
        size: f.size,
        language: null,
        code: 0,
        comment: 0,
        blank: 0,
        // a text file the counter has no language for (a justfile, `.env.example`) still has lines to cite
        ...(text ? { lines: textLines(text) } : {}),
        role: roleOf(f.path),
      });
      continue;
    }
    const counts = countLines(text, language, {
      ...opts,
      masked: () => maskedSource(src, f.path, text, language),
    });
    const role = roleOf(f.path);
    const info: FileInfo = { path: f.path, size: f.size, language, ...counts, role };
    files.push(info);
    if (f.size === 0 || text.length === 0) continue; // cloc ignores zero-sized files
    const sized = seen.get(f.size);
    if (!sized) seen.set(f.size, [{ path: f.path, text }]);
    else {
      const hash = contentHash(text);
      const first = sized.find((x) => (x.hash ??= contentHash(x.text)) === hash);
      if (first) {
        info.duplicateOf = first.path;
        continue;
      }
      sized.push({ path: f.path, text, hash });
    }
    let s = stats.get(language);
    if (!s) stats.set(language, (s = { language, files: 0, code: 0, comment: 0, blank: 0 }));
    s.files++;
    s.code += counts.code;
    s.comment += counts.comment;
    s.blank += counts.blank;
    addTo((s.byRole ??= {}), role, counts);
    addTo(byRole, role, counts);
    totals.code += counts.code;
    totals.comment += counts.comment;
    totals.blank += counts.blank;
  }
  const languages = [...stats.values()].sort(
    (a, b) => b.code - a.code || a.language.localeCompare(b.language),
  );
  return { files, languages, totals, byRole };
}

/**
 * The languages as the team wrote them: lines of generated or vendored files (a compiled stylesheet,
 * a copied library) left out, and a language left with no file dropped.
 */
export function writtenLanguages(languages: LanguageStat[]): LanguageStat[] {
  const out: LanguageStat[] = [];
  for (const l of languages) {
    const g = l.byRole?.generated;
    if (!g) {
      out.push(l);
      continue;
    }
    if (l.files - g.files <= 0) continue;
    const { generated: _, ...byRole } = l.byRole!;
    out.push({
      ...l,
      files: l.files - g.files,
      code: l.code - g.code,
      comment: l.comment - g.comment,
      blank: l.blank - g.blank,
      byRole,
    });
  }
  return out.sort((a, b) => b.code - a.code || a.language.localeCompare(b.language));
}

// the layout roles that are path roles too: what a file is for once the project's layout is known
const LAYOUT_ROLES: Partial<Record<string, PathRole>> = {
  tests: 'tests',
  fixtures: 'tests',
  examples: 'examples',
  benchmarks: 'benchmarks',
};

/**
 * Files the path alone took for product that the project's layout puts apart (an examples package
 * inside src/main/java, a benchmark module, a test-* build module) take the layout's role, and their
 * lines move with them, so every count of tests, examples and benchmarks agrees with the layout.
 */
export function adoptLayoutRoles(result: LanguagesResult, areaOf: (path: string) => string): void {
  const move = (by: Partial<Record<PathRole, RoleStat>>, to: PathRole, f: FileInfo) => {
    const from = by.product;
    if (from) {
      from.files--;
      from.code -= f.code;
      from.comment -= f.comment;
      from.blank -= f.blank;
    }
    addTo(by, to, f);
  };
  const stats = new Map(result.languages.map((l) => [l.language, l]));
  for (const f of result.files) {
    const to = LAYOUT_ROLES[areaOf(f.path)];
    if (f.role !== 'product' || !to) continue;
    f.role = to;
    // a duplicate or an empty file was never counted
    if (f.duplicateOf || !f.language || f.size === 0) continue;
    move(result.byRole, to, f);
    const s = stats.get(f.language);
    if (s) move((s.byRole ??= {}), to, f);
  }
}
