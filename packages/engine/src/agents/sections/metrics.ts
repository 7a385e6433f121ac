// Code metrics: size, comment density, file-size distribution, symbols, imports, TODOs, git activity.

import type { Analysis, FileInfo, PathRole } from '../../analyse/types.ts';
import { declaresExports, isBuildOnly, notRankedNote } from '../facts.ts';
import { CLI_KINDS } from '../model.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  pct,
  plural,
  sentence,
  table,
  text,
  when,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';
import { projectModel } from '../model.ts';

export const metrics = defineSection({
  kind: 'metrics',
  keywords: [
    'code metrics',
    'metrics',
    'statistics',
    'code statistics',
    'size',
    'complexity',
    'measurements',
    'numbers',
    'loc',
    'lines of code',
    'maintainability',
  ],
  evidence: ['project', 'languages', 'files', 'symbols', 'imports', 'todos', 'git'],
  analyst(a) {
    const l = a.project.lines;
    const lines = `${num(l.code)} code, ${num(l.comment)} comment and ${num(l.blank)} blank lines`;
    const marked = a.symbols.filter((s) => declaresExports(s.path));
    const exported = marked.filter((s) => s.exported).length;
    return [
      f(
        sentence(
          `${lines} in ${plural(a.project.files, 'file')}`,
          `; comment density ${pct(l.comment, l.code + l.comment)}`,
        ),
      ),
      f(
        sentence(
          `${plural(a.symbols.length, 'symbol')}${when(marked.length, ` (${num(exported)} exported)`)}`,
          ` and ${plural(a.imports.length, 'import')}`,
        ),
      ),
    ];
  },
  writer: writeMetrics,
});

const ROLE_LABELS: [PathRole, string][] = [
  ['product', 'product'],
  ['tests', 'tests'],
  ['examples', 'examples'],
  ['benchmarks', 'benchmarks'],
  ['docs', 'documentation'],
  ['generated', 'generated or vendored'],
  ['other', 'other (build, CI, scripts)'],
];

/** What a file beside the code is, by its path: in the order the labels name them. */
const FILE_KINDS: [string, RegExp][] = [
  // CI before build: a workflow is YAML like any configuration
  ['CI', /^\.(?:github\/workflows|circleci)\/|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)Jenkinsfile$/],
  [
    'build',
    /(?:^|\/)(?:package\.json|pom\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|Cargo\.toml|go\.mod|pyproject\.toml|setup\.py|setup\.cfg|Makefile|justfile|Rakefile|Gemfile|[\w.-]+\.gemspec|build\.rs|mvnw(?:\.cmd)?|gradlew(?:\.bat)?|[\w-]+-wrapper\.properties)$/,
  ],
  [
    'deployment',
    /(?:^|\/)(?:Dockerfile[\w.-]*|(?:docker-)?compose[\w.-]*\.ya?ml)$|^(?:k8s|kubernetes|helm|charts|deploy)\//,
  ],
  ['scripts', /\.(?:sh|bash|ps1|bat|cmd)$/],
  ['served assets', /\.(?:svg|png|jpe?g|gif|webp|ico|woff2?|ttf|eot)$|(?:^|\/)(?:public|static)\//],
  ['data', /(?:^|\/)(?:fixtures?|data|seeds?)\/|\.(?:csv|tsv|sql)$/],
  ['text', /\.txt$/],
];

/** "build, configuration, data": the kinds of files a row adds up, named by what they are. */
export function fileKinds(paths: string[]): string {
  const kinds = new Set(paths.map((p) => FILE_KINDS.find(([, re]) => re.test(p))?.[0] ?? 'configuration'));
  return [...FILE_KINDS.map(([k]) => k), 'configuration'].filter((k) => kinds.has(k)).join(', ');
}

/** Lines of code of the product, kept apart from tests, examples, benchmarks and documentation. */
function roleRows(a: Analysis, testFiles: number, productFiles: FileInfo[]): (string | number)[][] {
  const roles = a.linesByRole;
  if (!roles) return [];
  // the tests' share counts every file under test paths; when that is more than the test files
  // (pages, configs, data beside them) the label says so, so the two counts do not contradict
  // files of no other role are named by what they are (build, CI, configuration, data), never by a
  // fixed list that may name what is not there
  const others = a.files.filter((f) => f.role === 'other' && f.code > 0 && !f.duplicateOf).map((f) => f.path);
  const named = (r: PathRole, label: string) =>
    r === 'tests' && roles[r]!.files > testFiles
      ? 'tests and their data and configs'
      : r === 'other' && others.length
        ? `other (${fileKinds(others)})`
        : `${label}${foldersOf(a, r)}`;
  const row = (label: string, s: { files: number; code: number }) => [
    `  of which ${label}`,
    `${num(s.code)} in ${plural(s.files, 'file')}`,
  ];
  return ROLE_LABELS.filter(([r]) => (roles[r]?.code ?? 0) > 0).flatMap(([r, label]) => {
    if (r !== 'product' || !productFiles.length) return [row(named(r, label), roles[r]!)];
    // the product row is the product base every chapter states; the setup, data and manifest files
    // beside it (product by role, outside the base) get their own row, counted file by file
    const product = { files: productFiles.length, code: productFiles.reduce((n, f) => n + f.code, 0) };
    const inBase = new Set(productFiles.map((f) => f.path));
    const outside = a.files.filter(
      (f) => (f.role ?? 'product') === 'product' && f.code > 0 && !f.duplicateOf && !inBase.has(f.path),
    );
    // the modules the build does not publish are counted as what they are, not by their files' kinds
    const unpublished = (a.identity?.nonProduct ?? [])
      .filter((n) => n.role === 'unpublished')
      .map((n) => n.path);
    const inModule = (p: string) => unpublished.some((d) => p === d || p.startsWith(`${d}/`));
    const modules = outside.filter((f) => inModule(f.path));
    const beside = outside.filter((f) => !inModule(f.path));
    const count = (fs: FileInfo[]) => ({ files: fs.length, code: fs.reduce((n, f) => n + f.code, 0) });
    return [
      row(label, product),
      ...(count(beside).code > 0
        ? [row(`files beside the product (${fileKinds(beside.map((f) => f.path))})`, count(beside))]
        : []),
      ...(count(modules).code > 0
        ? [
            row(
              `modules the build does not publish (${joinSome(
                unpublished.map((d) => code(d)),
                4,
              )})`,
              count(modules),
            ),
          ]
        : []),
    ];
  });
}

/**
 * " (`benchmarks`, `perf-measures`)": the top-level folders a role's figure adds up, when it spans
 * several and nothing outside them, so the row says which folders it counts.
 */
function foldersOf(a: Analysis, role: PathRole): string {
  if (role === 'product' || role === 'other') return '';
  const files = a.files.filter((f) => f.role === role && f.code > 0 && !f.duplicateOf);
  if (files.some((f) => !f.path.includes('/'))) return '';
  const tops = [...new Set(files.map((f) => f.path.split('/')[0]!))];
  return tops.length > 1 && tops.length <= 4 ? ` (${tops.map((t) => code(t)).join(', ')})` : '';
}

export function writeMetrics({ a, fx }: WriterContext): string {
  const l = a.project.lines;
  const generated = a.linesByRole?.generated?.code ?? 0;
  // every whole-product figure on one base: the product's own source files
  const base = fx.productFiles.length ? fx.productFiles : fx.sourceFiles;
  const inBase = new Set(base.map((f) => f.path));
  // migrations left out: a migration class is the schema's history, not a name of the design
  const symbols = fx.productFiles.length ? fx.productSymbols : a.symbols.filter((s) => inBase.has(s.path));
  // "exported" only where the language marks it: a Python name is public by convention alone
  const marked = symbols.filter((s) => declaresExports(s.path));
  const exported = marked.filter((s) => s.exported).length;
  const sizes = base.map((f) => f.code).sort((x, y) => x - y);
  const median = sizes.length ? sizes[Math.floor(sizes.length / 2)]! : 0;
  const mean = sizes.length ? Math.round(sizes.reduce((s, x) => s + x, 0) / sizes.length) : 0;
  // a symbol count below the public names the identity layer found says the pass read little of
  // this language (methods in object literals, `module.exports = class`): no figure rather than a wrong one
  const symbolsRead = a.symbols.length >= (a.identity?.publicApi.length ?? 0);
  const declared = (a.identity?.publicApi ?? []).some((e) => !CLI_KINDS.has(e.kind));
  const build = fx.devDeps.filter(isBuildOnly).length;
  const rows: (string | number)[][] = [
    ['Files in the code base', num(a.project.files)],
    [fx.productFiles.length ? 'Product source files' : 'Source files (excluding tests)', num(base.length)],
    ['Test files', num(projectModel(a).tests.value.files.length)],
    // whole-tree figures name their base where generated files swell it beyond the product's
    [generated ? 'Lines of code (whole tree, generated files included)' : 'Lines of code', num(l.code)],
    ...roleRows(a, fx.testFiles.length, fx.productFiles),
    [
      generated ? 'Comment lines (whole tree)' : 'Comment lines',
      `${num(l.comment)} (${pct(l.comment, l.code + l.comment)} of non-blank lines)`,
    ],
    ['Blank lines', num(l.blank)],
    ['Median / mean source file', `${num(median)} / ${num(mean)} lines of code`],
    [
      'Largest source file',
      fx.largestFiles[0]
        ? `${cite(fx.largestFiles[0].path)} (${plural(fx.largestFiles[0].code, 'line')})`
        : '—',
    ],
    // where the package declares its public surface, the other chapters count that; a second
    // "exported" figure (every name without a leading underscore, private modules included) would
    // contradict it
    // the row says what it counts (the kinds of declaration), and beside a declared public surface
    // that it counts the internal ones too, so it is never read as a second count of the public names
    ...(symbolsRead
      ? [
          declared
            ? [symbolLabel(symbols, fx.productFiles.length > 0, ', public and internal'), num(symbols.length)]
            : [
                symbolLabel(
                  symbols,
                  fx.productFiles.length > 0,
                  exported ? ', exported ones in brackets' : '',
                ),
                exported ? `${num(symbols.length)} (${num(exported)})` : num(symbols.length),
              ],
        ]
      : []),
    // no import count: over tests, docs and product alike it describes none of them; and one
    // module with no edges is not a graph, nor is a folder and the sub-folder it uses both ways
    ...(fx.moduleUnits > 1
      ? [['Product modules / dependency edges', `${num(fx.modules.length)} / ${num(fx.moduleEdges.length)}`]]
      : []),
    // an optional peer and what only the build needs (a build script's crates, a build backend) are
    // counted apart
    fx.optionalPeerDeps.length || build
      ? [
          `Declared dependencies (runtime${fx.optionalPeerDeps.length ? ' / optional peer' : ''} / development${build ? ' / build' : ''})`,
          [
            num(fx.runtimeDeps.length),
            ...(fx.optionalPeerDeps.length ? [num(fx.optionalPeerDeps.length)] : []),
            num(fx.devDeps.length - build),
            ...(build ? [num(build)] : []),
          ].join(' / '),
        ]
      : [
          'Declared dependencies (runtime / development)',
          `${num(fx.runtimeDeps.length)} / ${num(fx.devDeps.length)}`,
        ],
    ['TODO / FIXME markers in the product', num(projectModel(a).todos.value.length)],
  ];
  if (a.git) rows.push(['Commits / authors', `${num(a.git.commits)} / ${num(a.git.authors.length)}`]);
  const over = fx.largestFiles.filter((f) => f.code > 500).length;
  const long = over
    ? `, and ${num(over)} ${agree(over, 'exceeds', 'exceed')} 500 lines`
    : ', and none exceeds 500 lines';
  const lead =
    sentence(
      // the size every chapter states: what the authors wrote, generated and copied files apart
      `${text(a.project.name)} measures ${num(l.code - generated)} lines of code`,
      when(generated, ` (and ${num(generated)} more in generated or vendored files)`),
      `; half of its ${fx.productFiles.length ? 'product ' : ''}source files are ${num(median)} lines or shorter`,
      long,
    ) + notRankedNote(fx, 500);
  const authors = a.git?.authors
    .slice(0, 5)
    .map((x) => `${text(x.name)} (${num(x.commits)})`)
    .join(', ');
  return paragraphs(
    lead,
    table(['Metric', 'Value'], rows, ['l', 'r']),
    symbolsRead && !symbols.length ? 'No symbols were extracted.' : '',
    a.git?.authors.length
      ? `Most active authors: ${authors}; ${historySpan(a.git.firstCommit, a.git.lastCommit)}.`
      : '',
  );
}

/** "history runs from A to B", or "every commit dates from A" when the history fits in one day. */
function historySpan(first: string | null, last: string | null): string {
  const [a, b] = [first?.slice(0, 10), last?.slice(0, 10)];
  if (!a || !b) return `the last commit dates from ${text(b ?? a ?? 'an unknown date')}`;
  return a === b ? `every commit dates from ${text(a)}` : `history runs from ${text(a)} to ${text(b)}`;
}

const KIND_PLURAL: Record<string, string> = {
  class: 'classes',
  function: 'functions',
  method: 'methods',
  struct: 'structs',
  interface: 'interfaces',
  type: 'types',
  enum: 'enums',
  trait: 'traits',
  const: 'constants',
  module: 'modules',
};

/**
 * "Functions, methods and structs declared in the product", "Declarations in the product (constants,
 * types, interfaces and others)": the kinds a symbol count counts, most first.
 */
export function symbolLabel(
  symbols: readonly { kind: string }[],
  product: boolean,
  /** What the row says of them: ", public and internal" (told before the constants, which are public). */
  scope = '',
): string {
  const counts = new Map<string, number>();
  for (const s of symbols) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  // constants are read only where exported (a module's local variables are not counted): the label
  // says so rather than let "public and internal" take them in
  const consts = counts.get('const') ?? 0;
  counts.delete('const');
  const kinds = [...counts]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .map(([k]) => KIND_PLURAL[k] ?? `${k}s`);
  const where = product ? ' in the product' : '';
  if (!kinds.length) return consts ? `Exported constants${where}` : `Declarations${where}${scope}`;
  const named = joinAnd(kinds);
  const head = `${named.charAt(0).toUpperCase()}${named.slice(1)} declared${where}`;
  if (!consts) return `${head}${scope}`;
  // "…, public and internal, and its exported constants"; any other note is of the whole count
  return scope === ', public and internal'
    ? `${head}${scope}, and its exported constants`
    : `${head} and its exported constants${scope}`;
}
