// Pass: the README's title, first paragraph and headings, the other documentation files, and where
// the docs name the environment variables the code reads.

import { namesServiceImage } from './containers.ts';
import type { Sources } from './sources.ts';
import { isFixturePath } from './test-code.ts';
import type { DocsInfo } from './types.ts';
import { projectReadme } from './identity/purpose.ts';

/** Markdown inline syntax reduced to plain words for a summary. */
function plain(s: string): string {
  return s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^[\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<[^<>]+>/g, '')
    .replace(/[*`]+/g, '')
    .replace(/(^|\W)_+|(?<!_)_+(?=\W|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A code fence's marker and what follows it on the line (`` ```js `` → ['```', 'js']), or null. */
function fenceMarker(line: string): [string, string] | null {
  const t = line.trimStart();
  const ch = t[0];
  if (ch !== '`' && ch !== '~') return null;
  let n = 0;
  while (t[n] === ch) n++;
  return n >= 3 ? [t.slice(0, n), t.slice(n)] : null;
}

export function summariseReadme(text: string): { title: string | null; summary: string; headings: string[] } {
  const lines = text.replace(/\r/g, '').split('\n');
  let title: string | null = null;
  const headings: string[] = [];
  // candidates with where they sit: a paragraph that explains the code block above it ("The first
  // line installs…") describes commands, not the project; one under "What it is" or "About" does
  const candidates: { text: string; heading: string | null; afterCode: boolean }[] = [];
  let heading: string | null = null;
  let afterCode = false;
  let para: string[] = [];
  // the open code fence's marker: a fence closes only on a line of the same character, at least as
  // long and with nothing after it (CommonMark), so ```` around a block that shows ``` stays open
  let fence: string | null = null;
  let inHtmlComment = false;
  const flush = () => {
    const p = plain(para.join(' '));
    if (p.length >= 20 && /[a-z]/.test(p)) candidates.push({ text: p, heading, afterCode });
    if (para.length) afterCode = false;
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const marker = fenceMarker(l);
    if (fence) {
      if (marker && marker[0][0] === fence[0] && marker[0].length >= fence.length && !marker[1].trim())
        fence = null;
      continue;
    }
    if (marker && !(marker[0][0] === '`' && marker[1].includes('`'))) {
      fence = marker[0];
      flush();
      afterCode = true;
      continue;
    }
    if (l.includes('<!--')) inHtmlComment = !l.includes('-->');
    else if (inHtmlComment) {
      if (l.includes('-->')) inHtmlComment = false;
      continue;
    }
    const atx = atxHeading(l);
    const setext =
      i + 1 < lines.length && l.trim() && /^(=+|-+)\s*$/.test(lines[i + 1]!) && !para.length
        ? lines[i + 1]!.startsWith('=')
          ? 1
          : 2
        : 0;
    if (atx || setext) {
      flush();
      const level = atx ? atx[1]!.length : setext;
      const text = plain(atx ? atx[2]! : l);
      if (level === 1 && title === null) title = text;
      else if (level <= 3) headings.push(text);
      heading = level === 1 ? null : text;
      afterCode = false;
      if (setext) i++;
      continue;
    }
    if (!l.trim() || /^\s*([-*+]|\d+\.|>|\||<\/?\w)/.test(l)) {
      flush();
      continue;
    }
    para.push(l.trim());
  }
  flush();
  const about =
    /^(what (it|this|\w+) (is|does)|about|overview|introduction|description|summary|purpose|why\b)/i;
  const pick =
    candidates.find((c) => c.heading && about.test(c.heading)) ??
    candidates.find((c) => !c.afterCode && !c.heading) ??
    candidates.find((c) => !c.afterCode) ??
    candidates[0];
  const summary = pick?.text ?? '';
  return { title, summary: summary.length > 600 ? summary.slice(0, 597) + '…' : summary, headings };
}

// where projects keep their pages: docs/, a wiki, or a documentation site's sources (Hugo's
// `site/content`, Docusaurus's `website/`)
const DOCS_FOLDER = /(^|\/)(docs?|documentation|wiki|site|website)\//i;
// a manual page in roff (`doc/fd.1`, `man/rg.1`): what `man` shows the tool's users
const MAN_PAGE = /(?:^|\/)(?:docs?|man)\/(?:man[1-9]\/)?[\w-]+\.[1-9]$/i;

export function docsPass(src: Sources): DocsInfo {
  const readmePath = projectReadme(src);
  const text = readmePath ? src.text(readmePath) : null;
  const files = src.files
    .map((f) => f.path)
    .filter(
      (p) =>
        p !== readmePath &&
        ((/\.(md|markdown|rst|adoc)$/i.test(p) &&
          (!p.includes('/') || DOCS_FOLDER.test(p) || /(^|\/)README\.md$/i.test(p))) ||
          MAN_PAGE.test(p)),
    );
  return {
    readme: readmePath && text != null ? { path: readmePath, ...summariseReadme(text) } : null,
    files,
  };
}

// a README, a docs/ page or an env example: the places a developer looks for settings
const ENV_DOC =
  /(^|\/)(readme[^/]*|[^/]+\.(md|markdown|rst|adoc|txt)|\.env\.(example|sample|template|defaults)|example\.env|env\.example)$/i;

/**
 * Lines of a `docker run …` (or podman) command, with its `\` continuations, that starts a database,
 * cache or other program's image: a variable set there (`-e MYSQL_USER=…`) configures that container,
 * not the product, even when the product reads a variable of the same name.
 */
function foreignContainerLines(lines: string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!/\b(?:docker|podman)\s+(?:container\s+)?run\b/.test(lines[i]!)) continue;
    let end = i;
    while (end + 1 < lines.length && /\\\s*$/.test(lines[end]!)) end++;
    const command = lines
      .slice(i, end + 1)
      .map((l) => l.replace(/\\\s*$/, ' '))
      .join(' ');
    if (namesServiceImage(command)) for (let k = i; k <= end; k++) out.add(k);
    i = end;
  }
  return out;
}

/** The first line of the docs that names each variable, README first, so a report cites where settings are documented. */
/**
 * How the docs spell a variable whose name is computed (`<NAME>_ACTIVE_HELP`): its fixed parts with
 * anything standing for the rest (`<PROGRAM>_ACTIVE_HELP`, `MYAPP_ACTIVE_HELP`, `${NAME}_…`); with
 * no fixed part of 3 characters, where the docs name what supplies it (`auto_envvar_prefix`).
 */
function patternOf(name: string): RegExp {
  const parts = name.split(/(<[^<>]*>)/).filter(Boolean);
  const fixed = parts.filter((x) => !x.startsWith('<')).join('');
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!/[A-Za-z0-9]{3}/.test(fixed)) {
    const words = parts
      .filter((x) => x.startsWith('<') && !/^<(NAME|VALUE|KEY|SUFFIX|PREFIX|VAR|ENV|…)>$/.test(x))
      .map((x) => esc(x.slice(1, -1)));
    return words.length ? new RegExp(`\\b(?:${words.join('|')})\\b`, 'i') : /(?!)/;
  }
  const source = parts
    .map((x) => (x.startsWith('<') ? '(?:<[^<>\\s]+>|\\$\\{?\\w+\\}?|\\{\\w+\\}|[A-Za-z0-9]\\w*)' : esc(x)))
    .join('');
  // `<SCHEME>_proxy`: proxies are spelled in either case
  return new RegExp(`(?<![\\w<])${source}(?!\\w)`, fixed === fixed.toLowerCase() ? 'i' : '');
}

export function envDocsPass(
  src: Sources,
  names: string[],
  docFiles: string[],
): { name: string; file: string; line: number }[] {
  const wanted = new Set(names);
  // each file's own mentions: a file documents every variable it names, whichever file named it first
  const found = new Map<string, { name: string; file: string; line: number }>();
  const note = (name: string, file: string, line: number) => {
    const k = `${name}\0${file}`;
    if (!found.has(k)) found.set(k, { name, file, line });
  };
  // a fixture app's README documents the fixture, not this project
  const paths = [...new Set(docFiles.concat(src.files.map((f) => f.path).filter((p) => ENV_DOC.test(p))))]
    // a changelog records when a setting changed; it is not where a user learns to set it
    .filter(
      (p) =>
        !isFixturePath(p) &&
        !/(^|\/)(CHANGE(S|LOG)|HISTORY|NEWS|RELEASES?|RELEASE[-_]?NOTES)(\.\w+)?$/i.test(p),
    );
  // the root README first, then other READMEs, then the rest
  const rank = (p: string) => (/^readme/i.test(p) ? 0 : /(^|\/)readme/i.test(p) ? 1 : 2);
  paths.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const patterns = names.filter((n) => n.includes('<')).map((n) => [n, patternOf(n)] as const);
  // proxies are read in either case (`NO_PROXY`, `no_proxy`): docs naming one spelling name both
  const proxyAlias = new Map<string, string[]>();
  for (const n of names.filter((x) => /(^|_)proxy$/i.test(x)))
    for (const spelling of [n.toLowerCase(), n.toUpperCase()])
      if (spelling !== n) proxyAlias.set(spelling, [...(proxyAlias.get(spelling) ?? []), n]);
  for (const p of paths) {
    const text = src.text(p);
    if (text == null) continue;
    const lines = text.split('\n');
    const foreign = foreignContainerLines(lines);
    for (let i = 0; i < lines.length; i++) {
      if (foreign.has(i)) continue;
      for (const m of lines[i]!.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
        // markdown's `__NODE_ENV__` is bold NODE_ENV
        for (const w of [m[0], trimUnderscores(m[0])])
          for (const n of [...(wanted.has(w) ? [w] : []), ...(proxyAlias.get(w) ?? [])]) note(n, p, i + 1);
      }
      for (const [n, re] of patterns) if (re.test(lines[i]!)) note(n, p, i + 1);
    }
  }
  // by name, each name's mentions in the order the files were read
  const order = new Map(paths.map((p, i) => [p, i]));
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || order.get(a.file)! - order.get(b.file)!,
  );
}

/** An ATX heading's level marks and text, its closing `#`s gone: `## Usage ##` → ["##", "Usage"]. */
function atxHeading(line: string): [string, string, string] | null {
  const m = /^(#{1,6})\s+(\S.*)$/.exec(line);
  if (!m) return null;
  let text = m[2]!.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  // a closing sequence stands apart from the text (`# C#` keeps its `#`)
  if (end === 0 || /\s/.test(text[end - 1]!)) text = text.slice(0, end).trimEnd();
  return [m[0], m[1]!, text];
}

/** A word without the underscores around it (`__NODE_ENV__` → `NODE_ENV`). */
function trimUnderscores(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && word[start] === '_') start++;
  while (end > start && word[end - 1] === '_') end--;
  return word.slice(start, end);
}
