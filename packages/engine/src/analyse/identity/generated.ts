// Files the team did not write although they sit among its sources: source whose header says a
// generator wrote it ("Code generated … DO NOT EDIT."), stylesheets compiled from the
// SCSS/Less/Stylus the repository also holds or that its build writes, bundles and minified files,
// copies of third-party libraries, fonts converted to SVG. Ingest already skips what is obvious from
// a name or the first bytes (dist/, *.min.js, one-line bundles); these need the repository around them.

import { baseName, dirName, type Sources } from '../sources.ts';
import { isNonProductCode } from '../test-code.ts';
import type { NonProductRole } from '../types.ts';
import { trimEndChars } from '@atr/shared';

export interface GeneratedFile {
  path: string;
  role: Extract<NonProductRole, 'generated' | 'vendored'>;
  /** What gave it away: the source it was compiled from, the build that writes it, its marker. */
  why: string;
  /** The folder holding the whole copy of a library, when the file is part of one. */
  copyIn?: string;
}

const STYLE_SOURCE = /\.(scss|sass|less|styl)$/i;
const STYLESHEET = /\.css$/i;
const SCRIPT = /\.(js|mjs|cjs)$/i;
// a command compiling style sources into CSS, or bundling JavaScript into one file
const STYLE_COMPILER = /^(sass|node-sass|dart-sass|lessc|stylus)$/i;
const BUNDLER = /^(esbuild|rollup|webpack|browserify|parcel|uglifyjs|terser|vite|tsup|ncc)$/i;
// what runs a package's command ("npx sass …", "cross-env NODE_ENV=production webpack …")
const RUNNER = /^(npx|pnpm|yarn|bunx|exec|dlx|cross-env|[A-Z_]+=.*)$/;
// a Maven plugin compiling styles: libsass-maven-plugin, lesscss-maven-plugin, sass-maven-plugin…
const STYLE_PLUGIN = /sass|scss|less|stylus/i;
// a preserved "/*! Name v1.2.3 (https://…) */" banner, which builds copy to the top of what they emit
const VERSION = /^v?(\d+\.\d+(?:\.\d+)?)\b/;
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /[\w .-]/.test(c);

/**
 * The first such banner in `text`: the whole comment, the name and the version. A scanner (the regular
 * expression it replaces backtracked on long runs of spaces): the name is the shortest run of word
 * characters, spaces, dots and dashes, starting with a letter, that white space and a version follow.
 */
function bannerOf(text: string): { whole: string; name: string; version: string } | null {
  for (let at = text.indexOf('/*!'); at >= 0; at = text.indexOf('/*!', at + 1)) {
    const end = text.indexOf('*/', at + 3);
    if (end < 0) return null;
    const body = text.slice(at + 3, end);
    let i = 0;
    while (isSpace(body[i])) i++;
    while (body[i] === '*') i++;
    while (isSpace(body[i])) i++;
    if (!/[A-Za-z]/.test(body[i] ?? '')) continue;
    const start = i;
    for (let j = i + 1; j <= body.length; j++) {
      // only the first white space of a run can start the separator (the rest gives the same match)
      if (isSpace(body[j]) && !isSpace(body[j - 1])) {
        let k = j;
        while (isSpace(body[k])) k++;
        const version = VERSION.exec(body.slice(k, k + 40));
        if (version)
          return { whole: text.slice(at, end + 2), name: body.slice(start, j), version: version[1]! };
      }
      if (!isNameChar(body[j])) break;
    }
  }
  return null;
}
const BANNER_SOURCE = /https?:\/\/|copyright|\(c\)|licen[cs]e/i;

const stem = (p: string) => baseName(p).replace(/\.[^.]*$/, '');
const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** Paths (files or folders) a build file names as the output of a style compiler or a bundler. */
function buildOutputs(src: Sources): string[] {
  const out: string[] = [];
  const add = (from: string, p: string) => {
    const trimmed = p
      .trim()
      .replace(/^\$\{(?:project\.)?basedir\}\//, '')
      .replace(/^\.\//, '');
    const clean = trimEndChars(trimmed, '/');
    if (clean && !clean.includes('${')) out.push(dirName(from) ? `${dirName(from)}/${clean}` : clean);
  };
  for (const f of src.files) {
    const name = baseName(f.path);
    if (name === 'pom.xml') {
      // Maven: <outputPath>, <outputDirectory>… inside a plugin that compiles styles (libsass, less…)
      for (const plugin of (src.text(f.path) ?? '').match(/<plugin>[\s\S]*?<\/plugin>/g) ?? []) {
        const id = /<artifactId>([^<]*)<\/artifactId>/.exec(plugin)?.[1] ?? '';
        if (!STYLE_PLUGIN.test(id)) continue;
        for (const m of plugin.matchAll(/<(output\w*|destination\w*)>([^<]+)<\/\1>/gi)) add(f.path, m[2]!);
      }
    } else if (name === 'package.json') {
      let scripts: unknown;
      try {
        scripts = (JSON.parse(src.text(f.path) ?? '{}') as { scripts?: unknown }).scripts;
      } catch {
        continue;
      }
      if (!scripts || typeof scripts !== 'object') continue;
      for (const cmd of Object.values(scripts as Record<string, unknown>)) {
        if (typeof cmd !== 'string') continue;
        for (const step of cmd.split(/&&|\|\||;|\|/)) {
          const words = step.trim().split(/\s+/);
          const at = words.findIndex((w) => !RUNNER.test(w));
          const command = baseName(words[at] ?? '');
          const styles = STYLE_COMPILER.test(command);
          if (!styles && !BUNDLER.test(command)) continue;
          words.slice(at + 1).forEach((w, i, args) => {
            const flag = /^--?(?:o|out|outfile|out-file|output|outdir|out-dir|dir)(?:=(.+))?$/.exec(w);
            if (flag) add(f.path, flag[1] ?? args[i + 1] ?? '');
            // sass in.scss out.css, sass src/scss:public/css
            else if (styles && !w.startsWith('-')) {
              const pair = /^([^:]+\.(?:scss|sass|less|styl)|[^:]+):([^:]+)$/.exec(w);
              if (pair) add(f.path, pair[2]!);
              else if (STYLESHEET.test(w)) add(f.path, w);
            }
          });
        }
      }
    }
  }
  return out;
}

/** One line holding most of a file of some size: minified, whatever its name. */
function minified(text: string): boolean {
  if (text.length < 1000) return false;
  let longest = 0;
  for (const line of text.split('\n')) longest = Math.max(longest, line.length);
  return longest * 5 >= text.length * 4;
}

// `@import "variables.less";`, `@use 'mixins/buttons'`, `@forward "base"` (a list: `@import "a", "b";`)
const STYLE_IMPORT = /@(?:import|use|forward)\b(?:\s*\([^)]*\))?([^;\n]{1,2000})/g;

/** The stems of the style sources another style source imports: partials, whatever their names. */
function importedStyleStems(paths: string[], text: (p: string) => string | null): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    if (!STYLE_SOURCE.test(p)) continue;
    for (const m of (text(p) ?? '').matchAll(STYLE_IMPORT))
      for (const q of m[1]!.matchAll(/["']([^"']{1,300})["']/g))
        out.add(stem(q[1]!).replace(/^_/, '').toLowerCase());
  }
  return out;
}

/**
 * The style sources that compile to a CSS file of their name, by that name. Partials do not: those
 * named so (_vars.scss) and, when the sources can be read (`text`), those another source imports
 * (Bootstrap 3's variables.less, which bootstrap.less pulls in), so a hand-written variables.css
 * elsewhere is not taken for their output.
 */
export function styleSourcesOf(paths: string[], text?: (p: string) => string | null): Map<string, string> {
  const imported = text ? importedStyleStems(paths, text) : new Set<string>();
  return new Map(
    paths
      .filter((p) => STYLE_SOURCE.test(p) && !baseName(p).startsWith('_'))
      .filter((p) => !imported.has(stem(p).toLowerCase()))
      .map((p) => [stem(p).toLowerCase(), p]),
  );
}

/** The style source a stylesheet was compiled from, when the repository holds one. */
export function styleSourceOf(p: string, styleSources: Map<string, string>): string | undefined {
  return STYLESHEET.test(p) ? styleSources.get(stem(p).toLowerCase()) : undefined;
}

// source a generator writes: protobuf/gRPC stubs, ORM and API clients, parsers, bindings
const GENERATED_SOURCE =
  /\.(go|rs|py|pyi|[cm]?[jt]sx?|java|kt|cs|swift|php|rb|c|cc|cpp|cxx|h|hh|hpp|m|mm|dart|scala|sql|graphql|proto)$/i;
// Go's "Code generated … DO NOT EDIT.", Facebook's "@generated", .NET's "<auto-generated>"
const STRICT_MARKER =
  /\bCode generated\b[^\n]{0,300}\bDO NOT EDIT\b|(?:^|[^\w@])@generated\b|<auto-generated\b/;
const GENERATED_WORD =
  /\b(?:auto-?generated|automatically generated|generated (?:by|from|with|using)|(?:is|was) generated)\b/i;
const DO_NOT_EDIT =
  /\b(?:do not|don't|must not|never) (?:edit|modify|change)\b|\bchanges (?:to this file )?(?:will|may) be (?:lost|overwritten)\b/i;

// a file name generators give their output: `sdk.gen.ts`, `api_gen.go`, `schema.generated.ts`, `foo_pb2.py`
const GENERATED_NAME = /[._-](?:gen|generated)\.\w+$|_pb2(?:_grpc)?\.pyi?$|\.pb(?:\.gw)?\.go$/i;

/**
 * The header of a file (its first lines) says a tool wrote it and it is not to be edited by hand, or
 * says a tool wrote it in a file named the way generators name their output (`sdk.gen.ts`).
 */
export function generatedHeader(text: string, path = ''): string | null {
  const head = text.slice(0, 2000).split('\n').slice(0, 15).join('\n');
  // a marker that names this very file as the generator (`autogenerated by build/build-validation.js`)
  // is the header it writes into its output: the file is the generator, not generated
  const base = path.split('/').pop()!;
  if (base && new RegExp(`\\bby\\s+(?:\\S*/)?${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(head))
    return null;
  const strict = STRICT_MARKER.exec(head);
  if (strict) return `marked "${strict[0].replace(/^[^\w@<]/, '').slice(0, 60)}"`;
  // "autogenerated" alone also heads hand-edited starter files (a Sphinx conf.py): both must be said
  if (!GENERATED_WORD.test(head)) return null;
  if (DO_NOT_EDIT.test(head)) return 'marked as generated, not to be edited';
  return GENERATED_NAME.test(path) ? 'marked as generated, and named as generated' : null;
}

/** The generated or vendored files among the analysed sources, with the reason for each. */
export function generatedFiles(src: Sources): GeneratedFile[] {
  const paths = src.files.map((f) => f.path);
  const styleSources = styleSourcesOf(paths, (p) => src.text(p));
  const outputs = buildOutputs(src);
  const written = (p: string) => outputs.some((o) => p === o || p.startsWith(`${o}/`));
  const copies = [...libraryCopies(src, paths), ...licensedCopies(src, paths), ...shadcnCopies(src, paths)];
  const out: GeneratedFile[] = [];
  for (const p of paths) {
    const copy = copies.find(
      (c) => p.startsWith(`${c.dir}/`) && (!c.why.includes('shadcn/ui') || shadcnFile(p, c.dir)),
    );
    if (copy) {
      out.push({ path: p, role: 'vendored', why: copy.why, copyIn: copy.dir });
      continue;
    }
    const marker = GENERATED_SOURCE.test(p) ? generatedHeader(src.text(p) ?? '', p) : null;
    if (marker) {
      out.push({ path: p, role: 'generated', why: marker });
      continue;
    }
    const css = STYLESHEET.test(p);
    if (!css && !SCRIPT.test(p) && !/\.svg$/i.test(p)) continue;
    const text = src.text(p);
    if (text === null) continue;
    const hit = (role: GeneratedFile['role'], why: string) => out.push({ path: p, role, why });
    if (/\.svg$/i.test(p)) {
      // an SVG font: glyph outlines a converter wrote out of a font file
      if (/<font-face\b/.test(text.slice(0, 4096)) && /<glyph\b/.test(text)) hit('generated', 'SVG font');
      continue;
    }
    const source = styleSourceOf(p, styleSources);
    if (source) {
      hit('generated', `compiled from ${source}`);
      continue;
    }
    if (written(p)) {
      hit('generated', 'written by the build');
      continue;
    }
    if (/[#@]\s*sourceMappingURL=/.test(text.slice(-1000))) {
      hit('generated', 'carries a source map reference');
      continue;
    }
    const banner = bannerOf(text.slice(0, 4096));
    if (banner && BANNER_SOURCE.test(banner.whole)) {
      // a copy of the library the banner names is vendored; anything else that carries it was built with it
      const lib = letters(banner.name.split(/\s+/)[0]!);
      const own = letters(
        stem(p)
          .replace(/[-.]\d.*$/, '')
          .replace(/[.-]min$/, ''),
      );
      if (lib.length >= 3 && own.startsWith(lib))
        hit('vendored', `a copy of ${banner.name} ${banner.version}`);
      else hit('generated', `compiled with ${banner.name} ${banner.version}`);
      continue;
    }
    if (minified(text)) hit('generated', 'minified');
  }
  return out;
}

/**
 * The folder of UI components the shadcn/ui command copies into a project (`components.json` names
 * it under `aliases.ui`, `@/components/ui` by default): another project's code, added and updated by
 * that command, not written here.
 */
function shadcnCopies(src: Sources, paths: string[]): { dir: string; why: string }[] {
  const out: { dir: string; why: string }[] = [];
  for (const p of paths) {
    if (p !== 'components.json' && !p.endsWith('/components.json')) continue;
    let config: { $schema?: unknown; aliases?: { ui?: unknown } };
    try {
      config = JSON.parse(src.text(p) ?? '') as typeof config;
    } catch {
      continue;
    }
    if (typeof config.$schema !== 'string' || !config.$schema.includes('ui.shadcn.com')) continue;
    const base = p.slice(0, p.length - 'components.json'.length);
    const alias = typeof config.aliases?.ui === 'string' ? config.aliases.ui : '@/components/ui';
    // `@/` is the project's source root: `src/` where it has one
    const rel = alias.replace(/^[@~]\//, '').replace(/\/$/, '');
    const dir = [`${base}src/${rel}`, `${base}${rel}`].find((d) => paths.some((x) => x.startsWith(`${d}/`)));
    if (dir) out.push({ dir, why: `components added by the shadcn/ui command (${p})` });
  }
  return out;
}

/**
 * The command writes each component as one file named in lower case right in that folder
 * (`button.tsx`, `dropdown-menu.tsx`); a project's own components kept beside them (`Pricing/Pricing.tsx`)
 * are its own.
 */
function shadcnFile(p: string, dir: string): boolean {
  const rest = p.slice(dir.length + 1);
  return !rest.includes('/') && /^[a-z][a-z0-9-]*\.(?:tsx|jsx|ts|js|vue|svelte)$/.test(rest);
}

const FOLDER_VERSION = /[-_.@]v?\d[\w.-]*$/;

/** The names the repository publishes itself under (root manifests), as letters only. */
function ownNames(src: Sources): Set<string> {
  const out = new Set<string>();
  for (const m of ['package.json', 'bower.json', 'composer.json']) {
    try {
      const name = (JSON.parse(src.text(m) ?? '{}') as { name?: unknown }).name;
      if (typeof name === 'string') out.add(letters(name.split('/').pop()!));
    } catch {
      // an unreadable manifest names nothing
    }
  }
  for (const m of ['pyproject.toml', 'Cargo.toml']) {
    const name = /^[ \t]*name[ \t]*=[ \t]*["']([^"'\n]+)["']/m.exec(src.text(m) ?? '')?.[1];
    if (name) out.add(letters(name));
  }
  return out;
}

/**
 * Folders holding a copy of a third-party library: a stylesheet, style source or script in them
 * carries that library's release banner ("Bootstrap v3.4.1 (https://getbootstrap.com/)") and the
 * folder is named after it (bootstrap/, bootstrap-3.4.1/). Everything below such a folder was copied
 * in, the banner-less partials too. A library the repository publishes itself is its own code.
 */
function libraryCopies(src: Sources, paths: string[]): { dir: string; why: string }[] {
  const own = ownNames(src);
  const out: { dir: string; why: string }[] = [];
  for (const p of paths) {
    const dir = dirName(p);
    if (!dir || out.some((c) => c.dir === dir)) continue;
    if (!STYLE_SOURCE.test(p) && !STYLESHEET.test(p) && !SCRIPT.test(p)) continue;
    const banner = bannerOf((src.text(p) ?? '').slice(0, 4096));
    if (!banner || !BANNER_SOURCE.test(banner.whole)) continue;
    const lib = letters(banner.name.split(/\s+/)[0]!);
    if (lib.length < 3 || own.has(lib) || letters(baseName(dir).replace(FOLDER_VERSION, '')) !== lib)
      continue;
    out.push({ dir, why: `a copy of ${banner.name} ${banner.version}` });
  }
  return out;
}

const LICENCE_FILE = /^(?:licen[cs]e|copying)(?:[-.][\w.-]*)?$/i;
// what makes a folder a package of its own (a workspace member publishes under its own licence)
const MANIFEST_FILE =
  /^(?:package\.json|Cargo\.toml|pyproject\.toml|setup\.py|setup\.cfg|go\.mod|pom\.xml|build\.gradle(?:\.kts)?|composer\.json|[\w.-]+\.gemspec|[\w.-]+\.csproj|mix\.exs|Package\.swift)$/;
/** "Copyright 2014 Pallets": the holder a licence names, without the year and the © sign. */
function copyrightHolder(text: string): string | null {
  const line = /^[ \t]*Copyright\b[^\n]{0,200}/im.exec(text.slice(0, 4000))?.[0];
  if (!line) return null;
  const holder = line
    .replace(/^[ \t]*Copyright\b/i, '')
    .replace(/\(c\)|©|\b\d{4}(?:\s*[-–,]\s*\d{4})*\b|,|\ball rights reserved\b\.?/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return holder.length >= 2 ? holder : null;
}

/**
 * Folders holding a copy of another project's code under that project's licence: a licence file of
 * their own, naming a copyright holder other than the repository's, beside source code and with no
 * manifest (typer's `typer/_click`, Click copied in with Pallets' licence). A workspace package with its
 * own manifest is the project's own, whatever its licence file says; test and example folders are
 * told by their own role.
 */
function licensedCopies(src: Sources, paths: string[]): { dir: string; why: string }[] {
  const rootLicence = paths.find((p) => !p.includes('/') && LICENCE_FILE.test(p));
  const ownHolder = rootLicence ? copyrightHolder(src.text(rootLicence) ?? '') : null;
  if (!ownHolder) return [];
  const out: { dir: string; why: string }[] = [];
  for (const p of paths) {
    const dir = dirName(p);
    if (
      !dir ||
      !LICENCE_FILE.test(baseName(p)) ||
      isNonProductCode(`${dir}/`) ||
      /(^|\/)(docs?|examples?)\//i.test(`${dir}/`)
    )
      continue;
    const inside = paths.filter((q) => q.startsWith(`${dir}/`));
    if (inside.some((q) => dirName(q) === dir && MANIFEST_FILE.test(baseName(q)))) continue;
    if (!inside.some((q) => GENERATED_SOURCE.test(q))) continue;
    const holder = copyrightHolder(src.text(p) ?? '');
    if (!holder || holder.toLowerCase() === ownHolder.toLowerCase()) continue;
    out.push({ dir, why: `under its own licence (${p.slice(dir.length + 1)}, copyright ${holder})` });
  }
  return out;
}

// a string or char literal (bounded, escapes allowed), a number, a constant word
const STRING_LITERAL = /"(?:[^"\\\n]|\\.){0,2000}"|'(?:[^'\\\n]|\\.){0,2000}'/g;
const NUMBER_LITERAL = /[-+]?\b(?:0x[\da-f]+|\d[\d_]*(?:\.\d+)?(?:e[-+]?\d+)?)[a-z]{0,4}\b/gi;
const CONSTANT = /\b(?:true|false|null|None|nil|undefined|True|False)\b/g;
// an object key or a struct field before its value: `name:`, `"x" =>`, `id =`
const KEY = /\b[A-Za-z_]\w{0,80}\s{0,4}(?::|=>|=)(?!=)/g;
const ONLY_PUNCTUATION = /^[\s[\](){},;:=>&|]*$/;

/** A line made of literals only: `"en", "English",`, `{ code: 42, name: "x" },`, `[0x1F, 0x2A],`. */
function literalLine(line: string): boolean {
  let literals = 0;
  const drop = () => (literals++, ' ');
  const rest = line.replace(STRING_LITERAL, drop).replace(NUMBER_LITERAL, drop).replace(CONSTANT, drop);
  return literals > 0 && ONLY_PUNCTUATION.test(rest.replace(KEY, ''));
}

/**
 * Source files that are mostly literal data (a table of strings or numbers: Unicode ranges, a word
 * list, a country table): data, however long, not code to review or split. Four lines in five
 * (brackets alone aside) are literals, in a file of at least `minLines` non-blank lines.
 */
export function dataTables(src: Sources, paths: string[], minLines = 300): string[] {
  return paths.filter((p) => {
    if (!GENERATED_SOURCE.test(p)) return false;
    const lines = (src.text(p) ?? '').split('\n').filter((l) => l.trim());
    if (lines.length < minLines) return false;
    // lines of brackets alone (`},`) belong to the table's layout, whatever it holds
    const content = lines.filter((l) => !ONLY_PUNCTUATION.test(l));
    return content.filter(literalLine).length * 5 >= content.length * 4;
  });
}

const TS_SOURCE = /\.[cm]?tsx?$/;
// a statement at the margin that declares types only: `type`, `interface`, an ambient `declare`,
// `import type` / `export type { … }`, a namespace (its body is checked line by line below)
const TYPE_STATEMENT =
  /^(?:export\s+)?(?:declare\s+)?(?:type|interface|namespace|module|global|abstract\s+class)\b|^(?:import|export)\s+type\b/;
// a declaration that emits JavaScript, at any depth outside a type body
const RUNTIME_DECLARATION = /^\s*(?:export\s+)?(?:default\s+)?(?:const|let|var|function|class|enum)\s+[\w$]/;

/**
 * TypeScript files that declare types only (type aliases, interfaces, namespaces of them, an
 * abstract class of abstract members): compile-time only, however long, so not code to review or
 * split like logic. Every statement at the margin declares a type, no namespace body declares a
 * value, and every member of an abstract class is abstract. Files of at least `minLines` non-blank lines.
 */
export function typeDeclarationFiles(src: Sources, paths: string[], minLines = 300): string[] {
  return paths.filter((p) => {
    if (!TS_SOURCE.test(p) || p.endsWith('.d.ts')) return false;
    const lines = stripComments(src.text(p) ?? '')
      .split('\n')
      .filter((l) => l.trim());
    if (lines.length < minLines) return false;
    let block: 'namespace' | 'abstract' | 'other' = 'other';
    for (const l of lines) {
      if (/^[A-Za-z_$@]/.test(l)) {
        if (!TYPE_STATEMENT.test(l)) return false;
        block = /\b(?:namespace|module|global)\b/.test(l)
          ? 'namespace'
          : /\babstract\s+class\b/.test(l)
            ? 'abstract'
            : 'other';
      } else if (block === 'namespace' && RUNTIME_DECLARATION.test(l)) return false;
      else if (block === 'abstract' && /^\s+[\w$#]/.test(l) && !/^\s+abstract\b/.test(l)) return false;
    }
    return true;
  });
}

/** The text without block and line comments (a `//` inside a string is rare enough in type files). */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}
