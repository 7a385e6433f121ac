// Project structure: the directory tree (two levels) with file counts and code lines, plus root files.

import type { Analysis, DirNode } from '../../analyse/types.ts';
import { NON_CODE_LANGUAGES } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  codeBlock,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  text,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const structure = defineSection({
  kind: 'structure',
  keywords: [
    'project structure',
    'directory structure',
    'folder structure',
    'repository layout',
    'layout',
    'file structure',
    'structure',
    'organisation',
    'organization',
    'source tree',
    'codebase',
  ],
  evidence: ['tree', 'files'],
  analyst(a) {
    return [
      f(
        `The top level has ${plural(a.tree.children.length + setAsideDirectories(a).length, 'directory', 'directories')}: ${joinSome(
          [
            ...a.tree.children.map((d) => `${text(d.name)}/ (${plural(d.files, 'file')})`),
            ...setAsideDirectories(a).map((d) => `${text(d)}/ (not analysed)`),
          ],
          5,
        )}.`,
      ),
    ];
  },
  writer: writeStructure,
});

function render(node: DirNode, depth: number, maxDepth: number, out: string[]): void {
  for (const c of node.children.slice(0, 12)) {
    const name = c.name.replace(/[\r\n]/g, ' ');
    out.push(
      `${'  '.repeat(depth)}${name}/  (${plural(c.files, 'file')}, ${plural(c.lines, 'line')} of code)`,
    );
    if (depth + 1 < maxDepth) render(c, depth + 1, maxDepth, out);
  }
  if (node.children.length > 12)
    out.push(
      `${'  '.repeat(depth)}… ${plural(node.children.length - 12, 'more directory', 'more directories')}`,
    );
}

export function writeStructure({ a, fx }: WriterContext): string {
  const t = a.tree;
  // the product's own files lead, the largest first, so that a cut list never hides the core behind
  // dotfiles and manifests; the rest follow in name order
  const product = new Set(fx.productFiles.map((f) => f.path));
  const rootFiles = a.files
    .filter((f) => !f.path.includes('/'))
    .map((f, i) => ({ f, i }))
    .sort(
      (x, y) =>
        Number(product.has(y.f.path)) - Number(product.has(x.f.path)) ||
        (product.has(x.f.path) ? y.f.code - x.f.code : 0) ||
        x.i - y.i,
    )
    .map((x) => x.f);
  const lines: string[] = [];
  render(t, 0, 3, lines);
  const biggest = largestByCode(t.children);
  const lead = biggest
    ? largestDirectory(a, biggest) + productHome(a, biggest, new Set(fx.testFiles))
    : `All ${plural(a.project.files, 'file')} sit at the repository root.`;
  return paragraphs(
    lead,
    lines.length ? codeBlock(lines.join('\n'), 'text') : '',
    rootFiles.length
      ? `Files at the root: ${joinSome(
          rootFiles.map((f) => cite(f.path)),
          12,
        )}.`
      : '',
    besidesLine(a),
    uncountedLine(a),
  );
}

/**
 * "Besides the 163 files of the code base, the repository holds 2 images (…) and 1 lockfile (…)." A
 * file of code saved as UTF-16 text is code all the same: it is named apart, as code whose lines are
 * not counted with the rest, not as something the repository holds beside its code.
 */
function besidesLine(a: Analysis): string {
  const utf16 = a.skipped.filter((s) => s.reason === 'utf16-text');
  const rest = a.skipped.filter((s) => s.reason !== 'utf16-text');
  const besides = rest.length
    ? `Besides the ${plural(a.project.files, 'file')} of the code base, the repository holds ${joinSome(countReasons(rest), 6)}.`
    : '';
  const wide = utf16.length
    ? `${joinSome(
        utf16.map((s) => cite(s.path)),
        3,
      )} ${agree(utf16.length, 'is a file', 'are files')} saved as UTF-16 text; ${agree(utf16.length, 'its', 'their')} lines are not counted with the rest.`
    : '';
  return [besides, wide].filter(Boolean).join(' ');
}

// formats a tool ships beside its code that cloc counts no lines of: a manual page in roff
// (`doc/fd.1`, `man/man1/rg.1`) and zsh's completion functions, named `_<command>` with no extension
const MAN_PAGE = /(?:^|\/)(?:docs?|man)\/(?:man[1-9]\/)?[\w-]+\.[1-9]$/;
const ZSH_COMPLETION = /(?:^|\/)(?:completions?|autocomplete)\/(?:[^/]+\/)*_[\w-]+$/;

/**
 * "The manual page `doc/fd.1` and the zsh completions `contrib/completion/_fd` and … are in formats
 * the line counter does not read: their lines are in no count above." Said so the directory
 * figures, which count their files but none of their lines, are not read as empty files.
 */
export function uncountedLine(a: Analysis): string {
  const unread = a.files.filter((f) => f.language === null && (f.lines ?? 0) > 0);
  const man = unread.filter((f) => MAN_PAGE.test(f.path)).map((f) => cite(f.path));
  const zsh = unread.filter((f) => ZSH_COMPLETION.test(f.path)).map((f) => cite(f.path));
  const kinds = [
    man.length ? `${agree(man.length, 'the manual page', 'the manual pages')} ${joinSome(man, 3)}` : '',
    zsh.length ? `${agree(zsh.length, 'the zsh completion', 'the zsh completions')} ${joinSome(zsh, 3)}` : '',
  ].filter(Boolean);
  if (!kinds.length) return '';
  const n = man.length + zsh.length;
  const what = joinAnd(kinds);
  const languages = joinAnd([man.length ? 'roff' : '', zsh.length ? 'zsh' : ''].filter(Boolean));
  // their names carry no extension that tells their language (`fd.1`, `_fd`): the counts go by it
  return `${what[0]!.toUpperCase()}${what.slice(1)} ${agree(n, 'is', 'are')} written in ${languages}, which ${agree(
    n,
    'its name does',
    'their names do',
  )} not show: ${agree(n, 'its folder counts the file but not its lines', 'their folders count the files but not their lines')}.`;
}

/** How many top-level directories there are, and the largest one's share of the code. */
/** Top-level folders whose files were all set aside (images, binaries): still the repository's folders. */
function setAsideDirectories(a: Analysis): string[] {
  const analysed = new Set(a.tree.children.map((c) => c.name));
  return [
    ...new Set(
      (a.skipped ?? [])
        .filter((s) => s.path.includes('/'))
        .map((s) => s.path.slice(0, s.path.indexOf('/')))
        .filter((d) => !analysed.has(d)),
    ),
  ].sort();
}

export function largestDirectory(a: Analysis, biggest: DirNode): string {
  const setAside = setAsideDirectories(a);
  const directories = plural(
    a.tree.children.length + setAside.length,
    'top-level directory',
    'top-level directories',
  );
  // what such a folder holds, by kind: "`assets/` holds only 1 image"
  const holds = (d: string) =>
    `${code(`${d}/`)} holds only ${joinAnd(
      countReasons(
        (a.skipped ?? []).filter((s) => s.path.startsWith(`${d}/`)),
        false,
      ),
    )}`;
  const unread = setAside.length ? ` (${joinSome(setAside.map(holds), 3)})` : '';
  const share = Math.round((biggest.lines / Math.max(1, a.project.lines.code)) * 100);
  const size = `${plural(biggest.files, 'file')} and ${num(biggest.lines)} lines of code`;
  // the tree counts every file; where generated or vendored files sit anywhere in it, its total is not
  // the one the other chapters give (they count without them), so the share names the total it is of
  const generated = (a.files ?? []).some((f) => f.role === 'generated' && f.code > 0);
  const base = generated
    ? `the ${num(a.project.lines.code)} lines of the whole tree, generated and vendored files included`
    : 'the total';
  return `The repository has ${directories}${unread}; ${code(`${biggest.name}/`)} is the largest with ${size} (${share}% of ${base}).`;
}

/**
 * " The product's own code is mostly in `src/` (3,605 lines).", when the largest directory is another
 * (the tests or the docs outweigh the product): the reader looks for the product first. Files at the
 * root count as a place of their own: a Go package keeps its code there.
 */
export function productHome(a: Analysis, largest: DirNode, tests: Set<string>): string {
  const lines = new Map<string, number>();
  for (const f of a.files) {
    if ((f.role ?? 'product') !== 'product' || tests.has(f.path) || f.duplicateOf || !f.code) continue;
    // the code, not the data beside it (syntax definitions, patches, settings)
    if (!f.language || NON_CODE_LANGUAGES.has(f.language)) continue;
    const slash = f.path.indexOf('/');
    const top = slash < 0 ? '' : f.path.slice(0, slash);
    lines.set(top, (lines.get(top) ?? 0) + f.code);
  }
  const [home, n] = [...lines].sort((x, y) => y[1] - x[1])[0] ?? [];
  if (home === undefined || !n || home === largest.name) return '';
  const where = home ? `in ${code(`${home}/`)}` : 'at the repository root';
  return ` The product's own code is mostly ${where} (${num(n)} lines).`;
}

/**
 * The directory with the most lines of code. The tree lists directories by bytes, and a folder of test
 * data or images can outweigh the code on disk; the sentence speaks of lines, so it ranks by lines.
 */
export function largestByCode(dirs: DirNode[]): DirNode | undefined {
  return dirs.reduce<DirNode | undefined>(
    (best, d) =>
      !best || d.lines > best.lines || (d.lines === best.lines && d.files > best.files) ? d : best,
    undefined,
  );
}

// images and design sources: set aside for their bytes or their long lines, never "minified code"
const IMAGE = /\.(png|jpe?g|gif|ico|icns|bmp|webp|avif|tiff?|svg|ai|psd|pxm|sketch|fig|xcf|eps|pdf)$/i;
const LOCKFILE =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.ya?ml|bun\.lockb?|[\w.-]+\.lock)$/i;

/** What a set-aside path is, in a reader's words: an image, a lockfile, a binary, minified code… */
function skipLabel(s: { path: string; reason: string }): string {
  if (IMAGE.test(s.path) && (s.reason === 'binary' || s.reason === 'minified')) return 'image';
  if (s.reason === 'generated' && LOCKFILE.test(s.path)) return 'lockfile';
  if (s.reason === 'gitignore') return 'ignored by .gitignore';
  if (s.reason === 'utf16-text') return 'in UTF-16 text';
  return s.reason;
}

/** "8 images (`logo.png`, …), 5 lockfiles (`bun.lock`, …)": each kind with the paths it holds. */
export function countReasons(skipped: { path: string; reason: string }[], withPaths = true): string[] {
  const m = new Map<string, string[]>();
  for (const s of skipped) m.set(skipLabel(s), [...(m.get(skipLabel(s)) ?? []), s.path]);
  return [...m.entries()]
    .sort((x, y) => y[1].length - x[1].length)
    .map(([r, paths]) => {
      // "144 images", "6 binary files", "1 file ignored by .gitignore"
      const kind = /^(image|lockfile)$/.test(r)
        ? plural(paths.length, r)
        : r === 'other' // what is neither a folder nor a file: a link is never followed
          ? plural(paths.length, 'link or special file', 'links or special files')
          : /^(?:ignored|in) /.test(r)
            ? // a folder is skipped whole: its path ends in a slash
              `${plural(paths.length, paths.every((p) => p.endsWith('/')) ? 'folder' : 'file')} ${text(r)}`
            : `${num(paths.length)} ${text(r)} ${paths.length === 1 ? 'file' : 'files'}`;
      return withPaths
        ? `${kind} (${joinSome(
            paths.map((p) => cite(p)),
            3,
          )})`
        : kind;
    });
}
