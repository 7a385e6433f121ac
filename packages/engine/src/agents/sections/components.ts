// Components / modules: one entry per module with its size, largest files and exported symbols.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headerSummary } from '../../analyse/identity/rank.ts';
import { escapeRe } from '../../analyse/line-counter.ts';
import { moduleHome } from '../../analyse/module-graph.ts';
import type { Analysis, Flow, SymbolInfo } from '../../analyse/types.ts';
import { declaresExports, factsOf, modulePath } from '../facts.ts';
import { abstractionsSentence } from '../how-it-works.ts';
import { keyComponentParts, qualifiedName, rankedApi, usageCounts } from '../identity-text.ts';
import { abstractionsOf, CLI_KINDS } from '../model.ts';
import { toldElsewhere, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  sentence,
  text,
  when,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';
import { packageFamily, type PackageFamily } from '../product-features.ts';

export const components = defineSection({
  kind: 'components',
  keywords: [
    'components',
    'modules',
    'packages',
    'subsystems',
    'services',
    'building blocks',
    'key files',
    'main modules',
    'code organisation',
    'code organization',
    'core modules',
    'component',
    'module',
    'service',
    'package',
  ],
  evidence: ['moduleGraph', 'tree', 'symbols', 'files'],
  analyst(a) {
    const nodes = factsOf(a).modules;
    const out = nodes.slice(0, 4).map((n) => {
      const name = n.id === '.' || n.id === '' ? 'The root folder' : text(n.id);
      return f(`${name} has ${plural(n.files, 'file')} and ${num(n.lines)} lines of code.`);
    });
    if (!out.length)
      for (const d of a.tree.children.slice(0, 4))
        out.push(f(`${text(d.path)} has ${plural(d.files, 'file')} and ${num(d.lines)} lines of code.`));
    return out;
  },
  writer: writeComponents,
});

const MEMBER_KINDS = new Set(['method', 'property', 'getter', 'setter', 'field']);

export function writeComponents(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const mods = a.moduleGraph.nodes.length
    ? fx.modules
    : a.tree.children.map((d) => ({ id: d.path, files: d.files, lines: d.lines }));
  if (!mods.length) {
    const largest = joinSome(
      fx.largestFiles.slice(0, 4).map((f) => `${cite(f.path)} (${plural(f.code, 'line')})`),
      4,
    );
    return sentence(
      `All ${plural(a.project.files, 'file')} sit at the repository root, so there are no separate modules`,
      `; the largest are ${largest}`,
    );
  }
  // Each file belongs to the most specific module containing it ("src/routes" before "src").
  const home = moduleHome(
    mods.map((m) => m.id),
    fx.moduleFolder,
  );
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  // a JVM file counts in its package's folder (`modulePath`), a Rust `X.rs` in `X/`
  const owner = (p: string) =>
    apart.some((x) => p === x || p.startsWith(`${x}/`)) ? undefined : home(modulePath(a, p));
  const within = (id: string, p: string) => owner(p) === id;
  // a module's figures are those of the product files told under it, so its largest files never
  // outweigh it and the modules add up to the product
  const told = mods
    .map((m) => {
      const own = fx.productFiles.filter((f) => within(m.id, f.path));
      return own.length ? { ...m, files: own.length, lines: own.reduce((n, f) => n + f.code, 0) } : m;
    })
    .sort((x, y) => y.lines - x.lines);
  // a module's share of the public names the identity layer counted, so the modules add up to the one
  // count the summary and the API chapter give (the API chapter tells the whole surface, so a single
  // module says nothing more), named most used first; otherwise its exported symbols, private modules
  // left out
  const declared = a.identity ? rankedApi(a.identity).filter((e) => !CLI_KINDS.has(e.kind)) : [];
  const usage = declared.length ? usageCounts(a, ctx.workspace) : new Map<string, number>();
  // a subpath pattern (`"./utils/*": "./dist/utils/*.js"`) makes every file of a folder an entry of its own:
  // the names the identity layer counted from the package's root are not that folder's public surface
  const patterns = a.entryPoints.filter((e) => e.kind === 'export' && e.command?.includes('*'));
  const underPattern = (id: string) =>
    patterns.find((e) => {
      const dir = e.command!.slice(0, e.command!.indexOf('*')).replace(/^\.?\//, '');
      const target = dir.replace(/^(dist|lib|build|out|esm|cjs)\//, '').replace(/\/$/, '');
      return !!target && id.replace(/^src\//, '') === target;
    });
  const exportsOf = (id: string): string => {
    const pattern = underPattern(id);
    if (pattern)
      return ` Each of its files is a public entry of its own, through ${code(pattern.name)} (${cite(pattern.path, pattern.line)}).`;
    if (declared.length) {
      if (mods.length < 2) return '';
      // a name two entry points export (a class and its re-export, `jsx` of two runtimes) is one
      // name; a route's methods on one path stay apart, each an endpoint
      const key = (e: (typeof declared)[number]) =>
        `${/^route\b/.test(e.kind) ? e.kind : ''} ${qualifiedName(e)}`;
      const all = declared
        .map((e, rank) => ({ e, rank, at: e.definedAt ?? { path: e.path, line: e.line } }))
        .filter(({ at }) => within(id, at.path));
      const here = all.filter(({ e }, i) => all.findIndex((o) => key(o.e) === key(e)) === i);
      if (!here.length) return '';
      // a name whose entry points export two different definitions (`jsx`: `jsxDEV` of the runtime
      // and the `jsx` of the base) would be one of two things in the sample, with nothing to tell which
      const twofold = (name: string) =>
        new Set(
          all
            .filter(({ e }) => key(e) === name && (e.definedAt || e.kind !== 'export'))
            .map(({ at }) => `${at.path}:${at.line}`),
        ).size > 1;
      const plain = here.filter(({ e }) => !twofold(key(e)));
      // a class's members are counted but not what the sample names first
      const sample = [...(plain.length >= Math.min(4, here.length) ? plain : here)].sort(
        (x, y) =>
          Number(MEMBER_KINDS.has(x.e.kind)) - Number(MEMBER_KINDS.has(y.e.kind)) ||
          (usage.get(y.e.name) ?? 0) - (usage.get(x.e.name) ?? 0) ||
          x.rank - y.rank,
      );
      return ` It exports ${plural(here.length, 'public name')}${here.length > 4 ? ', among them' : ':'} ${joinSome(
        sample
          .slice(0, 4)
          .map(
            ({ e, at }) =>
              `${code(qualifiedName(e))} (${e.reexportOf ? `re-export from ${code(e.reexportOf)}` : text(e.kind)}, ${cite(at.path, at.line)})`,
          ),
        4,
      )}.`;
    }
    const own = fx.exportedSymbols.filter((s) => within(id, s.path));
    // a program's module the main path runs through: that is its part, in its files' names (the
    // architecture chapter tells the steps)
    const pathFiles = [
      ...new Set(
        (a.identity?.mainPath ?? []).filter((st) => !st.external && within(id, st.path)).map((st) => st.path),
      ),
    ];
    const onPath = pathFiles.length
      ? ` The main path runs through ${pathFiles.length === 1 ? 'its file' : `${num(pathFiles.length)} of its files,`} ${joinAnd(pathFiles.map((p) => cite(p)))}.`
      : '';
    return (
      onPath +
      symbolsSentence(a, own, ctx.workspace?.root) +
      optionsSentence(a, ctx, own, (p) => within(id, p))
    );
  };
  const headerOf = (p: string): string | undefined => {
    try {
      return fileHeader(p, readFileSync(path.join(ctx.workspace.root, p), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const migrations = new Set(fx.dataModel.migrations.map((x) => x.path));
  // the files the size findings set aside (a generated file, a table of literal data, a file of type
  // declarations only) lead no module either
  const unranked = new Set(
    [...fx.notRanked.generated, ...fx.notRanked.copied, ...fx.notRanked.data, ...fx.notRanked.types].map(
      (f) => f.path,
    ),
  );
  const blocks = told.slice(0, 10).map((m) => {
    const files = fx.productFiles.filter((f) => within(m.id, f.path)).sort((x, y) => y.code - x.code);
    // a migration is the schema's history: the module's size counts it, its sample of files does not;
    // a file without code lines (a generated declaration stub) is never one of the largest
    const sampled = files.filter((f) => !migrations.has(f.path) && !unranked.has(f.path) && f.code > 0);
    const symText = exportsOf(m.id);
    const largest = joinSome(
      sampled.slice(0, 3).map((f) => `${cite(f.path)} (${plural(f.code, 'line')})`),
      3,
    );
    // a module of a few files is told file by file, each with its header's first sentence: "the
    // largest" of the only two files ranks nothing
    const few = sampled.length === files.length && files.length <= 3;
    const said = (f: (typeof files)[number]) => {
      const summary = few && headerOf(f.path);
      return `${cite(f.path)} (${plural(f.code, 'line')}${summary ? `: ${text(summary.replace(/\.$/, ''))}` : ''})`;
    };
    const fileText = when(
      sampled.length,
      few
        ? ` Its ${agree(files.length, 'file is', 'files are')} ${joinAnd(files.map(said))}.`
        : ` Its ${agree(sampled.length, 'largest file is', 'largest files are')} ${largest}.`,
    );
    const name = m.id && m.id !== '.' ? code(m.id) : '(root)';
    const family =
      m.id && m.id !== '.'
        ? familySentence(
            m.id,
            a.files.map((f) => f.path),
            abstractionsOf(a).value,
          )
        : '';
    return `**${name}** — ${plural(m.files, 'file')}, ${num(m.lines)} lines of code.${family}${fileText}${symText}`;
  });
  const rest =
    told.length > 10
      ? `${plural(told.length - 10, 'smaller module')} (${joinSome(
          told.slice(10).map((m) => code(m.id)),
          6,
        )}) ${agree(told.length - 10, 'holds', 'hold')} the remaining code.`
      : '';
  // The key components first, told in full here: the product files the rest of the code refers to most.
  const key = keyComponentParts(a);
  // the central types belong with the mechanism, in the architecture section when the report has one
  const types =
    abstractionsOf(a).value.length &&
    !toldElsewhere(ctx, 'architecture', 'modules') &&
    !toldElsewhere(ctx, 'architecture', 'flow')
      ? abstractionsSentence(a)
      : null;
  return paragraphs(...key, types, ...blocks, rest);
}

/**
 * The first sentence of what a file says of itself: the comment or docstring it opens with, where a
 * blank line parts it from the code (or it is marked `@module` / `@file`); a comment right above a
 * declaration, or one after the imports, documents that declaration, not the file.
 */
export function fileHeader(file: string, text: string): string | undefined {
  if (file.endsWith('.go')) return headerSummary(text);
  const lines = text.split('\n');
  let i = 0;
  let quote: string | null = null;
  for (; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (quote) {
      if (t.includes(quote)) quote = null;
      continue;
    }
    const opens = /^(?:[rbu]?("""|'''))/.exec(t);
    if (opens) {
      if (t.slice(opens[0].length).includes(opens[1]!) === false) quote = opens[1]!;
      continue;
    }
    if (!t || /^(?:\/\/|\/\*|\*|#)/.test(t)) continue;
    break;
  }
  const head = lines.slice(0, i);
  // the comment must end before a blank line, or say it is the file's
  const lastComment = head.map((l) => l.trim()).findLastIndex(Boolean);
  const marked = head.some((l) => /@(?:module|file|fileoverview)\b/.test(l));
  if (lastComment < 0 || (!marked && lastComment === i - 1 && i < lines.length)) return undefined;
  return headerSummary(head.join('\n'));
}

/**
 * A folder whose subfolders are packages of one shape, each with the same files (an integration's
 * `transport.py`, `urls.py` and `views.py`): one plug-in per subfolder, which the file sample alone
 * never shows. The shared files are those at least four in five subfolders hold, tests left out.
 */
export function familySentence(
  dir: string,
  paths: string[],
  /** The central types, with the product files that derive from them. */
  types: Flow['abstractions'] = [],
): string {
  const family = packageFamily(dir, paths, types);
  if (!family) return '';
  const { subs, shared, least } = family;
  const files = joinAnd(shared.slice(0, 4).map(code));
  // "each" only when every package has every shared file
  const having =
    least === subs.length ? `each with its own ${files}` : `${files} in at least ${num(least)} of them`;
  return ` It holds ${plural(subs.length, 'package')} of one shape, ${having}: ${joinSome(subs.map(code), 6)}.${kindSentence(family)}`;
}

/**
 * What each package of a family is: the central type that one shared file derives from in at least
 * four in five of them (each integration's `transport.py` a `Transport`), and the method the type
 * leaves to them in its authors' words, which says what the plug-ins are for.
 */
function kindSentence({ kind }: PackageFamily): string {
  if (!kind) return '';
  const { file: f, n, type: t } = kind;
  const open = t.subclassed?.open;
  const what = open?.doc
    ? `, whose ${code(`${open.name}()`)} (${cite(t.path, open.line)}) is documented as “${text(open.doc.replace(/[.!?]?$/, '.'))}”`
    : '.';
  return ` In ${num(n)} of them ${code(f)} defines a subclass of ${code(t.name)} (${cite(t.path, t.line)})${what}`;
}

/**
 * What a module offers: the names it exports (or, in a language with no export, its public classes
 * and functions), sampled from the files the rest of the code relies on most, types and functions
 * before methods.
 */
function symbolsSentence(a: Analysis, exported: SymbolInfo[], root?: string): string {
  const marked = exported.filter((s) => declaresExports(s.path));
  // more than half the names in a language that exports nothing by declaration: say what they are
  const convention = marked.length * 2 < exported.length;
  // a function or type declared again right after itself (typing overloads) is one name; methods of
  // different types may share a name
  const syms = (convention ? exported.filter((s) => s.kind !== 'method') : exported).filter(
    (s, i, all) =>
      s.kind === 'method' || !all[i - 1] || all[i - 1]!.path !== s.path || all[i - 1]!.name !== s.name,
  );
  if (!syms.length) return '';
  const weight = (p: string) => a.identity?.centrality?.[p] ?? 0;
  // within a file, the names that tell what it does (`defines Check, Ping…`) before the rest
  const telling = new Map(
    (a.flow?.defines ?? []).flatMap((d) =>
      d.names.map((n, i) => [`${d.path}#${n.replace(/\(\)$/, '').replace(/^[\w$]+(?:\.|::)/, '')}`, i]),
    ),
  );
  const told = (s: SymbolInfo) => telling.get(`${s.path}#${s.name}`) ?? Infinity;
  const ranked = [...syms].sort(
    (x, y) =>
      Number(x.kind === 'method') - Number(y.kind === 'method') ||
      weight(y.path) - weight(x.path) ||
      x.path.localeCompare(y.path) ||
      told(x) - told(y) ||
      x.line - y.line,
  );
  const said = (s: SymbolInfo) => `${code(s.name)} (${text(s.kind)}, ${cite(s.path, s.line)})`;
  if (convention) {
    const sample = ranked.slice(0, 4).map(said);
    return ` It defines ${plural(syms.length, 'public class or function', 'public classes and functions')}${syms.length > sample.length ? ', among them' : ':'} ${joinSome(sample, 4)}.`;
  }
  // names a program marks public are public to its other files, not exported to anyone: where the
  // product offers no library, a count of them says nothing, and what tells the module's part is its
  // types, one from each file before a second from any
  if (!a.identity?.publicApi.some((e) => !CLI_KINDS.has(e.kind))) {
    // a Rust item of a private submodule (`mod command;`) that no `pub use` passes on is out of
    // reach outside the module's folder
    const reach = rustReach(root);
    const ranked2 = ranked.filter((s) => reach(s) && !rustMethod(root, s));
    // a name that many of its files define alike (each command's `run`) is the module's shape: said
    // once, with how many files define it, and no name is sampled twice
    const files = new Set(ranked2.map((s) => s.path)).size;
    const byName = new Map<string, Set<string>>();
    for (const s of ranked2) byName.set(s.name, (byName.get(s.name) ?? new Set()).add(s.path));
    const shared = [...byName]
      .filter(([, ps]) => ps.size >= 3 && ps.size * 2 >= files)
      .sort((x, y) => y[1].size - x[1].size || x[0].localeCompare(y[0]))[0];
    const alike = shared ? ` ${num(shared[1].size)} of its files each define ${code(shared[0])}.` : '';
    const pool = ranked2.filter((s) => !byName.has(s.name) || s.name !== shared?.[0]);
    const picked: SymbolInfo[] = [];
    for (const [types, spread] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ])
      for (const s of pool) {
        if (picked.length >= 4 || picked.includes(s) || (types && !TYPE_KINDS.has(s.kind))) continue;
        if (picked.some((p) => p.name === s.name)) continue;
        if (spread && picked.some((p) => p.path === s.path)) continue;
        picked.push(s);
      }
    if (!picked.length) return alike;
    const types = picked.every((s) => TYPE_KINDS.has(s.kind));
    const what = types ? 'public types' : 'public names';
    const names = new Set(pool.map((s) => s.name)).size;
    return `${alike} Its ${shared ? 'other ' : ''}${what} ${names > picked.length ? 'include' : 'are'} ${joinAnd(picked.map(said))}.`;
  }
  const sample = ranked.slice(0, 4).map(said);
  return ` It exports ${plural(syms.length, 'symbol')}${syms.length > sample.length ? ', among them' : ':'} ${joinSome(sample, 4)}.`;
}

const TYPE_KINDS = new Set(['class', 'interface', 'type', 'enum', 'struct', 'trait']);

/**
 * What a module of a command-line program is for, where the code says it: the options whose values
 * become its types, each found where an option's field and the type meet in one expression (`opts.owner
 * .and_then(OwnerFilter::filter_ignore)`, a clap field `pub size: Vec<SizeFilter>`, `"exec"` read into
 * `CommandSet::new`), outside the module itself.
 */
export function optionsSentence(
  a: Analysis,
  ctx: Pick<WriterContext, 'workspace' | 'fx'>,
  own: SymbolInfo[],
  inside: (p: string) => boolean,
): string {
  const options = (a.identity?.publicApi ?? []).filter(
    (e) => (e.kind === 'flag' || e.kind === 'option') && /^--[a-z][\w-]{2,}$/i.test(e.name),
  );
  const types = [...new Set(own.filter((s) => TYPE_KINDS.has(s.kind)).map((s) => s.name))];
  if (!options.length || !types.length) return '';
  const typeAt = new RegExp(`\\b(${types.map(escapeRe).join('|')})\\b`);
  // `opts.changed_within`, `"exec_batch"`, and in the file that declares the option its field
  const fields = options.map((o) => {
    const field = escapeRe(o.name.slice(2).replace(/-/g, '_'));
    return {
      o,
      read: new RegExp(`(?:\\.|")${field}\\b(?![\\w"]*\\s*\\()`),
      declared: new RegExp(`\\bpub ${field}:`),
    };
  });
  // each option once, at the first place it meets one of the module's types
  const found = new Map<string, { option: string; type: string; path: string; line: number }>();
  for (const f of ctx.fx.productFiles) {
    if (inside(f.path) || found.size === fields.length) continue;
    let lines: string[];
    try {
      lines = readFileSync(path.join(ctx.workspace.root, f.path), 'utf8').split('\n');
    } catch {
      continue;
    }
    lines.forEach((line, i) => {
      const type = typeAt.exec(line)?.[1];
      if (!type || /^\s*(?:use|import)\b/.test(line)) return;
      // the option's field on the same line or up to three lines before it, in the same expression:
      // no line in between closes a statement, a field or a block
      for (let j = i; j >= Math.max(0, i - 3); j--) {
        if (j < i && /[;,}]\s*$/.test(lines[j]!)) break;
        for (const { o, read, declared } of fields)
          if (!found.has(o.name) && (read.test(lines[j]!) || (f.path === o.path && declared.test(lines[j]!))))
            found.set(o.name, { option: o.name, type, path: f.path, line: i + 1 });
      }
    });
  }
  if (!found.size) return '';
  const byType = new Map<string, (typeof found extends Map<string, infer V> ? V : never)[]>();
  for (const link of [...found.values()].sort((x, y) => types.indexOf(x.type) - types.indexOf(y.type)))
    byType.set(link.type, [...(byType.get(link.type) ?? []), link]);
  const parts = [...byType.entries()].map(([type, links], i) => {
    const names = joinAnd(links.map((l) => code(l.option)));
    const into = `into its ${code(type)} (${links.map((l) => cite(l.path, l.line)).join(', ')})`;
    if (i) return `${names} ${into}`;
    return `${names} ${agree(links.length, 'option is', 'options are')} turned ${into}`;
  });
  return ` The command line's ${parts.join('; ')}.`;
}

/**
 * Whether a Rust item can be used outside its module's folder: its file is the module's own
 * (`mod.rs`, `lib.rs`, `main.rs`), a submodule its parent declares `pub`, or a private one whose item
 * the parent passes on with `pub use`. Other languages' items are taken as they are marked.
 */
function rustReach(root: string | undefined): (s: SymbolInfo) => boolean {
  const parents = new Map<string, string | null>();
  const parentText = (p: string) => {
    if (!parents.has(p)) {
      let text: string | null = null;
      try {
        text = root ? readFileSync(path.join(root, p), 'utf8') : null;
      } catch {
        text = null;
      }
      parents.set(p, text);
    }
    return parents.get(p);
  };
  return (s) => {
    if (!s.path.endsWith('.rs')) return true;
    const file = s.path.slice(s.path.lastIndexOf('/') + 1, -3);
    if (['mod', 'lib', 'main'].includes(file)) return true;
    const dir = s.path.slice(0, s.path.lastIndexOf('/'));
    const parent = parentText(`${dir}/mod.rs`) ?? parentText(`${dir}.rs`);
    if (!parent) return true;
    const declared = new RegExp(`^\\s*(pub(?:\\([^)]*\\))?\\s+)?mod\\s+${file}\\s*;`, 'm').exec(parent);
    if (!declared || declared[1]) return true;
    // `pub use self::size::SizeFilter;`, `pub use command::{execute, Batch};`
    return new RegExp(
      `^\\s*pub(?:\\([^)]*\\))?\\s+use\\s+(?:self::)?${file}::(?:\\{[^}]*\\b${s.name}\\b[^}]*\\}|${s.name}\\b|\\*)`,
      'm',
    ).test(parent);
  };
}

/** A Rust `fn` declared inside an `impl` block (indented): a method of its type, not a function of the module. */
function rustMethod(root: string | undefined, s: SymbolInfo): boolean {
  if (!root || !s.path.endsWith('.rs') || s.kind !== 'function') return false;
  try {
    const line = readFileSync(path.join(root, s.path), 'utf8').split('\n')[s.line - 1] ?? '';
    return /^\s+(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+)*fn\s/.test(line);
  } catch {
    return false;
  }
}
