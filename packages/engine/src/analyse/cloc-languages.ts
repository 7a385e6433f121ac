// Which language a file is, and how its comments look, following cloc's own rules (names,
// extensions, filters) so our line counts agree with `cloc` for the common languages.

/**
 * One comment-removal step, named after the cloc filter it reproduces. They run in order on the
 * non-blank lines; whatever a step leaves blank is a comment line.
 */
export type Filter =
  | { kind: 'match'; re: RegExp } // drop whole lines matching (cloc: remove_matches)
  | { kind: 'common'; style: 'C' | 'C++' | 'HTML' } // strip comments over the joined text (call_regexp_common)
  | { kind: 'html' } // remove_html_comments
  | { kind: 'between'; start: string; end: string } // remove_between_general
  | { kind: 'betweenRe'; start: RegExp; end: RegExp } // remove_between_regex
  | { kind: 'docstring' } // Python docstrings become C comments (docstring_to_C)
  | { kind: 'belowAbove'; below: RegExp; above: RegExp } // remove_below_above (Ruby =begin/=end)
  | { kind: 'below'; re: RegExp } // remove_below (Perl __END__)
  | { kind: 'javaStrings' } // Java: strings holding comment markers become "xx"
  | { kind: 'replace'; pairs: [RegExp, string][] }; // per-line substitutions (powershell_to_C)

export interface LanguageDef {
  name: string;
  filters: Filter[];
  /** cloc keeps a blank line that follows a line ending in a backslash (end_of_line_continuation). */
  continuation: boolean;
  /** Script languages keep a `#!` first line as code. */
  script: boolean;
}

const hashLine: Filter = { kind: 'match', re: /^\s*#/i };
const cpp: Filter[] = [{ kind: 'common', style: 'C++' }];
const html: Filter[] = [{ kind: 'html' }, { kind: 'common', style: 'HTML' }];
const pythonLike: Filter[] = [hashLine, { kind: 'docstring' }, { kind: 'common', style: 'C' }];

interface Row {
  filters: Filter[];
  ext?: string[];
  files?: string[];
  exe?: string[]; // interpreters named in a `#!` line
  cont?: boolean;
}

// Extensions are case-sensitive, as cloc treats them on Linux. Beyond cloc 1.96: `.mts` and `.cts`
// (TypeScript's module forms) are TypeScript.
export const BEYOND_CLOC_EXT = ['mts', 'cts'];
const ROWS: Record<string, Row> = {
  TypeScript: { filters: cpp, ext: ['ts', 'tsx', ...BEYOND_CLOC_EXT], cont: true },
  JavaScript: {
    filters: cpp,
    ext: [
      'js',
      'cjs',
      'mjs',
      'es6',
      'jsm',
      'jsb',
      'jss',
      'sjs',
      'pac',
      '_js',
      'jake',
      'bones',
      'jakefile',
      'jscad',
      'jsfl',
      'njs',
      'ssjs',
      'xsjs',
      'xsjslib',
    ],
    cont: true,
  },
  JSX: { filters: cpp, ext: ['jsx'], cont: true },
  Go: { filters: cpp, ext: ['go'], cont: true },
  Rust: { filters: cpp, ext: ['rs', 'rs.in'] },
  Java: { filters: [{ kind: 'javaStrings' }, ...cpp], ext: ['java'] },
  Kotlin: { filters: cpp, ext: ['kt', 'kts', 'ktm'] },
  Scala: { filters: cpp, ext: ['scala', 'sbt', 'kojo'] },
  Groovy: { filters: cpp, ext: ['groovy', 'gvy', 'gant', 'grt', 'gtpl', 'jenkinsfile'], exe: ['groovy'] },
  Gradle: { filters: cpp, ext: ['gradle', 'gradle.kts'] },
  C: { filters: cpp, ext: ['c', 'cats', 'ec', 'idc', 'pgc'], cont: true },
  'C++': {
    filters: cpp,
    ext: ['cpp', 'cc', 'cxx', 'c++', 'C', 'CPP', 'inl', 'ipp', 'pcc', 'tcc', 'tpp', 'h++'],
    cont: true,
  },
  'C/C++ Header': { filters: cpp, ext: ['h', 'hh', 'hpp', 'hxx', 'H'], cont: true },
  'Objective-C++': { filters: cpp, ext: ['mm'], cont: true },
  'C#': { filters: cpp, ext: ['cs'], cont: true },
  'C# Generated': { filters: cpp, cont: true },
  Swift: { filters: cpp, ext: ['swift'], cont: true },
  Dart: { filters: cpp, ext: ['dart'], cont: true },
  'Protocol Buffers': { filters: cpp, ext: ['proto'] },
  Solidity: { filters: cpp, ext: ['sol'], cont: true },
  SCSS: { filters: cpp, ext: ['scss'] },
  LESS: { filters: cpp, ext: ['less'], cont: true },
  Sass: { filters: cpp, ext: ['sass'] },
  HCL: { filters: [hashLine, ...cpp], ext: ['tf', 'tfvars', 'hcl', 'nomad'] },
  PHP: {
    filters: [hashLine, ...cpp],
    ext: ['php', 'php3', 'php4', 'php5', 'phtml', 'phpt', 'phps', 'ctp'],
    exe: ['php', 'php5'],
  },
  'Vuejs Component': { filters: [...html, ...cpp], ext: ['vue'] },
  CSS: { filters: [{ kind: 'common', style: 'C' }], ext: ['css'] },
  SQL: {
    filters: [
      { kind: 'common', style: 'C' },
      { kind: 'match', re: /^\s*--/i },
    ],
    ext: ['sql', 'SQL', 'psql', 'mysql', 'cql', 'tab', 'udf', 'viw'],
  },
  Python: {
    filters: [{ kind: 'match', re: /\/\*/i }, { kind: 'match', re: /\*\//i }, ...pythonLike],
    ext: ['py', 'pyi', 'pyw', 'py3', 'pyde', 'pyp', 'pyt', 'xpy', 'wsgi', 'gyp', 'gypi', 'tac'],
    exe: ['python', 'python2', 'python3', 'python2.7', 'python3.6', 'python3.7', 'python3.8'],
    cont: true,
  },
  Starlark: { filters: pythonLike, ext: ['bzl', 'bazel'], cont: true },
  GraphQL: { filters: pythonLike, ext: ['graphql', 'gql', 'graphqls'] },
  Ruby: {
    filters: [hashLine, { kind: 'belowAbove', below: /^=begin/, above: /^=end/ }],
    ext: [
      'rb',
      'rake',
      'gemspec',
      'ru',
      'rbw',
      'podspec',
      'jbuilder',
      'thor',
      'builder',
      'gemfile',
      'podfile',
      'vagrantfile',
      'brewfile',
      'capfile',
      'guardfile',
    ],
    files: ['Rakefile', 'rakefile'],
    exe: ['ruby'],
    cont: true,
  },
  Perl: {
    filters: [
      { kind: 'below', re: /^__(END|DATA)__/ },
      hashLine,
      { kind: 'belowAbove', below: /^=head1/, above: /^=cut/ },
    ],
    ext: ['pm', 'perl', 'ph', 'plh', 'plx', 'psgi', 'cpanfile'],
    exe: ['perl', 'perl5'],
  },
  'Bourne Shell': { filters: [hashLine], ext: ['sh'], exe: ['sh'], cont: true },
  'Bourne Again Shell': { filters: [hashLine], ext: ['bash'], exe: ['bash'], cont: true },
  zsh: { filters: [hashLine], ext: ['zsh'], exe: ['zsh'] },
  PowerShell: {
    filters: [
      {
        kind: 'replace',
        pairs: [
          [/<#/g, '/*'],
          [/#>/g, '*/'],
        ],
      },
      { kind: 'common', style: 'C' },
      hashLine,
    ],
    ext: ['ps1', 'psd1', 'psm1'],
    cont: true,
  },
  'DOS Batch': {
    filters: [
      { kind: 'match', re: /^\s*rem/i },
      { kind: 'match', re: /^\s*::/i },
    ],
    ext: ['bat', 'BAT', 'cmd', 'CMD', 'btm', 'BTM'],
  },
  R: { filters: [hashLine], ext: ['r', 'R', 'rsx'], cont: true },
  Lua: {
    filters: [
      { kind: 'between', start: '--[[', end: ']]' },
      { kind: 'match', re: /^\s*--/i },
    ],
    ext: ['lua', 'wlua', 'nse', 'p8'],
    exe: ['lua'],
    cont: true,
  },
  Elixir: { filters: [hashLine, { kind: 'common', style: 'C' }], ext: ['ex', 'exs'] },
  Erlang: {
    filters: [{ kind: 'match', re: /^\s*%/i }],
    ext: ['erl', 'hrl', 'xrl', 'yrl', 'app.src'],
    exe: ['escript'],
  },
  Clojure: {
    filters: [
      { kind: 'match', re: /^\s*;/i },
      { kind: 'match', re: /^\s*#_/i },
    ],
    ext: ['clj', 'cljx', 'cl2', 'boot'],
  },
  TeX: { filters: [{ kind: 'match', re: /^\s*%/i }], ext: ['tex', 'sty', 'bib', 'ltx', 'dtx', 'bst'] },
  CoffeeScript: { filters: [hashLine], ext: ['coffee', '_coffee', 'cakefile', 'cjsx', 'iced'] },
  Zig: { filters: [{ kind: 'match', re: /^\s*\/\//i }], ext: ['zig'] },
  Nix: { filters: [{ kind: 'common', style: 'C' }, hashLine], ext: ['nix'] },
  YAML: {
    filters: [hashLine],
    ext: [
      'yaml',
      'yml',
      'clang-format',
      'clang-tidy',
      'gemrc',
      'glide.lock',
      'sublime-syntax',
      'yml.mysql',
      'reek',
      'rviz',
      'syntax',
      'mir',
      'yaml-tmlanguage',
    ],
  },
  TOML: { filters: [hashLine], ext: ['toml'] },
  INI: {
    filters: [{ kind: 'match', re: /^\s*;/i }],
    ext: ['ini', 'prefs', 'lektorproject', 'buildozer.spec'],
  },
  Properties: { filters: [hashLine, { kind: 'match', re: /^\s*!/i }], ext: ['properties'] },
  Dockerfile: { filters: [hashLine], ext: ['Dockerfile', 'dockerfile'], files: ['Dockerfile', 'dockerfile'] },
  Containerfile: { filters: [hashLine], files: ['Containerfile'] },
  make: {
    filters: [hashLine],
    ext: ['mk', 'am', 'Makefile', 'makefile', 'Gnumakefile', 'gnumakefile'],
    files: ['Makefile', 'makefile', 'GNUmakefile', 'Gnumakefile', 'gnumakefile'],
    exe: ['make'],
    cont: true,
  },
  CMake: {
    filters: [hashLine],
    ext: ['cmake', 'cmake.in', 'CMakeLists.txt'],
    files: ['CMakeLists.txt', 'cmakelists.txt'],
    cont: true,
  },
  HTML: { filters: html, ext: ['html', 'htm', 'xht', 'html.hl'] },
  XML: {
    filters: html,
    ext: [
      'xml',
      'XML',
      'plist',
      'xsd',
      'rss',
      'resx',
      'nuspec',
      'props',
      'targets',
      'iml',
      'xib',
      'storyboard',
      'kml',
      'xliff',
      'xlf',
      'rdf',
      'jelly',
      'ivy',
      'web.config',
      'app.config',
      'packages.config',
      'nuget.config',
      'xml.dist',
      'xul',
      'fsproj',
      'vcxproj',
      'classpath',
      'project',
      'launch',
      'tmlanguage',
      'tmtheme',
    ],
  },
  'MSBuild script': { filters: html, ext: ['csproj', 'vbproj', 'btproj', 'msbuild', 'wixproj', 'vcproj'] },
  XAML: { filters: html, ext: ['xaml'] },
  SVG: { filters: html, ext: ['svg', 'SVG'] },
  Svelte: { filters: html, ext: ['svelte'] },
  Markdown: {
    filters: [
      { kind: 'between', start: '<!--', end: '-->' },
      // a link reference with an empty or comment label, `[//]: # (…)`, up to the first `)`
      {
        kind: 'betweenRe',
        start: /\[(?:comment|\/\/)?\]\s*(?::\s*)?(?:(?:<\s*>|#)\s*)?\(/,
        end: /\)/,
      },
    ],
    ext: [
      'md',
      'markdown',
      'mdx',
      'mdown',
      'mdwn',
      'mkd',
      'mkdn',
      'mkdown',
      'ronn',
      'workbook',
      'contents.lr',
    ],
  },
  JSON: {
    filters: [],
    ext: [
      'json',
      'jsonl',
      'geojson',
      'topojson',
      'webmanifest',
      'har',
      'avsc',
      'gltf',
      'webapp',
      'mcmeta',
      'arcconfig',
      'watchmanconfig',
      'tern-config',
      'tern-project',
      'htmlhintrc',
      'composer.lock',
      'tfstate',
      'json-tmlanguage',
      'yyp',
    ],
  },
  JSON5: { filters: cpp, ext: ['json5'] },
  Text: { filters: [], ext: ['txt', 'text'] },
  CSV: { filters: [], ext: ['csv'] },
  reStructuredText: {
    filters: [{ kind: 'betweenRe', start: /^\.\./, end: /^[^ \n\t\r\f.]/ }],
    ext: ['rest', 'rest.txt', 'rst', 'rst.txt'],
  },
  AsciiDoc: {
    filters: [
      { kind: 'between', start: '////', end: '////' },
      { kind: 'match', re: /^\s*\/\//i },
    ],
    ext: ['adoc', 'asciidoc'],
  },
  EJS: { filters: [{ kind: 'between', start: '<%#', end: '%>' }, { kind: 'html' }], ext: ['ejs'] },
  ERB: { filters: [{ kind: 'between', start: '<%#', end: '%>' }], ext: ['erb', 'ERB'] },
  Handlebars: {
    filters: [
      { kind: 'between', start: '{{!--', end: '--}}' },
      { kind: 'between', start: '{{!', end: '}}' },
      { kind: 'html' },
    ],
    ext: ['handlebars', 'hbs'],
  },
  Mustache: { filters: [{ kind: 'between', start: '{{!', end: '}}' }], ext: ['mustache'] },
  'Jinja Template': { filters: [{ kind: 'between', start: '{#', end: '#}' }], ext: ['jinja', 'jinja2'] },
  Twig: { filters: [{ kind: 'between', start: '{#', end: '#}' }], ext: ['twig'] },
  Nunjucks: { filters: [{ kind: 'between', start: '{#', end: '#}' }], ext: ['njk'] },
  liquid: {
    filters: [{ kind: 'between', start: '{% comment %}', end: '{% endcomment %}' }, { kind: 'html' }],
    ext: ['liquid'],
  },
  'Freemarker Template': { filters: [{ kind: 'between', start: '<#--', end: '-->' }], ext: ['ftl'] },
  // cloc's `##.*$` on a line: Perl's `.` takes every character of it, so any `##` is a comment
  Mako: { filters: [{ kind: 'match', re: /##/ }], ext: ['mako', 'mao'] },
  Razor: {
    filters: [
      { kind: 'between', start: '@*', end: '*@' },
      ...cpp,
      { kind: 'between', start: '<!--', end: '-->' },
    ],
    ext: ['cshtml', 'razor'],
  },
  Maven: { filters: html, ext: ['pom', 'pom.xml'], files: ['pom.xml'] },
  Ant: { filters: html, ext: ['build.xml'], files: ['build.xml'] },
  'Fish Shell': { filters: [hashLine], ext: ['fish'], exe: ['fish'] },
  awk: {
    filters: [hashLine],
    ext: ['auk', 'awk', 'gawk', 'mawk', 'nawk'],
    exe: ['awk', 'gawk', 'mawk', 'nawk'],
  },
  Crystal: { filters: [hashLine], ext: ['cr'] },
  Nim: {
    filters: [{ kind: 'between', start: '#[', end: ']#' }, hashLine],
    ext: ['nim', 'nim.cfg', 'nimble', 'nimrod', 'nims'],
  },
  Gleam: { filters: [{ kind: 'match', re: /^\s*\/\//i }], ext: ['gleam'] },
  Meson: { filters: [hashLine], ext: ['meson.build'], files: ['meson.build'] },
  Bazel: { filters: [hashLine], ext: ['BUILD'], files: ['BUILD'] },
  Stylus: { filters: cpp, ext: ['styl'] },
  Thrift: { filters: [...cpp, hashLine], ext: ['thrift'] },
  Cython: {
    filters: [hashLine, { kind: 'docstring' }, { kind: 'common', style: 'C' }],
    ext: ['pyx', 'pxd', 'pxi'],
  },
  Scheme: {
    filters: [{ kind: 'match', re: /^\s*;/i }],
    ext: ['sc', 'sch', 'scm', 'sld', 'sps', 'ss', 'sls'],
  },
  diff: {
    filters: [
      { kind: 'match', re: /^#/ },
      { kind: 'match', re: /^---/ },
      { kind: 'match', re: /^\+\+\+/ },
      { kind: 'match', re: /^\s/ },
    ],
    ext: ['diff', 'patch'],
  },
};

export const LANGUAGES = new Map<string, LanguageDef>();
const byExt = new Map<string, string>();
const byFile = new Map<string, string>();
const byExe = new Map<string, string>();
for (const [name, row] of Object.entries(ROWS)) {
  LANGUAGES.set(name, {
    name,
    filters: row.filters,
    continuation: row.cont ?? false,
    script: (row.exe?.length ?? 0) > 0,
  });
  for (const e of row.ext ?? []) byExt.set(e, name);
  for (const f of row.files ?? []) byFile.set(f, name);
  for (const x of row.exe ?? []) byExe.set(x, name);
}

/** Language of a file from its name alone, or `'?shebang'` when only the first line can tell. */
export function languageFromName(path: string): string | null | '?shebang' {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const named = byFile.get(base);
  if (named) return named;
  if (/^Dockerfile\./.test(base)) return 'Dockerfile'; // Dockerfile.dev, Dockerfile.prod…
  const parts = base.split('.');
  if (parts.length < 2 || (parts.length === 2 && parts[0] === '')) return '?shebang';
  // cloc looks at the triple, then double, then single extension
  for (let n = Math.min(3, parts.length - 1); n >= 1; n--) {
    const lang = byExt.get(parts.slice(-n).join('.'));
    if (lang) return lang;
  }
  return '?shebang';
}

/** The language a `#!` line names (`#!/usr/bin/env python3` → Python), if we count it. */
export function languageFromShebang(firstLine: string): string | null {
  const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(firstLine);
  if (!m) return null;
  let exe = m[1]!.slice(m[1]!.lastIndexOf('/') + 1);
  if (exe === 'env' && m[2]) exe = m[2];
  return byExe.get(exe) ?? null;
}

/** Full detection: name first, then the `#!` line for files without a known extension. */
export function detectLanguage(path: string, text: string): string | null {
  const byName = languageFromName(path);
  if (byName === '?shebang') {
    const nl = text.indexOf('\n');
    const first = nl < 0 ? text : text.slice(0, nl);
    // zsh's completion functions are named `_tool`, no extension, and open with `#compdef tool`: code
    // of the project cloc passes over, counted here as the zsh it is
    if (/^#compdef\s/.test(first)) return 'zsh';
    // cloc takes a file of unknown extension whose first line is an XML declaration as XML (.jmx, .xsl…)
    if (!text.startsWith('#!')) return /<\?xml\s/.test(first) ? 'XML' : null;
    return languageFromShebang(first);
  }
  // cloc tells TypeScript from Qt Linguist (also .ts) by the XML inside
  if (
    byName === 'TypeScript' &&
    path.endsWith('.ts') &&
    /^\s*(<\?xml|<!DOCTYPE TS|<TS\b)/.test(text.slice(0, 200))
  )
    return null;
  if (byName === 'Maven' && path.endsWith('pom.xml')) return mavenOrXml(text);
  if (byName === 'C#' && generatedCSharp(text.split('\n', 2).join(''))) return 'C# Generated';
  return byName;
}

/** cloc's `^//-{70,}.*?//\s+<auto-generated>` on the first two lines, read by position. */
function generatedCSharp(head: string): boolean {
  if (!/^\/\/-{70}/.test(head)) return false;
  const rest = head.slice(72);
  const marker = /\/\/\s+<auto-generated>/.exec(rest);
  // `.*?` stops at a line terminator, so the marker must start before the first one
  const stop = rest.search(/[\r\u2028\u2029]/);
  return marker !== null && (stop < 0 || marker.index < stop);
}

/** cloc's Maven_or_XML: a pom.xml is Maven when its lines show a <project …> element or Maven's namespace. */
function mavenOrXml(text: string): 'Maven' | 'XML' {
  let maven = 0;
  let xml = 1;
  for (const line of text.split('\n')) {
    for (const re of [/^\s*<project\s+/, /xmlns="http:\/\/maven\.apache\.org\/POM\//]) {
      if (re.test(line)) {
        maven++;
        xml--;
      }
    }
  }
  return xml >= maven ? 'XML' : 'Maven';
}
