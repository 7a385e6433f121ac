// What the project is and how it works, in sentences, from the analysis's identity block: its kind,
// its purpose (with the README sentences that go on to explain it), its size as a product, its public
// surface and the path from its entry points through its most central files. The overview opens with
// this; the architecture section explains the mechanism with it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Analysis, Dependency, Identity, Prototype } from '../analyse/types.ts';
import { proseParagraphs } from '../analyse/identity/purpose.ts';
import { MAX_COMPONENTS, RANKED_FROM, ROUTE_MAP_MIN } from '../analyse/identity/components.ts';
import type { Workspace } from '../types.ts';
import { factsOf } from './facts.ts';
import { abstractionsOf, CENTRAL_TYPES_SHOWN, CLI_KINDS, projectModel } from './model.ts';
import { mechanismParts, unitOf } from './how-it-works.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
  joinSome,
  num,
  plural,
  table,
  text,
  unique,
  when,
} from './writers/markdown.ts';

const KIND_NAMES: Record<string, string> = {
  library: 'library',
  framework: 'framework',
  application: 'application',
  cli: 'command-line tool',
  monorepo: 'monorepo',
  'build-tool': 'build tool',
};

const kindName = (k: string) => KIND_NAMES[k] ?? k.replace(/-/g, ' ');
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** "a framework, also used as a library". */
export function kindPhrase(id: Identity): string {
  // an application that serves the web is a web application, not an application "also used as" one
  const web = id.kind === 'application' && id.kinds.includes('web-application');
  const main = web ? 'web application' : kindName(id.kind);
  // a monorepo is a layout, not a use: it is told as such
  const also = id.kinds
    .filter((k) => k !== id.kind && k !== 'monorepo' && !(web && k === 'web-application'))
    .map(kindName);
  const layout = id.kind !== 'monorepo' && id.kinds.includes('monorepo') ? ', laid out as a monorepo' : '';
  return `${article(main)} ${main}${
    also.length
      ? `, also used as ${joinSome(
          also.map((k) => `${article(k)} ${k}`),
          2,
        )}`
      : ''
  }${layout}`;
}

/** Markup a README paragraph may hold, reduced to its words: links, emphasis, code marks, HTML. */
export function plainProse(line: string): string {
  return (
    line
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^[\]]+)\]\([^)]*\)|\[([^[\]]+)\]\[[^[\]]*\]/g, (_, a: string, b: string) => a ?? b)
      .replace(/<[^<>]+>/g, '')
      // emphasis marks around words go, the underscores inside a name (`child_process`) stay
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
      .replace(/`+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Sentences of plain prose: a stop followed by a space and a capital (so "node.js" or "e.g. x" stay whole). */
const sentences = (s: string) =>
  s
    .split(/(?<=[.!?])\s+(?=[A-Z`"'(])/)
    .map((x) => x.trim())
    .filter(Boolean);

// who uses it and how much: true, but not what the thing is or how it works
const POPULARITY = /\b(downloads?|depended upon|used (in|by)|projects using|stars?|this list|sponsor\w*)\b/i;

// a paragraph about the README, the docs or the project's community, not about what the thing does
const ABOUT_THE_DOCS =
  /\b(readme|book|documentation|docs|translat\w*|available (in|as)|sponsor\w*|donat\w*|licen[cs]e\w*|install\w*|contribut\w*|chat|discord|slack|twitter|mailing list|changelog|release notes?|this (page|guide|document|list|template)|downloads?|depended upon|used (in|by)|projects using|stars?|follow (the|these)|steps?|deploy\w*|(is|are) required|requires?|prerequisites?|officially|supports? (python|node|java|go|rust|ruby|php)|you|your|please|setup|set up|clone)\b/i;

/** Whether two texts share a word of five letters or more ("commands", "requests"): the same subject. */
function sharesWord(x: string, y: string): boolean {
  const words = (t: string) => new Set(t.toLowerCase().match(/\p{L}{5,}/gu) ?? []);
  const ys = words(y);
  return [...words(x)].some((w) => ys.has(w) || ys.has(w.replace(/s$/, '')) || ys.has(`${w}s`));
}

/**
 * The purpose sentence and up to two sentences that follow it in the same README paragraph (where a
 * README usually says how the thing works: "Koa's middleware stack flows in a stack-like manner…").
 * Only plain prose: a following line with tables, lists or headings ends the paragraph.
 */
export function purposeParagraph(
  a: Analysis,
  workspace: Workspace,
): { sentences: string[]; path: string; line: number } | null {
  const purpose = a.identity?.purpose;
  if (!purpose) return null;
  const out = [plainProse(purpose.text)];
  try {
    const lines = readFileSync(path.join(workspace.root, purpose.source.path), 'utf8').split(/\r?\n/);
    const para: string[] = [];
    for (let i = purpose.source.line - 1; i < lines.length && i < purpose.source.line + 8; i++) {
      const l = lines[i]!.trim();
      if (!l || /^(#|[-*+] |\d+\. |\||>|```|\[!\[|<\/?(p|div|img|h\d|a)\b)/i.test(l)) break;
      para.push(l);
    }
    const plain = plainProse(para.join(' '));
    const all = sentences(plain);
    const at = all.findIndex(
      (s) =>
        plainProse(purpose.text).startsWith(s.slice(0, 24)) ||
        s.startsWith(plainProse(purpose.text).slice(0, 24)),
    );
    if (at >= 0)
      out.push(
        ...all
          .slice(at + 1, at + 3)
          .filter((s) => s.length > 20 && s.length < 400 && !/[[\]<>|]/.test(s) && !POPULARITY.test(s)),
      );
    // a one-line purpose: the README's next paragraph about the thing itself usually says how it
    // works ("Commands, called recipes, are stored in a file called justfile"), past notes about the
    // README, its translations or its book
    if (out.length === 1) {
      const next = proseParagraphs(lines.join('\n'))
        .filter((p) => p.line > purpose.source.line)
        .slice(0, 4)
        .map((p) => ({ ...p, text: plainProse(p.text) }))
        .find(
          (p) =>
            p.text.length >= 40 &&
            p.text.length < 500 &&
            /[.:]$/.test(p.text) &&
            !/[[\]<>|]/.test(p.text) &&
            !ABOUT_THE_DOCS.test(p.text) &&
            sharesWord(p.text, purpose.text) &&
            !/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(p.text),
        );
      if (next)
        out.push(
          ...sentences(next.text)
            .slice(0, 2)
            .map((s) => s.replace(/:$/, '.')),
        );
    }
  } catch {
    // the README is not readable here (a cached analysis of a folder that is gone): the purpose alone
  }
  return { sentences: out, path: purpose.source.path, line: purpose.source.line };
}

// a notice that the project is over: what a reader must know before anything else about it
const RETIRED =
  /\b(sunset|deprecated|no longer (?:maintained|supported|developed)|unmaintained|archived|superseded by|replaced by)\b/i;

/**
 * The platforms a README's one-click deploy buttons name: a badge whose text is "Deploy with Vercel",
 * "Deploy to Heroku" or "Run on Google Cloud", with its line.
 */
export function readmeDeployButtons(readme: string): { platform: string; line: number }[] {
  const out: { platform: string; line: number }[] = [];
  readme.split(/\r?\n/).forEach((l, i) => {
    for (const m of l.matchAll(/!\[([^\]]*)\]/g)) {
      const platform = /^(?:deploy|run)\s+(?:to|with|on|in)\s+(\S.*)$/i.exec(m[1]!.trim())?.[1];
      if (platform && !out.some((x) => x.platform === platform)) out.push({ platform, line: i + 1 });
    }
  });
  return out;
}

// what a README's title may call the project: a sample or a starter to copy, not a product to run
const SAMPLE_ROLE = /\b(sample|example|demo|starter|boilerplate|template)\b/i;

/**
 * The README's title (its first heading, in the first ten lines, badges dropped) when it calls the
 * project a sample, an example, a demo, a starter, a boilerplate or a template: the title, the role
 * word and the line.
 */
export function readmeTitleRole(readme: string): { title: string; role: string; line: number } | null {
  const lines = readme.split(/\r?\n/).slice(0, 10);
  const i = lines.findIndex((l) => /^#\s/.test(l));
  if (i < 0) return null;
  // a linked badge leaves an empty link behind once its image is dropped
  const title = plainProse(lines[i]!.replace(/^#\s+/, ''))
    .replace(/\[\]\([^()\s]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const role = SAMPLE_ROLE.exec(title)?.[1];
  return role ? { title, role: role.toLowerCase(), line: i + 1 } : null;
}

/**
 * A notice near the top of a README (a blockquote or admonition in its first 30 lines) that the
 * project is sunset, deprecated, archived or unmaintained: its first sentence, links and the
 * admonition's marker dropped.
 */
/**
 * What the README says the project is not, beside what it is, in its opening lines: "`just` is a
 * command runner, not a build system". The contrast tells a reader what to expect of it (no targets
 * rebuilt from timestamps), which the purpose sentence alone does not.
 */
export function readmeContrast(
  readme: string,
  name: string,
): { is: string; not: string; line: number } | null {
  const lines = readme.split(/\r?\n/).slice(0, 80);
  const lower = name.toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    const plain = plainProse(lines[i]!.replace(/^\s*[-*+]\s+/, '')).trim();
    const m = /^(?:the\s+)?([\w.-]+)\s+is\s+(an?\s[^,.;:]+),\s+not\s+(an?\s[^,.;:]+)/i.exec(plain);
    if (!m || m[1]!.toLowerCase() !== lower) continue;
    return { is: m[2]!.trim(), not: m[3]!.trim(), line: i + 1 };
  }
  return null;
}

export function readmeNotice(readme: string): { text: string; line: number } | null {
  const lines = readme.split(/\r?\n/).slice(0, 30);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    // a blockquote or admonition, or a title that is the notice itself (`# xsv is now unmaintained`):
    // a later heading ("Migrating from deprecated options") is a part of the README, not a notice
    const title = /^#{1,3}\s/.test(t) && !lines.slice(0, i).some((l) => /^#{1,6}\s/.test(l.trim()));
    if (!/^>/.test(t) && !title) continue;
    // a link written out is where to go, not what the notice says
    const plain = withoutLinks(
      plainProse(
        t
          .replace(/^>\s*/, '')
          .replace(/^#{1,3}\s+/, '')
          .replace(/^\[!\w+\]\s*/, ''),
      ),
    ).trim();
    if (!RETIRED.test(plain) || plain.split(/\s+/).length < 4) continue;
    const first = trimEndOf(sentences(plain)[0]!, /[\s:;,]/);
    return { text: /[.!?]$/.test(first) ? first : `${first}.`, line: i + 1 };
  }
  return null;
}

/**
 * The items of a README's "Features" list (a heading named Features or Key features followed by a
 * bulleted list), as plain text: what the project does in its own words.
 */
export function readmeFeatures(readme: string): { items: string[]; line: number } | null {
  const lines = readme.split(/\r?\n/);
  const at = lines.findIndex((l) => /^#{1,4}\s+(?:key\s+|main\s+)?features(?:\s*:)?$/i.test(l.trim()));
  if (at < 0) return null;
  const items: string[] = [];
  let first = 0;
  for (let i = at + 1; i < lines.length && i < at + 40; i++) {
    const t = lines[i]!.trim();
    if (/^#{1,6}\s/.test(t)) break;
    const item = /^[-*+]\s+(\S.*)$/.exec(t);
    if (!item) {
      if (items.length && t) break;
      continue;
    }
    const plain = plainProse(item[1]!).replace(/[.;,]$/, '');
    if (plain.split(/\s+/).length < 2 || /https?:\/\//.test(plain)) continue;
    if (!first) first = i + 1;
    items.push(plain);
  }
  return items.length >= 2 ? { items: items.slice(0, 6), line: first } : null;
}

/** "Secure user management" → "secure user management"; an acronym or a name in capitals stays. */
export function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

const TYPE_KINDS = new Set(['class', 'struct', 'type', 'interface', 'trait', 'enum']);

/** A command line's options, apart from its subcommands and the commands a package installs. */
export const OPTION_KINDS = new Set(['flag', 'option']);
type ApiItem = Identity['publicApi'][number];
const isOption = (e: ApiItem) => OPTION_KINDS.has(e.kind);
const isRoute = (e: ApiItem) => /^route\b/.test(e.kind);
/** The key a name is counted under: a long option as written (`--type`), any other name bare. */
const usageKey = (e: ApiItem) =>
  isOption(e) && e.name.startsWith('--') ? e.name : e.name.replace(/^-+/, '');

/**
 * How often a public name is used: a method by the calls on a value of its type (`Owner.Name`, where
 * the value's type is known) and those on a value of no known type (`.Name`), anything else by its name.
 */
export const usesOf = (usage: Map<string, number>, e: ApiItem) => {
  const key = usageKey(e);
  if (e.kind === 'method')
    return (e.owner ? (usage.get(`${e.owner}.${key}`) ?? 0) : 0) + (usage.get(`.${key}`) ?? 0);
  const all = usage.get(key) ?? 0;
  return TYPE_KINDS.has(e.kind) ? all - (usage.get(`${key}(`) ?? 0) : all;
};

/**
 * How often each public name is used across the code base's own text (product, tests, examples,
 * docs): the names its users and its own code call most. Bounded: at most 400 files and 4 MB read.
 */
const usageCache = new WeakMap<Analysis, Map<string, number>>();

export function usageCounts(a: Analysis, workspace: Workspace): Map<string, number> {
  // three sections ask for the same counts; the files are read once per analysis
  const cached = usageCache.get(a);
  if (cached) return cached;
  const counts = countUsage(a, workspace);
  usageCache.set(a, counts);
  return counts;
}

function countUsage(a: Analysis, workspace: Workspace): Map<string, number> {
  // a long option is counted as written (`--type`, never the word "type" in the code)
  // the members of the objects made for each request are named by use too (`ctx.body` before
  // `ctx.socket`), counted only where code or docs reach them through a dot
  const members = new Set((a.flow?.prototypes ?? []).flatMap((p) => p.members));
  const names = [...new Set((a.identity?.publicApi ?? []).map(usageKey))].filter((n) =>
    /^(--)?[A-Za-z_][\w-]*$/.test(n),
  );
  const counts = new Map<string, number>();
  if (!names.length && !members.size) return counts;
  const wanted = new Set(names);
  let budget = 4 * 1024 * 1024;
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  // the product types that declare each method name
  const owners = new Map<string, Set<string>>();
  for (const e of a.identity?.publicApi ?? [])
    if (e.kind === 'method' && e.owner) owners.set(e.name, (owners.get(e.name) ?? new Set()).add(e.owner));
  const goFiles: string[] = [];
  const texts: string[] = [];
  for (const f of a.files.slice(0, 400)) {
    if (f.size > budget || f.size > 512 * 1024) continue;
    budget -= f.size;
    try {
      (f.path.endsWith('.go') ? goFiles : texts).push(
        readFileSync(path.join(workspace.root, f.path), 'utf8'),
      );
    } catch {
      continue;
    }
  }
  // the standard-library packages the Go code imports: `http.HandlerFunc` in a README's example is theirs
  const std = new Set(goFiles.flatMap((c) => [...goImports(c)].filter(([, isStd]) => isStd).map(([q]) => q)));
  for (const content of texts) {
    // a method is used where it is called on a value (`app.use(`): the same word in prose ("Add a
    // route") or bare is no call of it, and a call on a value of no known type is no use of a method
    // several product types declare (`x.Handler`)
    for (const m of content.matchAll(/(?:--)?[A-Za-z_][\w-]*/g))
      if (wanted.has(m[0])) {
        add(m[0]);
        const dotted = content[m.index - 1] === '.';
        const q = dotted ? wordBefore(content, m.index - 1) : undefined;
        if (dotted && (owners.get(m[0])?.size ?? 0) < 2 && !(q && std.has(q))) add(`.${m[0]}`);
      }
    if (members.size)
      for (const m of content.matchAll(/\.([A-Za-z_]\w*)/g)) if (members.has(m[1]!)) add(`member .${m[1]!}`);
  }
  if (goFiles.length) {
    // the types a value can be known to have: what the product's functions return, so that a call
    // is counted for the type it is made on
    const returns = new Map<string, string>();
    for (const content of goFiles)
      for (const m of content.matchAll(
        /^func[ \t]+([A-Z]\w*)[ \t]*\(([^()]*)\)[ \t]*\*?([A-Z]\w*)[ \t]*\{/gm,
      ))
        returns.set(m[1]!, m[3]!);
    for (const content of goFiles) countGoUses(content, wanted, add, { owners, returns });
  }
  return counts;
}

/** The packages a Go file imports, by the name its code calls them: `"net/http"` → http, with whether each is standard. */
function goImports(content: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  const block = /^import\s*\(([^)]*)\)/m.exec(content)?.[1] ?? '';
  const single = [...content.matchAll(/^import\s+(\w+\s+)?("[^"\n]+")/gm)].map((m) => `${m[1] ?? ''}${m[2]}`);
  for (const line of [...block.split('\n'), ...single]) {
    const m = /^\s*(?:(\w+)\s+)?"([^"]+)"/.exec(line);
    if (!m) continue;
    const segments = m[2]!.split('/');
    // a major-version suffix (`chi/v5`) is not the name the package is called by
    const last = /^v\d+$/.test(segments.at(-1)!) && segments.length > 1 ? segments.at(-2)! : segments.at(-1)!;
    out.set(m[1] ?? last.replace(/[^\w]/g, '_'), !segments[0]!.includes('.'));
  }
  return out;
}

/** The identifier that ends right before `end` (`http` before the dot of `http.Handler`), if any. */
function wordBefore(content: string, end: number): string | undefined {
  let i = end;
  while (i > 0 && /\w/.test(content[i - 1]!)) i--;
  return i < end ? content.slice(i, end) : undefined;
}

/** A Go variable as far as its declaration tells: where it is in scope and what type it holds. */
interface GoBinding {
  at: number;
  end: number;
  /** Bound to a value of a standard-library package (`w http.ResponseWriter`, `req := httptest.NewRequest(…)`). */
  std: boolean;
  /** The product type it holds, where the declaration names it or a product function returns it. */
  type?: string;
}

const GO_KEYWORDS = new Set(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var'.split(
    ' ',
  ),
);

/** The `}` closing each `{` of a Go file, by the `{`'s offset (braces in strings are balanced in practice). */
function goBlocks(content: string): { open: number; close: number }[] {
  const out: { open: number; close: number }[] = [];
  const stack: number[] = [];
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c === 123) stack.push(i);
    else if (c === 125 && stack.length) out.push({ open: stack.pop()!, close: i });
  }
  return out.sort((x, y) => x.open - y.open);
}

/**
 * The variables a Go file declares, each with its scope: a parameter or receiver (`r *http.Request`)
 * is in scope in the body after its list, a `:=` or `var` in the block around it. Where the
 * declaration names a type (`mx *Mux`, `var wg sync.WaitGroup`), assigns a literal of one (`&Mux{}`)
 * or calls a function the product declares with a result type (`chi.NewRouter()` → `Mux`), the
 * binding holds that type; a type or call of a standard-library package makes it the library's.
 */
function goBindings(
  content: string,
  imports: Map<string, boolean>,
  returns: Map<string, string>,
): Map<string, GoBinding[]> {
  const blocks = goBlocks(content);
  const enclosing = (at: number) => {
    let end = content.length;
    for (const b of blocks) {
      if (b.open > at) break;
      if (b.close > at) end = b.close;
    }
    return end;
  };
  // a name inside an unclosed `(` of the same statement is a parameter: in scope in the body after it
  const paramEnd = (at: number): number | null => {
    let depth = 0;
    for (let i = at - 1; i >= 0 && at - i < 400; i--) {
      const c = content[i];
      if (c === ')') depth++;
      else if (c === '(' && depth-- === 0) {
        const body = content.indexOf('{', at);
        const block = body < 0 ? undefined : blocks.find((b) => b.open === body);
        return block ? block.close : null;
      } else if (c === '{' || c === '}' || c === ';') return null;
    }
    return null;
  };
  const out = new Map<string, GoBinding[]>();
  const bind = (name: string, at: number, std: boolean, type?: string) => {
    if (GO_KEYWORDS.has(name)) return;
    const end = paramEnd(at) ?? enclosing(at);
    out.set(name, [...(out.get(name) ?? []), { at, end, std, ...(type ? { type } : {}) }]);
  };
  const isStd = (pkg: string | undefined) => pkg !== undefined && imports.get(pkg) === true;
  // `r *http.Request`, `mx *Mux`, `var wg sync.WaitGroup`, `hs []Handler`
  for (const m of content.matchAll(/\b([A-Za-z_]\w*)[ \t]+(?:\*|\[\])*(?:([A-Za-z_]\w*)\.)?([A-Z]\w*)\b/g)) {
    if (m[2] && !imports.has(m[2])) continue;
    bind(m[1]!, m.index, isStd(m[2]), m[2] && isStd(m[2]) ? undefined : m[3]);
  }
  // `req, err := http.NewRequest(…)`, `r := chi.NewRouter()`, `mx := &Mux{…}`, `h := mx.handler`
  for (const m of content.matchAll(
    /\b([A-Za-z_]\w*)(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*:=[ \t]*&?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)[ \t]*([({]?)/g,
  )) {
    const [, name, pkg, callee, open] = m;
    if (pkg && !imports.has(pkg)) {
      bind(name!, m.index, false);
      continue;
    }
    const type = isStd(pkg)
      ? undefined
      : open === '{'
        ? callee
        : open === '('
          ? returns.get(callee!)
          : undefined;
    bind(name!, m.index, isStd(pkg), type);
  }
  return out;
}

/** The innermost binding of `name` in scope at `at`: the last declared before it whose scope has not ended. */
function bindingAt(bindings: Map<string, GoBinding[]>, name: string, at: number): GoBinding | undefined {
  let found: GoBinding | undefined;
  for (const b of bindings.get(name) ?? [])
    if (b.at < at && b.end > at && (!found || b.at > found.at)) found = b;
  return found;
}

/**
 * Uses of the product's names in a Go file, resolved by their qualifier: a name qualified by a
 * standard-library package (`http.Handler`, `http.HandlerFunc`) is that package's, never the product's;
 * a bare or package-qualified name (`NewRouter`, `chi.URLParam`) is a use of a function or type. A
 * call on a value (`r.Get(…)`) is a use of a method: of its type's (`Mux.Get`) where the value's
 * declaration tells the type, of no type (`.Get`) where it does not, and of none where the value is
 * the standard library's (`wg.Add` on a `sync.WaitGroup`, `req.Header.Add`) or the method name is
 * declared by several product types and the value's type is not known (`next.ServeHTTP`).
 */
function countGoUses(
  content: string,
  wanted: Set<string>,
  add: (key: string) => void,
  types: { owners: Map<string, Set<string>>; returns: Map<string, string> },
): void {
  const imports = goImports(content);
  let bindings: Map<string, GoBinding[]> | undefined;
  for (const m of content.matchAll(/[A-Za-z_]\w*/g)) {
    const name = m[0];
    if (!wanted.has(name)) continue;
    const dotted = content[m.index - 1] === '.';
    // the word before a dot right in front of it is its qualifier (`http` of `http.Handler`)
    const q = dotted ? wordBefore(content, m.index - 1) : undefined;
    if ((!dotted && q === undefined) || (q !== undefined && imports.has(q) && !imports.get(q))) {
      add(name);
      // a bare name called (`NewRouter(`), or declared as a method (`func (mx *Mux) Route(`), is no use of a type
      if (/^\s*\(/.test(content.slice(m.index + name.length, m.index + name.length + 8))) add(`${name}(`);
      continue;
    }
    if (q !== undefined && imports.has(q)) continue;
    // the value the method is called on: the first name of its chain (`req` of `req.Header.Add`, `w`
    // of `w.Header().Add`)
    let start = m.index - 1;
    let root: string | undefined;
    let links = 0;
    while (content[start] === '.') {
      let end = start;
      if (content[end - 1] === ')') {
        // a call in the chain: its arguments are skipped back to the name called
        let depth = 0;
        let i = end - 1;
        for (; i >= 0 && end - i < 300; i--) {
          if (content[i] === ')') depth++;
          else if (content[i] === '(' && --depth === 0) break;
        }
        if (content[i] !== '(' || depth !== 0) {
          root = undefined;
          break;
        }
        end = i;
        links++;
      }
      const w = wordBefore(content, end);
      if (w === undefined) {
        root = undefined;
        break;
      }
      root = w;
      links++;
      start = end - w.length - 1;
    }
    const owners = types.owners.get(name);
    let binding: GoBinding | undefined;
    if (root !== undefined) {
      if (imports.has(root)) {
        // `http.DefaultClient.Do(…)`: a value of an imported package
        if (imports.get(root)) continue;
      } else {
        bindings ??= goBindings(content, imports, types.returns);
        binding = bindingAt(bindings, root, m.index);
        if (binding?.std) continue;
      }
    }
    if (links === 1 && binding?.type && owners?.has(binding.type)) add(`${binding.type}.${name}`);
    else if (!owners || owners.size < 2) add(`.${name}`);
  }
}

// methods every object of a language offers for printing, comparing or serialising: part of the
// surface, but never what shows how a project is used
export const PLUMBING =
  /^(?:toJSON|toString|valueOf|inspect|__(?:repr|str|eq|hash)__|hashCode|equals|String|GoString|Less|Len|Swap|MarshalJSON|UnmarshalJSON)$/;

/** The handler of a framework's own admin site (Django's `admin.site.urls`): staff pages, not the product's interface. */
const ADMIN_SITE = /\badmin\.site\.urls$/;

/**
 * Routes of a framework's built-in admin site: the one its handler mounts and those declared under
 * the same prefix (a login page put in front of it). The product's own interface leads before them.
 */
export function adminSiteRoute(routes: readonly { path: string; handler?: string }[]) {
  const prefixes = routes.filter((r) => r.handler && ADMIN_SITE.test(r.handler)).map((r) => r.path);
  return (r: { path: string }) =>
    prefixes.some((p) => r.path === p || (p.endsWith('/') && r.path.startsWith(p)));
}

/** The names the unit of work runs through: the steps' functions and the types that own them. */
function pathNames(id: Identity): Set<string> {
  return new Set(
    (id.mainPath ?? []).flatMap((st) => (st.external ? [] : st.owner ? [st.owner, st.name] : [st.name])),
  );
}

/** A route's handler as the code names it (`views.ping`), by its last name (`ping`). */
const handlerName = (handler: string | undefined) => handler?.split('.').pop() ?? '';

/**
 * The product's routes in the order the report names them: those whose handler the main path runs
 * through first (the ping endpoint of a monitoring service), a framework's own admin site last, and
 * one route per handler before the variants of any (the `/fail` and `/start` forms of one view).
 */
export function rankedRoutes<R extends { path: string; handler?: string }>(
  routes: readonly R[],
  id?: Identity,
): R[] {
  const onPath = id ? pathNames(id) : new Set<string>();
  const admin = adminSiteRoute(routes);
  const key = (r: R) => (admin(r) ? 2 : onPath.has(handlerName(r.handler)) ? 0 : 1);
  return firstPerHandler([...routes].sort((x, y) => key(x) - key(y)));
}

/** One item per handler first, in the order given, then the repeats, likewise in order. */
function firstPerHandler<R extends { handler?: string }>(items: R[]): R[] {
  const seen = new Set<string>();
  const first: R[] = [];
  const rest: R[] = [];
  for (const r of items) {
    if (r.handler && seen.has(r.handler)) rest.push(r);
    else {
      if (r.handler) seen.add(r.handler);
      first.push(r);
    }
  }
  return [...first, ...rest];
}

/**
 * The public API in reading order: types first, then everything else; within each, the names the
 * code base uses most (see usageCounts), then by the rank of the defining file and the line.
 */
export function rankedApi(id: Identity, usage: Map<string, number> = new Map()): Identity['publicApi'] {
  const rank = new Map(id.keyComponents.map((k, i) => [k.path, i]));
  const used = (e: ApiItem) => usesOf(usage, e);
  // options hidden from --help come after every visible one: they are not what users type
  const hidden = (e: ApiItem) => (e.hidden ? 1 : 0);
  // the default export is the package as users import it (`import ky from 'ky'`): it leads
  const group = (e: Identity['publicApi'][number]) =>
    e.kind === 'default export' ? -1 : TYPE_KINDS.has(e.kind) ? 0 : CLI_KINDS.has(e.kind) ? 2 : 1;
  // the names the unit of work runs through (the app class whose fetch() takes each request, the
  // function a call enters at) lead their group: every chapter names the same ones first
  const onPath = pathNames(id);
  // a method is on the path as its type's (`Mux.ServeHTTP`), not as every method of that name
  const onPathMethods = new Set(
    (id.mainPath ?? []).filter((st) => !st.external && st.owner).map((st) => `${st.owner}.${st.name}`),
  );
  const path = (e: Identity['publicApi'][number]) =>
    (e.kind === 'method' && e.owner ? onPathMethods.has(`${e.owner}.${e.name}`) : onPath.has(e.name)) ||
    (isRoute(e) && onPath.has(handlerName(e.handler)))
      ? 0
      : 1;
  // where the main path enters, a function or value users call: it leads every group
  const entry = (id.mainPath ?? []).find((st) => !st.external);
  const pathLead = (e: ApiItem) =>
    entry && !entry.owner && e.name === entry.name && !TYPE_KINDS.has(e.kind) && !CLI_KINDS.has(e.kind)
      ? 0
      : 1;
  // a framework's built-in admin site is staff pages, never what callers of the product use
  const admin = adminSiteRoute(
    id.publicApi.filter(isRoute).map((e) => ({ path: e.name, handler: e.handler })),
  );
  const builtIn = (e: ApiItem) => (isRoute(e) && admin({ path: e.name }) ? 1 : 0);
  const plumbing = (e: ApiItem) => (PLUMBING.test(e.name) ? 1 : 0);
  // the package users import first (where the first entry point lives), then its subpackages: a
  // router's `NewRouter` and `URLParam` before the types of its optional middleware package
  const dir = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const first = id.entryPoints?.[0];
  const home = first ? dir(first.path) : undefined;
  // a route is called over HTTP, never imported: the file declaring it is no package users import
  const away = (e: ApiItem) => (home === undefined || isRoute(e) || dir(e.path) === home ? 0 : 1);
  // what the package is when imported (`express()`) is what users call first
  const byDefault = (e: ApiItem) => (e.isDefault ? 0 : 1);
  // a name its authors mark deprecated (`Upgrade`, for `Upgrader.Upgrade`) is kept for old callers:
  // it comes after every other
  const retired = (e: ApiItem) => (e.deprecated ? 1 : 0);
  const sorted = [...id.publicApi].sort(
    (x, y) =>
      retired(x) - retired(y) ||
      byDefault(x) - byDefault(y) ||
      away(x) - away(y) ||
      builtIn(x) - builtIn(y) ||
      // the names the unit of work enters at (`create`, which makes the store) before the types that
      // describe them (`StateCreator`)
      pathLead(x) - pathLead(y) ||
      group(x) - group(y) ||
      hidden(x) - hidden(y) ||
      path(x) - path(y) ||
      plumbing(x) - plumbing(y) ||
      used(y) - used(x) ||
      (rank.get(x.path) ?? 1e6) - (rank.get(y.path) ?? 1e6) ||
      x.line - y.line,
  );
  // the variants of one view (`/ping/<code>/fail`, `/start`) follow the first route of every handler
  return sorted.some(isRoute) ? firstPerHandler(sorted) : sorted;
}

/** One sentence on the product's size, with the lines kept apart as tests, docs and examples. */
export function productSize(a: Analysis): string | null {
  const roles = a.linesByRole;
  if (!roles?.product) return null;
  // the product base every chapter measures the product on (agents/facts.ts)
  const base = factsOf(a).productFiles;
  if (!base.length) return null;
  const product = { files: base.length, code: base.reduce((n, f) => n + f.code, 0) };
  const label = {
    tests: 'tests',
    examples: 'examples',
    docs: 'documentation',
    benchmarks: 'benchmarks',
    generated: 'generated or copied files',
  };
  const rest = (['tests', 'examples', 'docs', 'benchmarks', 'generated'] as const)
    .filter((r) => (roles[r]?.code ?? 0) > 0)
    .map((r) => `${num(roles[r]!.code)} lines of ${label[r]}`);
  // the modules the build does not publish: code users do not get
  const unpublished = (a.identity?.nonProduct ?? [])
    .filter((n) => n.role === 'unpublished')
    .map((n) => n.path);
  const moduleLines = a.files
    .filter((f) => (f.role ?? 'product') === 'product' && !f.duplicateOf)
    .filter((f) => unpublished.some((d) => f.path.startsWith(`${d}/`)))
    .reduce((n, f) => n + f.code, 0);
  if (moduleLines > 0)
    rest.push(
      `${num(moduleLines)} lines in ${agree(unpublished.length, 'a module', 'modules')} the build does not publish (${joinSome(
        unpublished.map((d) => code(d)),
        3,
      )})`,
    );
  const paths = a.identity?.productPaths ?? [];
  // the folders the counted files are in, the ones holding most of the lines first: a product path
  // none of whose files is counted here (served images, a tool's config) is not named
  const byFolder = new Map<string, number>();
  for (const f of base) {
    const top = f.path.includes('/') ? f.path.split('/')[0]! : '';
    byFolder.set(top, (byFolder.get(top) ?? 0) + f.code);
  }
  const folders = [...byFolder].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([d]) => d);
  const where = !paths.length
    ? ''
    : folders.length === 1 && folders[0] === ''
      ? ' at the root of the repository'
      : ` under ${joinSome(
          folders.map((d) => (d ? code(d) : 'the root folder')),
          4,
        )}`;
  return `The product itself is ${num(product.code)} lines of code in ${plural(product.files, 'file')}${where}${rest.length ? `; ${joinSome(rest, 5)} are kept apart from it` : ''}.`;
}

/**
 * Without an identity purpose (an analysis made before the identity layer), the README's summary when
 * it is plain prose: never badges, images or HTML.
 */
export function readmeProse(a: Analysis): { text: string; path: string } | null {
  const summary = a.docs.readme?.summary?.trim();
  if (
    !summary ||
    /^(\[!\[|!\[|<|#|\||>)/.test(summary) ||
    /<img\b|\[!\[/i.test(summary) ||
    !/[.!?]/.test(summary)
  )
    return null;
  return { text: summary, path: a.docs.readme!.path };
}

/** A public name as users write it: a method with its type (`Mux.ServeHTTP`) where the API records it. */
export const qualifiedName = (e: ApiItem) => (e.owner ? `${e.owner}.${e.name}` : e.name);

/** How one public name reads in a sentence: "the `Command` struct", "the route `POST /items`". */
const apiPhrase = (e: Identity['publicApi'][number]) =>
  /^route\b/.test(e.kind)
    ? `the route ${code(`${e.kind.replace(/^route\s*/, '')} ${e.name}`.trim())}`
    : // "the `get` export" says nothing a name alone does not
      e.kind === 'export'
      ? `${code(e.name)}${e.deprecated ? ' (deprecated)' : ''}`
      : `the ${e.deprecated ? 'deprecated ' : ''}${code(e.name)} ${text(e.kind)}`;

/** The surface users call, in one sentence (a CLI's options, a library's types and functions). */
export function surfaceSentence(
  id: Identity,
  usage: Map<string, number> = new Map(),
  max = 8,
  protos: Prototype[] = [],
): string | null {
  const api = rankedApi(id, usage);
  if (!api.length) return null;
  const cli = api.filter((e) => CLI_KINDS.has(e.kind));
  if (cli.length > api.length / 2) return commandLineSentence(api, max);
  // the objects a framework makes for each request are what its users' handlers work with: the
  // surface is not told without them
  const objects = perRequestObjects(id, protos);
  // a command-line tool whose options were not read is still run, not called: its names serve other code
  if (!cli.length && id.kind === 'cli')
    return `Beside the command line, its code exports ${plural(api.length, 'public name')} to other code${ledBy(api, max)}.`;
  // the options of a command it also installs are no names users call: counted apart
  // its own names lead; another package's exports it passes on (`exports.json = bodyParser.json`) follow
  const names = api
    .filter((e) => !CLI_KINDS.has(e.kind))
    .sort((x, y) => Number(!!x.reexportOf) - Number(!!y.reexportOf));
  const passed = names.filter((e) => e.reexportOf);
  const passedOn = passed.length
    ? ` (${num(passed.length)} of them ${agree(passed.length, 'is another package’s export', 'are other packages’ exports')} it passes on, from ${joinSome(
        [...new Set(passed.map((e) => e.reexportOf!))].map(code),
        4,
      )})`
    : '';
  return `Its public surface is ${plural(names.length, 'name')}${passedOn}${ledBy(names, max)}${objects ? `, beside ${objects}` : ''}${commandLineTail(cli)}.`;
}

/** ", led by A, B and C" for the first of more names; ": A, B and C" when those are all of them. */
function ledBy(names: Identity['publicApi'], max: number): string {
  const shown = joinSome(names.slice(0, max).map(apiPhrase), max);
  return names.length > max ? `, led by ${shown}` : `: ${shown}`;
}

/** "the `context`, `request` and `response` objects it makes for each request", or null when it makes none. */
export function perRequestObjects(id: Identity, protos: Prototype[] = []): string | null {
  const shown = protos.filter((p) => p.members.length || p.delegates?.length);
  if (!shown.length) return null;
  // a server's own request object given the product's prototype is not one the product makes
  const names = `${joinAnd(shown.map((p) => code(p.name)))} ${shown.length === 1 ? 'object' : 'objects'}`;
  return shown.every((p) => p.sets)
    ? `the ${shown.length === 1 ? 'prototype' : 'prototypes'} it gives each ${perRequestUnit(id)}'s ${names}`
    : `the ${names} it makes for each ${perRequestUnit(id)}`;
}

/** What a framework makes its per-request objects for: a request when it listens, a call otherwise. */
function perRequestUnit(id: Identity): string {
  return id.mainPath?.some((s) => s.name === 'listen' || s.name === 'ServeHTTP' || s.name === 'createServer')
    ? 'request'
    : 'call';
}

/**
 * How the project works: where execution or use begins, the central files in the order the
 * reference graph ranks them (with what each says it does), and the public API they expose.
 */
export function howItWorks(
  a: Analysis,
  usage: Map<string, number> = new Map(),
  /** What another section of the report tells in full, and so is left out here. */
  elsewhere: { entries?: boolean; keyComponents?: boolean; publicApi?: boolean } = {},
): string[] {
  const id = a.identity;
  if (!id) return [];
  const parts: string[] = [];
  const entry = elsewhere.entries ? null : entrySentence(a);
  if (entry) parts.push(entry);
  parts.push(...mechanismParts(a));
  if (!elsewhere.keyComponents) parts.push(...keyComponentParts(a));
  if (!elsewhere.publicApi) parts.push(...publicApiParts(id, usage, a.flow?.prototypes));
  return parts;
}

/**
 * The product files that carry the most weight, in a table with what each does: the main path's
 * files, then the central types' files, then the most used (identity/centre.ts). A product of a few
 * files gets what each does instead, since ranking them all says nothing. A file with nothing to say
 * about it is left out rather than shown with an empty description.
 */
export function keyComponentParts(a: Analysis): string[] {
  // the files the component diagram draws, chosen once by the analysis (identity/components.ts)
  const links = a.identity?.components;
  const few = links
    ? !!links.unranked
    : (() => {
        const files = Object.keys(a.identity?.centrality ?? {}).length;
        return files > 0 && files < RANKED_FROM;
      })();
  const summaries = new Map((a.identity?.keyComponents ?? []).map((k) => [k.path, k.summary]));
  const paths = links?.nodes ?? (a.identity?.keyComponents ?? []).map((k) => k.path);
  const described = paths.flatMap((path) => {
    const summary = summaries.get(path);
    const what =
      prototypeOf(a, path) ??
      (summary
        ? withPathSteps(a, path, text(summary))
        : withRoutes(a, path, definesOf(a, path) ?? pathStepsOf(a, path)));
    return what ? [{ path, what }] : [];
  });
  const rows = few ? described : described.slice(0, MAX_COMPONENTS);
  if (!rows.length) return [];
  if (few)
    return [
      fewSentence(
        a,
        rows.map((r) => r.path),
      ),
      table(
        ['File', 'What it does'],
        rows.map((r) => [cite(r.path), r.what]),
        ['l', 'l'],
      ),
    ];
  return [
    rankingSentence(
      a,
      rows.map((r) => r.path),
    ),
    table(
      ['File', 'Rank', 'What it does'],
      rows.map((r, i) => [cite(r.path), String(i + 1), r.what]),
      ['l', 'r', 'l'],
    ),
  ];
}

/**
 * What the first ranked rows are, told by the code: "Of the product's 8 key files, the first 2 hold
 * steps of the main path, and the next 2 define `Config` and `DirEntry`:". A group the ranking does
 * not hold together is not told, nor is the order of the rest (a score, not one fact of the code).
 */
/**
 * "4 of the product's 7 code files; the first holds steps of the main path:": a product too small to
 * rank, told by how many files it has and which of those shown the main path runs through.
 */
function fewSentence(a: Analysis, paths: string[]): string {
  const onPath = new Set((a.identity?.mainPath ?? []).filter((s) => !s.external).map((s) => s.path));
  let first = 0;
  while (first < paths.length && onPath.has(paths[first]!)) first++;
  const total = a.identity?.components?.of ?? paths.length;
  const files =
    total > paths.length
      ? `${num(paths.length)} of the product's ${plural(total, 'code file')}`
      : `The product's ${plural(paths.length, 'code file')}`;
  if (!first || first === paths.length) return `${files}:`;
  return `${files}; the first ${first === 1 ? 'holds' : `${num(first)} hold`} steps of the main path:`;
}

function rankingSentence(a: Analysis, paths: string[]): string {
  const onPath = new Set((a.identity?.mainPath ?? []).filter((s) => !s.external).map((s) => s.path));
  // the central types the architecture lists, by the file defining each
  const shown = abstractionsOf(a).value.slice(0, CENTRAL_TYPES_SHOWN);
  const typesIn = (p: string) => shown.filter((t) => t.path === p).map((t) => t.name);
  const run = (from: number, has: (p: string) => boolean) => {
    let n = 0;
    while (from + n < paths.length && has(paths[from + n]!)) n++;
    return n;
  };
  const path = run(0, (p) => onPath.has(p));
  const types = run(path, (p) => typesIn(p).length > 0 && !onPath.has(p));
  const count = plural(paths.length, 'key file');
  if (paths.length === 1)
    return `The product's key file${path ? ', which holds steps of the main path' : ''}:`;
  if (!path && !types) return `The product's ${count}:`;
  const named = joinAnd(
    paths
      .slice(path, path + types)
      .flatMap(typesIn)
      .map((n) => code(n)),
  );
  const parts = [
    path ? `the first ${path === 1 ? 'one holds' : `${num(path)} hold`} steps of the main path` : '',
    types
      ? `the ${path ? 'next' : 'first'} ${types === 1 ? 'one defines' : `${num(types)} define`} ${named}`
      : '',
  ].filter(Boolean);
  return `Of the product's ${count}, ${parts.join(', and ')}:`;
}

/**
 * A docstring summary with the main path's public steps in the file, so that the table names the
 * function the report gives as the entry (requests' `api.py`: "… The main path runs through `get()`").
 */
function withPathSteps(a: Analysis, path: string, summary: string): string {
  const steps = (a.identity?.mainPath ?? []).filter((s) => s.path === path && !s.external && !s.handedIn);
  const names = [
    ...new Set(
      steps
        .filter((s) => !/^[_#]/.test(s.name) && !/^[_#]/.test(s.owner ?? ''))
        .map((s) => (s.owner ? `${s.owner}.${s.name}()` : /^[A-Z]/.test(s.name) ? s.name : `${s.name}()`)),
    ),
  ];
  return names.length
    ? `${summary} The main path runs through ${joinSome(
        names.map((n) => code(n)),
        3,
      )} here.`
    : summary;
}

/**
 * What a main-path file with no header comment and no public name does: the steps the path takes in
 * it, private ones included, so that the ranking keeps every file the path runs through.
 */
function pathStepsOf(a: Analysis, path: string): string | null {
  const steps = (a.identity?.mainPath ?? []).filter((s) => s.path === path && !s.external && !s.handedIn);
  const names = [
    ...new Set(steps.map((s) => `${s.owner ? `${s.owner}.` : ''}${s.name.replace(/^#/, '')}()`)),
  ];
  return names.length
    ? `the main path runs through ${joinSome(
        names.map((n) => code(n)),
        3,
      )} here`
    : null;
}

/**
 * What a file that is the prototype of a per-request object is for: "the prototype of the `context`
 * `Application.createContext()` makes for each request (…); it hands 18 members on to `response` (…)
 * and 29 to `request` (…)", then what it defines itself.
 */
function prototypeOf(a: Analysis, path: string): string | null {
  const p = a.flow?.prototypes?.find((x) => x.path === path);
  if (!p) return null;
  const by = `${p.by.owner ? `${p.by.owner}.` : ''}${p.by.name}()`;
  const unit = unitOf(a, a.identity?.mainPath ?? []);
  const hands = p.delegates?.length
    ? `; it hands ${joinAnd(
        p.delegates.map(
          (d, i) =>
            `${num(d.members)}${i ? '' : ` ${d.members === 1 ? 'member' : 'members'}`} on to ${code(d.to)} (${cite(path, d.line)})`,
        ),
      )}`
    : '';
  const defines = definesOf(a, path);
  return `the prototype of the ${code(p.name)} object ${code(by)} ${p.sets ? 'gives' : 'makes for'} each ${unit} (${cite(p.by.path, p.by.line)})${hands}${defines ? `; it ${defines}` : ''}`;
}

/** What a file without a header comment does, told by what it defines: "defines `DirEntry`, `scan()`". */

/**
 * "declares 68 routes under `/ping`, `/api` and `/badge`; defines …": a file that maps several of the
 * product's routes is described by them first, whatever else it defines (a path converter).
 */
export function withRoutes(a: Analysis, path: string, what: string | null): string | null {
  const routes = (a.routes ?? []).filter((r) => r.file === path && (!r.area || r.area === 'product'));
  if (routes.length < ROUTE_MAP_MIN) return what;
  const prefixes = [...new Set(routes.map((r) => `/${r.path.split('/').find(Boolean) ?? ''}`))];
  const declares = `declares ${plural(routes.length, 'route')} under ${joinSome(prefixes.map(code), 4)}`;
  return what ? `${declares}; ${what}` : declares;
}

function definesOf(a: Analysis, path: string): string | null {
  const names = a.flow?.defines.find((d) => d.path === path)?.names;
  return names?.length ? `defines ${joinAnd(names.map((n) => code(n)))}` : null;
}

type Entry = Identity['entryPoints'][number];

/**
 * One entry as a user meets it: the call they write where one is known (`chi.NewRouter()` at its
 * definition), else the file and why it is an entry.
 */
export function entryPhrase(e: Entry): string {
  return e.call ? `${code(e.call)} (${cite(e.path, e.line)})` : `${cite(e.path, e.line)} (${text(e.how)})`;
}

/** What a user imports, when the entries name it: `, imported as \`github.com/go-chi/chi/v5\``. */
export function importedAs(entries: Entry[]): string {
  const paths = [...new Set(entries.slice(0, 3).flatMap((e) => (e.importPath ? [e.importPath] : [])))];
  return paths.length ? `, imported as ${joinAnd(paths.map((p) => code(p)))}` : '';
}

/** "Use of the framework begins with `new Koa()` (`lib/application.js:51`), imported as `koa`." */
export function entrySentence(a: Analysis): string | null {
  const id = a.identity;
  if (!id?.entryPoints.length) return null;
  const entries = id.entryPoints.slice(0, 3);
  return `Use of the ${kindName(id.kind)} begins ${entries[0]!.call ? 'with' : 'at'} ${joinSome(
    entries.map(entryPhrase),
    3,
  )}${importedAs(entries)}.`;
}

/**
 * "It is used through 57 command-line options and 3 subcommands (`build`, `init`, `run`), such as
 * `--type`, …": the count of every option, the examples visible and most used.
 */
export function commandLineSentence(api: ApiItem[], max = 8): string {
  const { options, visible, subs, subOptions } = commandLine(api);
  // every subcommand is counted, as the interface chapter counts them; the examples are visible ones
  const shown = subs.filter((e) => !e.hidden);
  const commands = subs.length
    ? ` and ${plural(subs.length, 'subcommand')}${when(
        shown.length,
        ` (${joinSome(
          shown.map((e) => code(e.name)),
          4,
        )})`,
      )}`
    : '';
  const own = subOptionsClause(subOptions, subs);
  return `It is used through ${plural(options.length, 'command-line option')}${commands}${
    visible.length
      ? `, such as ${joinSome(
          visible.slice(0, max).map((e) => code(e.name)),
          max,
        )}`
      : ''
  }${when(own, `; ${own}`)}.`;
}

/**
 * A command line counted once, for every chapter that counts it: its options (hidden ones among them)
 * and its subcommands (hidden ones among them).
 */
/** ", and a command line of 14 options": what a library's own command takes, beside its names. */
export function commandLineTail(api: ApiItem[]): string {
  const { options, subs, subOptions } = commandLine(api);
  const counted = joinAnd(
    [
      options.length ? plural(options.length, 'option') : '',
      subs.length ? plural(subs.length, 'subcommand') : '',
    ].filter(Boolean),
  );
  const own = subOptionsClause(subOptions, subs);
  return counted ? `, and a command line of ${counted}${when(own, ` (${own})`)}` : '';
}

export function commandLine(api: ApiItem[]): {
  options: ApiItem[];
  visible: ApiItem[];
  hidden: ApiItem[];
  subs: ApiItem[];
  subOptions: ApiItem[];
} {
  // a subcommand's own options (`bat cache --build`) are not the command's: counted apart, never
  // among what the command's `--help` shows
  const options = api.filter((e) => isOption(e) && !e.subcommand);
  return {
    options,
    visible: options.filter((e) => !e.hidden),
    hidden: options.filter((e) => e.hidden),
    subs: api.filter((e) => e.kind === 'subcommand'),
    subOptions: api.filter((e) => isOption(e) && !!e.subcommand),
  };
}

/** The options of each subcommand that has its own, in the order the code declares them. */
function bySubcommand(subOptions: ApiItem[]): [string, ApiItem[]][] {
  const out = new Map<string, ApiItem[]>();
  const declared = [...subOptions].sort((x, y) => x.path.localeCompare(y.path) || x.line - y.line);
  for (const e of declared) out.set(e.subcommand!, [...(out.get(e.subcommand!) ?? []), e]);
  return [...out];
}

/**
 * "the `cache` subcommand takes 7 options of its own", or "3 subcommands take 12 options of their
 * own"; empty when none has any.
 */
export function subOptionsClause(subOptions: ApiItem[], subs: ApiItem[] = []): string {
  const groups = bySubcommand(subOptions);
  if (!groups.length) return '';
  // a hidden subcommand is said to be one where it is named (`the hidden \`cache\` subcommand`)
  const hidden = subs.some((e) => e.hidden && e.name === groups[0]![0].split(' ').pop());
  return groups.length === 1
    ? `the ${when(hidden, 'hidden ')}${code(groups[0]![0])} subcommand takes ${plural(subOptions.length, 'option')} of its own`
    : `${num(groups.length)} subcommands take ${plural(subOptions.length, 'option')} of their own`;
}

/** A command line's parts, or none: the options and subcommands its parser declares. */
export function commandLineParts(id: Identity, usage: Map<string, number> = new Map()): string[] {
  const api = rankedApi(id, usage);
  const { options, hidden, subs, subOptions } = commandLine(api);
  if (!options.length && !subs.length) return [];
  const parts: string[] = [];
  const files = [...new Set([...options, ...subs].map((e) => e.path))];
  const shortOnly = options.filter((e) => !e.name.startsWith('--')).length;
  const groups = countGroups(options);
  const declared = `${joinSome(
    files.map((p) => cite(p)),
    3,
  )} ${agree(files.length, 'declares', 'declare')}`;
  const counted = [
    options.length
      ? `${plural(options.length, 'option')}${shortOnly ? ` (${num(options.length - shortOnly)} with a long name)` : ''}`
      : '',
    subs.length ? plural(subs.length, 'subcommand') : '',
  ].filter(Boolean);
  parts.push(
    `${declared} the command line: ${joinAnd(counted)}${
      groups.length > 1
        ? `, in ${joinAnd(groups.map(([g, n]) => `${code(g)} (${plural(n, 'option')})`))}`
        : ''
    }.`,
  );
  if (subs.length)
    parts.push(
      `The subcommands are ${joinAnd(subs.map((e) => `${code(e.name)} (${cite(e.path, e.line)})${e.hidden ? ' (hidden)' : ''}`))}.`,
    );
  // each subcommand's own options by name, apart from the command's table (`bat cache --build`)
  for (const [sub, own] of bySubcommand(subOptions).slice(0, 10))
    parts.push(
      `The ${code(sub)} subcommand takes ${plural(own.length, 'option')} of its own: ${joinSome(
        own.map((e) => `${code(e.name)} (${cite(e.path, e.line)})${e.hidden ? ' (hidden)' : ''}`),
        12,
      )}.`,
    );
  const visible = options.filter((e) => !e.hidden);
  // the table's order is the ranking's: by use in the project's own text when it names options
  const byUse = visible.filter((e) => usesOf(usage, e) > 0).length >= 3;
  if (visible.length)
    parts.push(
      // the order told as what the project's text names most, a fact of the code, not a rule of the table
      `${hidden.length ? `The ${plural(visible.length, 'option')} shown by ${code('--help')}` : 'Every option'}${
        byUse
          ? `; the project's own documentation, tests and scripts name ${joinAnd(
              [...visible]
                .sort((x, y) => usesOf(usage, y) - usesOf(usage, x))
                .slice(0, 3)
                .map((e) => code(e.name)),
            )} most`
          : ', in the order the code declares them'
      }:`,
      table(
        ['Option', 'Short', 'Value', 'Declared at'],
        visible.map((e) => [
          code(e.name),
          e.short ? code(e.short) : '—',
          e.value ? code(`<${e.value}>`) : '—',
          cite(e.path, e.line),
        ]),
        ['l', 'l', 'l', 'l'],
      ),
    );
  if (hidden.length)
    parts.push(
      `${plural(hidden.length, 'option')} ${agree(hidden.length, 'is', 'are')} hidden from ${code('--help')}: ${joinAnd(hidden.map((e) => `${code(e.name)} (${cite(e.path, e.line)})`))}.`,
    );
  return parts;
}

/** Options per declaring struct or command, largest first; ungrouped options are not a group. */
function countGroups(options: ApiItem[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const e of options) if (e.group) counts.set(e.group, (counts.get(e.group) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1]);
}

/** The public API: a CLI's command line in full, other names in a table (types first, by file rank). */
export function publicApiParts(
  id: Identity,
  usage: Map<string, number> = new Map(),
  /** The prototypes of the objects made for each unit of work (flow/prototypes.ts): their members are API too. */
  perRequest: Prototype[] = [],
): string[] {
  const cli = commandLineParts(id, usage);
  const api = rankedApi(id, usage);
  const rest = api.filter((e) => !CLI_KINDS.has(e.kind));
  // a library that also installs a command is used through its names first (Flask, then `flask run`)
  const namesFirst = libraryFirst(id) && rest.length > 0;
  const parts: string[] = namesFirst ? [] : [...cli];
  if (rest.length) {
    const first30 = rest.length > 30 ? ', among them these 30' : '';
    // a command line's users type options; the names a crate beside it exports serve other code
    parts.push(
      `${
        // a program's users run it, whether or not its options were read: the names serve other code
        (cli.length || id.kind === 'cli') && !namesFirst
          ? `Beside the command line, the code exports ${plural(rest.length, 'public name')} to other code`
          : `${plural(rest.length, 'public name')} ${agree(rest.length, 'makes', 'make')} up what users of the ${kindName(id.kind)} call${perRequest.length ? ' on what it exports' : ''}`
      }${first30}:`,
      table(
        ['Name', 'Kind', 'Defined at'],
        // a re-export line is not a definition: the column points where the name is defined
        rest
          .slice(0, 30)
          .map((e) => [
            code(qualifiedName(e)),
            e.reexportOf
              ? `re-export from ${code(e.reexportOf)}`
              : text(e.deprecated ? `${e.kind}, deprecated` : e.kind),
            cite(e.definedAt?.path ?? e.path, e.definedAt?.line ?? e.line),
          ]),
        ['l', 'l', 'l'],
      ),
    );
  }
  if (rest.length > 30) parts.push(...byDefiningFile(rest));
  const objects = perRequestSentence(id, perRequest, usage);
  if (objects) parts.push(objects);
  if (namesFirst) parts.push(...cli);
  return parts;
}

/**
 * Every public name, by the file that defines it, with the first it declares: where a
 * table of the first 30 cannot show them all, a library's files are its areas (building commands,
 * checking arguments, completion, a secondary package), and each is named by what users call in it.
 */
function byDefiningFile(api: Identity['publicApi']): string[] {
  const files = new Map<string, Identity['publicApi']>();
  for (const e of api) {
    const at = e.definedAt?.path ?? e.path;
    files.set(at, [...(files.get(at) ?? []), e]);
  }
  const rows = [...files.entries()].sort((x, y) => y[1].length - x[1].length || x[0].localeCompare(y[0]));
  const shown = rows.slice(0, 12);
  // a file's names in the order it declares them, its types first: a count of uses by bare name mixes
  // a method with every other call of that name (`Add`, `ServeHTTP`), and a helper the package calls
  // itself is not what users call
  const top = (es: Identity['publicApi']) =>
    [...es]
      .sort(
        (x, y) =>
          Number(!!x.deprecated) - Number(!!y.deprecated) ||
          Number(PLUMBING.test(x.name)) - Number(PLUMBING.test(y.name)) ||
          Number(!TYPE_KINDS.has(x.kind)) - Number(!TYPE_KINDS.has(y.kind)) ||
          (x.definedAt?.line ?? x.line) - (y.definedAt?.line ?? y.line),
      )
      .slice(0, 4)
      .map((e) => code(qualifiedName(e)));
  return [
    `${plural(api.length, 'name')} in ${plural(rows.length, 'file')}:`,
    table(
      ['File', 'Names', 'Such as'],
      shown.map(([f, es]) => [cite(f), es.length, joinAnd(top(es))]),
      ['l', 'r', 'l'],
    ),
    rows.length > shown.length
      ? `…and ${plural(rows.length - shown.length, 'more file')} with ${plural(
          rows.slice(shown.length).reduce((n, [, es]) => n + es.length, 0),
          'name',
        )}.`
      : '',
  ].filter(Boolean);
}

/**
 * "Beside these, users' code works with the objects made for each request: `context` (…; 2 members of
 * its own and 47 handed on to `response` and `request`), `request` (…; 32 members such as `header`)…"
 */
function perRequestSentence(
  id: Identity,
  protos: Prototype[],
  usage: Map<string, number> = new Map(),
): string | null {
  const shown = protos.filter((p) => p.members.length || p.delegates?.length);
  if (!shown.length) return null;
  const unit = perRequestUnit(id);
  const one = (p: Prototype) => {
    // every member is counted; plumbing (`inspect`, `toJSON`) is not named among the examples
    // the members users' code and the docs use most are the examples, in file order where none is counted
    const own = p.members
      .filter((m) => !PLUMBING.test(m))
      .map((m, i) => ({ m, i, n: usage.get(`member .${m}`) ?? 0 }))
      .sort((x, y) => y.n - x.n || x.i - y.i)
      .map((x) => x.m);
    const handed = (p.delegates ?? []).reduce((n, d) => n + d.members, 0);
    // all of a few members are named; of many, the first three
    const examples = !own.length
      ? ''
      : own.length === p.members.length && own.length <= 3
        ? `, ${joinAnd(own.map((m) => code(m)))}${handed ? ',' : ''}`
        : ` such as ${joinAnd(own.slice(0, 3).map((m) => code(m)))}${handed ? ',' : ''}`;
    const delegated = handed
      ? ` and ${num(handed)} handed on to ${joinAnd((p.delegates ?? []).map((d) => code(d.to)))}`
      : '';
    const ownText = handed
      ? `${plural(p.members.length, 'member')} of its own${examples}`
      : `${plural(p.members.length, 'member')}${examples}`;
    return `${code(p.name)} (${cite(p.path)}; ${ownText}${delegated})`;
  };
  return `Beside these, users' code works with the objects ${shown.every((p) => p.sets) ? 'each' : 'made for each'} ${unit}${shown.every((p) => p.sets) ? ' is given, through their prototypes' : ''}: ${joinAnd(shown.map(one))}.`;
}

/** A library or framework first, whatever command it also installs. */
export function libraryFirst(id: Identity): boolean {
  return id.kind === 'library' || id.kind === 'framework';
}

/** The text without the addresses written out in it, nor the colon that led to one. */
function withoutLinks(text: string): string {
  const parts = text.split(/<?https?:\/\/\S+/);
  return parts.map((p, i) => (i < parts.length - 1 ? p.trimEnd().replace(/:$/, '') : p)).join('');
}

/** The text without the characters `chars` matches at its end. */
function trimEndOf(text: string, chars: RegExp): string {
  let end = text.length;
  while (end > 0 && chars.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Words a route path ends with that name what the user does to the resource before them. */
const ROUTE_ACTIONS: Record<string, string> = {
  new: 'add',
  create: 'add',
  add: 'add',
  edit: 'edit',
  update: 'edit',
  delete: 'delete',
  remove: 'delete',
  find: 'find',
  search: 'find',
};
const TASK_ORDER = ['find', 'list', 'view', 'add', 'edit', 'delete'];
/** A path parameter in any framework's spelling: `{id}`, `[id]`, `:id`, `<int:id>`, `*`. */
const PARAM_SEGMENT = /^(?:[{[:<*]|\(\?)/;

/** A word's singular, as route paths and entity names spell nouns: `owners`, `specialties`, `boxes`. */
function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/**
 * What an application's routes let a user do, by the REST and MVC conventions of its paths: a
 * path segment that names one of the product's stored entities is a resource; a path that ends with
 * an action word after it (`/owners/new`, `/owners/{id}/edit`) does that to it; one that ends at the
 * resource lists it (GET) or adds to it (POST); one that ends at a parameter after it views (GET),
 * edits (POST, PUT, PATCH) or deletes (DELETE) one. Paths of no stored entity (`/oups`, `/signin`)
 * tell nothing this way and are left out. Resources come in path order, each with its first route.
 */
export function routeTasks(
  routes: { method: string; path: string; file: string; line: number }[],
  entities: { name: string; table?: string }[],
): { resource: string; tasks: string[]; file: string; line: number }[] {
  const known = new Set(entities.flatMap((e) => [e.name, e.table ?? ''].filter(Boolean).map(singular)));
  const byResource = new Map<string, { tasks: Set<string>; file: string; line: number; path: string }>();
  for (const r of routes) {
    const segments = r.path
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/\.\w+$/, ''));
    const at = (i: number) => segments[i] ?? '';
    const last = segments.length - 1;
    let task: string | undefined;
    let resource: string | undefined;
    const method = r.method.toUpperCase();
    if (ROUTE_ACTIONS[at(last).toLowerCase()]) {
      let i = last - 1;
      while (i >= 0 && PARAM_SEGMENT.test(at(i))) i--;
      if (i >= 0 && known.has(singular(at(i))))
        [task, resource] = [ROUTE_ACTIONS[at(last).toLowerCase()], at(i)];
    } else if (known.has(singular(at(last))) && !PARAM_SEGMENT.test(at(last))) {
      task = method === 'GET' ? 'list' : method === 'POST' ? 'add' : undefined;
      resource = at(last);
    } else if (last > 0 && PARAM_SEGMENT.test(at(last)) && known.has(singular(at(last - 1)))) {
      task =
        method === 'GET'
          ? 'view'
          : /^(?:POST|PUT|PATCH)$/.test(method)
            ? 'edit'
            : method === 'DELETE'
              ? 'delete'
              : undefined;
      resource = at(last - 1);
    }
    if (!task || !resource) continue;
    const noun = singular(resource);
    const entry = byResource.get(noun);
    if (!entry) byResource.set(noun, { tasks: new Set([task]), file: r.file, line: r.line, path: r.path });
    else {
      entry.tasks.add(task);
      // the resource's own path is cited (`/users`), not one under another prefix (`/private/users/`)
      const depth = (p: string) => p.split('/').filter(Boolean).length;
      const d = depth(r.path) - depth(entry.path);
      if (d < 0 || (d === 0 && r.path < entry.path))
        Object.assign(entry, { file: r.file, line: r.line, path: r.path });
    }
  }
  return [...byResource.entries()]
    .sort((x, y) => (x[1].path < y[1].path ? -1 : x[1].path > y[1].path ? 1 : 0))
    .map(([noun, e]) => ({
      resource: noun.endsWith('y')
        ? `${noun.slice(0, -1)}ies`
        : /(?:s|x|ch|sh)$/.test(noun)
          ? `${noun}es`
          : `${noun}s`,
      tasks: TASK_ORDER.filter((t) => e.tasks.has(t)),
      file: e.file,
      line: e.line,
    }));
}

/**
 * What an application lets its users do, in one sentence drawn from its routes (`routeTasks`): "Its
 * routes let a user find, add and edit owners, add pets and list vets". Said only where at least two
 * resources are found, since one resource alone says little of what the application is for.
 */
export function routeTaskSentence(a: Analysis): string | null {
  const routes = a.routes.filter((r) => !r.area || r.area === 'product');
  const entities = (a.dataModel ?? []).filter((e) => e.store !== 'schema');
  const found = routeTasks(routes, entities);
  if (found.length < 2) return null;
  const items = found.map((f) => `${joinAnd(f.tasks)} ${f.resource} (${cite(f.file, f.line)})`);
  return `Its routes let a user ${items.length > 2 ? items.join('; ').replace(/; (?=[^;]*$)/, '; and ') : joinAnd(items)}.`;
}

/**
 * Where the test cases are: "1 test file and 13 source files with inline tests"; the cases of inline
 * test modules (a Rust `#[cfg(test)]` module) are not in the test files, so their source files count beside.
 */
export function testPlaces(a: Analysis): string {
  const { files, inline } = projectModel(a).tests.value;
  return `${plural(files.length, 'test file')}${when(inline.length, ` and ${plural(inline.length, 'source file')} with inline tests`)}`;
}

/** ", 2 of them optional extras": optional runtime dependencies are counted apart, in the ecosystem's words. */
export function optionalNote(runtime: Dependency[]): string {
  const optional = runtime.filter((d) => d.scope === 'optional');
  if (!optional.length) return '';
  // a requirements file has no extras: its optional packages are the ones an image adds
  const words = unique(
    optional.map((d) =>
      /requirements[^/]*\.(?:txt|in)$/.test(d.manifest)
        ? 'optional'
        : (OPTIONAL_WORDS[d.ecosystem] ?? 'optional'),
    ),
  );
  return ` (${num(optional.length)} of them ${words.length === 1 ? words[0] : 'optional'})`;
}

// what an 'optional' scope is in each ecosystem: a PyPI extra, npm's optionalDependencies, a Maven
// <optional> dependency, a crate a Cargo feature turns on, a Go requirement marked `// indirect`
const OPTIONAL_WORDS: Partial<Record<Dependency['ecosystem'], string>> = {
  pip: 'optional extras',
  cargo: 'behind a feature',
  go: 'indirect',
};
