// Facts derived from the analysis that several roles need (test files, data-model files, auth
// libraries, secret-looking variables…), computed once per analysis and kept in a WeakMap.

import { splitCitation } from '../citations.ts';
import { isSchema, migrationsOf, type Migration } from '../analyse/data-model.ts';
import { isProductOwned, lockfileOf, openVersionRisks } from '../analyse/dependencies.ts';
import { isSecretName } from '../analyse/env-vars.ts';
import { moduleFolders, moduleHome } from '../analyse/module-graph.ts';
import { dependencyRole, importName, importsPackage } from '../analyse/package-roles.ts';
import {
  isBenchPath,
  isFixturePath,
  isNonProductCode,
  isTestCode,
  isTestSourceFile,
} from '../analyse/test-code.ts';
import type {
  Analysis,
  DataEntity,
  Dependency,
  FileInfo,
  LanguageStat,
  PackageRole,
  SymbolInfo,
} from '../analyse/types.ts';

export interface Facts {
  fileByPath: Map<string, FileInfo>;
  sourceFiles: FileInfo[]; // files with a programming language, excluding tests
  /**
   * The product's own source files: the one base of every whole-product figure (its size, file
   * count, median, symbols, modules), so the figures agree and per-module totals sum to it.
   */
  productFiles: FileInfo[];
  /** the files that hold test cases: the one count of test files every chapter uses */
  testFiles: string[];
  /** test code holding no case: helpers, conftest, mocks, fixture apps */
  testSupport: string[];
  totalLines: number;
  runtimeDeps: Dependency[];
  /** npm peers the manifest marks optional: needed only by the files that import them, never at run time as a whole. */
  optionalPeerDeps: Dependency[];
  devDeps: Dependency[];
  /** Stored entities (tables, ORM models; entity schemas apart) and the files that declare them or migrate the database. */
  dataModel: {
    ormFrameworks: string[];
    schemaFiles: FileInfo[];
    tables: DataEntity[];
    schemas: DataEntity[];
    /** Migration files by the tool that runs them (package markers and tool plumbing left out). */
    migrations: Migration[];
  };
  authLibs: Dependency[];
  /** Hardening: headers, CORS, CSRF, rate limits, sanitisers. */
  securityLibs: Dependency[];
  /** Input validation (Bean Validation, zod, pydantic): never authentication nor hardening. */
  validationLibs: Dependency[];
  heavyDeps: Dependency[];
  /** Shipped dependencies of an application with no upper bound ("*", ">=2") that no lockfile fixes. */
  looseDeps: Dependency[];
  secretEnvVars: string[];
  /** Variables the code reads (entries found in .env examples only document them). */
  codeEnvVars: Analysis['envVars'];
  lockfiles: string[];
  /** The product's source files, largest first; generated files and data tables are not ranked. */
  largestFiles: FileInfo[];
  /**
   * What largestFiles leaves out: files a generator wrote, files that are mostly literal data,
   * TypeScript files that declare types only.
   */
  notRanked: { generated: FileInfo[]; copied: FileInfo[]; data: FileInfo[]; types: FileInfo[] };
  /**
   * The symbols of the product's source files, migrations left out: a migration class is the
   * schema's history, written once per change, not a name of the code's design.
   */
  productSymbols: SymbolInfo[];
  exportedSymbols: SymbolInfo[];
  /**
   * The product's modules (module-graph folders outside examples, tests, docs…), largest first, each
   * with the product source files it holds; a folder of build files alone (a root Makefile) is none.
   * Every chapter that counts or draws modules reads these, so the counts agree.
   */
  modules: { id: string; files: number; lines: number }[];
  /** The folder whose module a file is part of (`src/assets.rs` → `src/assets` beside `src/assets/*.rs`). */
  moduleFolder: (path: string) => string;
  /** Imports between the product's modules. */
  moduleEdges: { from: string; to: string; weight: number }[];
  /**
   * How many modules a graph of them tells apart: a folder and a sub-folder of it that use each other
   * (a Rust crate root and its `mod platform`) are one unit, so a product of such a pair has no
   * module graph worth drawing or counting.
   */
  moduleUnits: number;
  /**
   * The modules that are JVM packages (their files Java, Kotlin or Scala): `org.acme.web` is not
   * inside `org.acme` but a package of its own, so the two using each other is a cycle.
   */
  packageModules: string[];
  fanIn: { module: string; weight: number }[];
  fanOut: { module: string; weight: number }[];
  /** Folders of test and benchmark code (test/, e2e/, bench/…): described under testing, not as components. */
  /** Test and benchmark folders: their test source files and lines, and the other files they hold (a load-test plan, data). */
  testFolders: { path: string; kind: 'test' | 'bench'; files: number; lines: number; others: string[] }[];
  /** Source files the project's scripts start (`tsx src/server.ts` in apps/server/package.json). */
  launchers: { file: string; script: string; kind: string; path: string; line?: number }[];
}

// a script that runs one source file: `node dist/x.js`, `tsx watch src/server.ts`, `python -m`-less `python app.py`
const RUNS_FILE =
  /(?:^|[\s;&|])(?:node|tsx|ts-node|ts-node-dev|bun|nodemon|deno\s+run|python3?|go\s+run|ruby)\s+(?:(?:watch|run|--?[\w-]+(?:=\S+)?)\s+)*((?:\.\/)?[\w@./-]+\.(?:[cm]?[jt]sx?|py|go|rb))(?=\s|$|["'])/;

// scripts that build, check, format or publish the project rather than run it
const TOOLING_SCRIPT =
  /^(pre|post)?(build|watch|compile|bundle|release|publish|version|lint|format|fmt|typecheck|check|clean|generate|gen|codegen|docs?)([:_-][\w:-]*)?$/;

// files that package, build or automate the project (`python setup.py check`, `nox`, `gulp`): a
// script that runs one runs the project's tooling, not the product
const TOOLING_FILE =
  /(^|\/)(setup\.py|noxfile\.py|tasks\.py|fabfile\.py|build\.rs|[Gg]ulpfile\.[cm]?[jt]s|[Gg]runtfile\.[cm]?[jt]s|(webpack|rollup|vite|esbuild)\.config\.[cm]?[jt]s)$/;

const BESIDE_ROLES = new Set(['examples', 'benchmarks', 'tests', 'docs']);

function launchersOf(a: Analysis, fileByPath: Map<string, FileInfo>): Facts['launchers'] {
  const out: Facts['launchers'] = [];
  const seen = new Set<string>();
  // an example's or a benchmark's file starts that side project, not the product
  const beside = (file: string) => BESIDE_ROLES.has(fileByPath.get(file)?.role ?? 'product');
  const rank = (name: string) =>
    ['start', 'serve', 'server', 'worker', 'main', 'cli', 'dev', 'web'].indexOf(name) >>> 0;
  const scripts = a.entryPoints
    .filter((e) => e.command && ['npm-script', 'procfile', 'make-target'].includes(e.kind))
    .sort((x, y) => rank(x.name) - rank(y.name));
  for (const e of scripts) {
    const m = RUNS_FILE.exec(e.command!);
    if (!m) continue;
    const dir = e.path.includes('/') ? e.path.slice(0, e.path.lastIndexOf('/') + 1) : '';
    const file = (dir + m[1]!.replace(/^\.\//, '')).replace(/\/\.\//g, '/');
    // a benchmark script runs against the product, and a build, lint or release script runs the
    // project's tooling (`bun ./build/build.ts`): neither is where the product starts
    if (
      !fileByPath.has(file) ||
      isNonProductCode(file) ||
      beside(file) ||
      TOOLING_SCRIPT.test(e.name) ||
      TOOLING_FILE.test(file) ||
      seen.has(file)
    )
      continue;
    seen.add(file);
    out.push({ file, script: e.name, kind: e.kind, path: e.path, line: e.line });
  }
  // a web app starts in the script its HTML page loads (Vite, webpack's HtmlWebpackPlugin template)
  for (const e of a.entryPoints.filter((x) => x.kind === 'html-script')) {
    if (!fileByPath.has(e.name) || isTestCode(e.name) || beside(e.name) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push({ file: e.name, script: e.path, kind: e.kind, path: e.path, line: e.line });
  }
  return out;
}

const FOLDER_OF = {
  test: /^(.*?(?:^|\/)(?:tests?|__tests__|spec|specs|e2e|integration-tests?|test[-_](?:helpers?|utils?|support|harness)|testutils?))\//i,
  bench: /^(.*?(?:^|\/)(?:bench|benches|benchmarks?))\//i,
};

function testFoldersOf(a: Analysis): Facts['testFolders'] {
  const m = new Map<string, Facts['testFolders'][number]>();
  for (const f of a.files) {
    if (!f.language || NON_CODE_LANGUAGES.has(f.language) || isFixturePath(f.path)) continue;
    // a test folder counts its test files as the testing chapter does, not its Makefiles or pages
    const kind = isBenchPath(f.path) ? 'bench' : isTestSourceFile(f) ? 'test' : null;
    const dir = kind && FOLDER_OF[kind].exec(f.path)?.[1];
    if (!kind || !dir) continue;
    const e = m.get(dir) ?? { path: dir, kind, files: 0, lines: 0, others: [] };
    e.files++;
    e.lines += f.code;
    m.set(dir, e);
  }
  // what a folder's count leaves out is named with it: files of the folder that are neither test
  // source nor fixtures (a JMeter plan, a lint config, certificates)
  const counted = (f: FileInfo) =>
    !!f.language && !NON_CODE_LANGUAGES.has(f.language) && (isBenchPath(f.path) || isTestSourceFile(f));
  for (const f of a.files) {
    // an empty package marker (`__init__.py`) holds nothing to name
    if (isFixturePath(f.path) || counted(f) || (f.language && f.code === 0)) continue;
    const e = [...m.values()].find((x) => f.path.startsWith(`${x.path}/`));
    if (e) e.others.push(f.path);
  }
  return [...m.values()].sort((x, y) => y.lines - x.lines || x.path.localeCompare(y.path));
}

export const NON_CODE_LANGUAGES = new Set([
  'Markdown',
  'JSON',
  'YAML',
  'Text',
  'TOML',
  'XML',
  'Maven',
  'INI',
  'CSV',
  'SVG',
  'reStructuredText',
  'AsciiDoc',
  // a patch is applied to other files at build time: data the build uses, not code that runs
  'diff',
]);

/**
 * The lines of code as every chapter states them: a share of a total that documentation and data
 * swell (Markdown, JSON, YAML) misstates the code, so where those weigh in (a tenth of the lines or
 * more) the programming languages' lines are told apart and each language's share is of them alone.
 * Settings files (`.properties`) are data here too, though the product reads them as resources.
 */
export function codeSplit(
  languages: readonly LanguageStat[],
  files: readonly FileInfo[] = [],
): {
  total: number;
  /** The lines in programming languages, the build tool's wrapper scripts left out. */
  source: number;
  /** Whether documentation and data are told apart; each share is then of `source`. */
  apart: boolean;
  /** The languages that are documentation and data, with lines. */
  data: LanguageStat[];
  /** Their lines. */
  dataLines: number;
  /** The build tool's wrapper scripts (`mvnw`, `gradlew.bat`), with their lines. */
  wrappers: FileInfo[];
  wrapped: number;
  /** The line total a language's share is taken of. */
  base: (language: string) => number | null;
} {
  const isData = (language: string) => NON_CODE_LANGUAGES.has(language) || language === 'Properties';
  // the build tool's wrapper scripts are the build tool's code, copied in by it, not the project's:
  // their shell and batch lines are build tooling beside the code
  const wrappers = files.filter((f) => BUILD_WRAPPER.test(f.path) && f.role !== 'generated' && f.code > 0);
  const wrapped = wrappers.reduce((n, f) => n + f.code, 0);
  const wrappedIn = new Map<string, number>();
  for (const f of wrappers)
    if (f.language) wrappedIn.set(f.language, (wrappedIn.get(f.language) ?? 0) + f.code);
  // a language whose every line is a wrapper script's is build tooling, not one the code is written in
  const tooling = (x: LanguageStat) => (wrappedIn.get(x.language) ?? 0) >= x.code;
  const total = languages.reduce((n, x) => n + x.code, 0);
  const source = languages.filter((x) => !isData(x.language)).reduce((n, x) => n + x.code, 0) - wrapped;
  const apart = languages.length > 0 && total - source >= 0.1 * total;
  const data = languages.filter((x) => isData(x.language) && x.code > 0);
  const toolingNames = new Set(languages.filter(tooling).map((x) => x.language));
  return {
    total,
    source,
    apart,
    data,
    dataLines: data.reduce((n, x) => n + x.code, 0),
    wrappers,
    wrapped,
    base: (language) => (!apart ? total : isData(language) || toolingNames.has(language) ? null : source),
  };
}

/** The build tool's wrapper scripts a project keeps beside its code. */
export const BUILD_WRAPPER = /(?:^|\/)(?:mvnw|gradlew)(?:\.cmd|\.bat)?$/;

/** "all", "all but 7" or "68%": the lead language's part of the programming languages' lines, said one way everywhere. */
export function leadShare(lead: number, source: number): string {
  if (lead === source) return 'all';
  if (lead >= 0.99 * source) return `all but ${(source - lead).toLocaleString('en-US')}`;
  return `${Math.round((lead / Math.max(1, source)) * 100)}%`;
}

/** Test code, test helpers or fixtures (see analyse/test-code.ts). */
export function isTestPath(path: string): boolean {
  return isTestCode(path);
}

// schema files that declare no entity the pass reads: seed data, GraphQL schemas, a SQL dump
const SCHEMA_FILE = /\.sql$|schema\.prisma$|(^|\/)schema\.(graphql|gql)$/i;
const ORM_NAMES =
  /^(prisma|@prisma\/client|typeorm|sequelize|mongoose|drizzle-orm|knex|objection|mikro-orm|@mikro-orm\/core|sqlalchemy|django|peewee|tortoise-orm|gorm\.io\/gorm|diesel|sqlx|hibernate-core|spring-boot-starter-data-jpa|entityframework|microsoft\.entityframeworkcore|activerecord|pg|mysql2?|sqlite3|better-sqlite3|psycopg2?(-binary)?|pymongo|redis|ioredis|mongodb)$/i;
const HEAVY_NAMES =
  /^(moment|lodash|aws-sdk|puppeteer|playwright|@tensorflow\/tfjs(-node)?|tensorflow|torch|pandas|numpy|scipy|electron|typeorm|rxjs|three|chart\.js|d3|webpack|sharp|canvas|jsdom|pdfkit|googleapis|firebase)$/i;
const SECRET_VAR = /(SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_?KEY|CREDENTIALS?|DATABASE_URL|DSN)/i;

const ENV_FILE = /(^|\/)(\.env(\.[\w-]+)?|[\w-]*\.env)$/;

/** A file's physical lines: its counts, or for a text file without a language its own line total. */
export function lineCount(f: { code: number; comment: number; blank: number; lines?: number }): number {
  return f.lines ?? f.code + f.comment + f.blank;
}

/** The role the table gives a dependency (analyses made before roles were recorded have none). */
function roleOf(d: Dependency) {
  return d.role ?? dependencyRole(d);
}

// languages that build, style or feed the code without being its logic: a folder holding only these
// (a root Makefile, SQL seed scripts, message bundles, stylesheets) is no module of the product's code
const NOT_MODULE_LANGUAGES = new Set([
  'make',
  'Makefile',
  'CMake',
  'Dockerfile',
  'DOS Batch',
  'Batch',
  'SQL',
  'HTML',
  'CSS',
  'SCSS',
  'Sass',
  'Less',
  'Properties',
  'Java Properties',
]);

// folders whose schemas describe a sample's data, not what the product stores
const NOT_STORED = new Set(['examples', 'docs', 'benchmarks', 'tests']);

/**
 * The product's source files: files of the product role (not tests, examples, docs, benchmarks,
 * generated files or the project's tooling) in a language of code, each byte-identical copy once.
 */
function productBase(a: Analysis, sourceFiles: FileInfo[]): FileInfo[] {
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const isApart = (p: string) => apart.some((x) => p === x || p.startsWith(`${x}/`));
  return sourceFiles.filter((f) => (f.role ?? 'product') === 'product' && !f.duplicateOf && !isApart(f.path));
}

/**
 * The module graph's folders that hold product source, each counted from the product files it holds
 * (the most specific module above a file holds it; the root module only the files at the root).
 */
function productModules(
  a: Analysis,
  productFiles: FileInfo[],
  folderOf: (path: string) => string,
): { modules: Facts['modules']; packages: string[] } {
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const isApart = (p: string) => apart.some((x) => p === x || p.startsWith(`${x}/`));
  // a JVM file counts in its package's folder, a Rust `X.rs` in its module's folder `X/`
  const home = moduleHome(
    a.moduleGraph.nodes.map((n) => n.id).filter((id) => !isApart(id)),
    (p) => folderOf(modulePath(a, p)),
  );
  const out = new Map<string, { id: string; files: number; lines: number; code: boolean; jvm: boolean }>();
  for (const f of productFiles) {
    const id = home(f.path);
    if (id === undefined) continue;
    const m = out.get(id) ?? { id, files: 0, lines: 0, code: false, jvm: false };
    m.files += 1;
    m.lines += f.code;
    m.code ||= !NOT_MODULE_LANGUAGES.has(f.language ?? '');
    m.jvm ||= JVM_LANGUAGES.has(f.language ?? '');
    out.set(id, m);
  }
  const kept = [...out.values()]
    .filter((m) => m.code && m.lines > 0)
    .sort((x, y) => y.lines - x.lines || x.id.localeCompare(y.id));
  return {
    modules: kept.map(({ id, files, lines }) => ({ id, files, lines })),
    packages: kept.filter((m) => m.jvm).map((m) => m.id),
  };
}

const JVM_LANGUAGES = new Set(['Java', 'Kotlin', 'Scala']);

/** Where the module graph counts a file: its own path, or its JVM package's folder (`placed`). */
export function modulePath(a: Analysis, p: string): string {
  const home = a.moduleGraph.placed?.[p];
  return home ? `${home}/${p.slice(p.lastIndexOf('/') + 1)}` : p;
}

/**
 * A folder and its own sub-folder: one module's layers (a Rust crate root and its `mod platform`),
 * unless both are JVM packages, which do not nest (`org.acme` ↔ `org.acme.web` is a cycle).
 */
export function nestedModules(x: string, y: string, packages: Iterable<string> = []): boolean {
  const inside = (child: string, folder: string) =>
    folder === '.' || folder === '' ? child !== folder : child.startsWith(`${folder}/`);
  if (!inside(x, y) && !inside(y, x)) return false;
  const flat = new Set(packages);
  return !(flat.has(x) && flat.has(y));
}

/**
 * The modules left once every folder is joined with an enclosing folder it imports and is imported
 * by: two-way use between a folder and its own sub-folder is the layering of one module, not two.
 */
export function moduleUnits(
  modules: { id: string }[],
  edges: { from: string; to: string }[],
  packages: string[] = [],
): number {
  const unit = new Map(modules.map((m) => [m.id, m.id]));
  const find = (id: string): string => {
    let at = id;
    while (unit.get(at) !== at) at = unit.get(at)!;
    return at;
  };
  for (const e of edges) {
    if (!unit.has(e.from) || !unit.has(e.to)) continue;
    const back = edges.some((r) => r.from === e.to && r.to === e.from);
    if (back && nestedModules(e.from, e.to, packages)) unit.set(find(e.from), find(e.to));
  }
  return new Set(modules.map((m) => find(m.id))).size;
}

/**
 * A package a Maven and a Gradle build of the same project both declare is one dependency of the
 * product, counted once. The first declaration stands for both, except that a development-only
 * declaration (Gradle `developmentOnly`) says what the other build's `<optional>` one means: a tool
 * such as devtools is never a runtime dependency.
 */
function jvmOnce(deps: Dependency[]): Dependency[] {
  const chosen = new Map<string, Dependency>();
  for (const d of deps) {
    if (d.ecosystem !== 'maven' && d.ecosystem !== 'gradle') continue;
    const first = chosen.get(d.name);
    if (!first || (first.scope === 'optional' && d.scope === 'dev')) chosen.set(d.name, d);
  }
  return deps.filter(
    (d) => (d.ecosystem !== 'maven' && d.ecosystem !== 'gradle') || chosen.get(d.name) === d,
  );
}

const SCOPE_RANK: Record<string, number> = { runtime: 0, peer: 0, optional: 1, build: 2, test: 3, dev: 3 };

/**
 * A Python package a manifest names in several extras and groups (`asgiref` for the `async` extra, the
 * tests and the type checks) is one dependency, counted where it is needed most: at run time before
 * an extra, an extra before the developers' tools.
 */
export function pipOnce(deps: Dependency[]): Dependency[] {
  const key = (d: Dependency) => `${d.manifest}\0${d.name.toLowerCase().replace(/[-_.]+/g, '-')}`;
  const chosen = new Map<string, Dependency>();
  for (const d of deps) {
    if (d.ecosystem !== 'pip') continue;
    const first = chosen.get(key(d));
    if (!first || (SCOPE_RANK[d.scope] ?? 3) < (SCOPE_RANK[first.scope] ?? 3)) chosen.set(key(d), d);
  }
  return deps.filter((d) => d.ecosystem !== 'pip' || chosen.get(key(d)) === d);
}

/**
 * An npm package a manifest lists in two sections (`react` as a peer, and as a devDependency to test
 * against) is one package, counted where its users meet it: as runtime or peer before development.
 */
export function npmOnce(deps: Dependency[]): Dependency[] {
  const key = (d: Dependency) => `${d.manifest}\0${d.name}`;
  const chosen = new Map<string, Dependency>();
  for (const d of deps) {
    if (d.ecosystem !== 'npm') continue;
    const first = chosen.get(key(d));
    if (!first || (SCOPE_RANK[d.scope] ?? 3) < (SCOPE_RANK[first.scope] ?? 3)) chosen.set(key(d), d);
  }
  return deps.filter((d) => d.ecosystem !== 'npm' || chosen.get(key(d)) === d);
}

/**
 * A dependency only the build that makes the package needs: a Cargo build script's crate, a Python
 * build backend. A Maven plugin's own dependency (checkstyle's rules on the checkstyle plugin) is a
 * tool's classpath, counted with development as the same tool declared elsewhere is.
 */
export function isBuildOnly(d: Pick<Dependency, 'scope' | 'ecosystem'>): boolean {
  return d.scope === 'build' && d.ecosystem !== 'maven';
}

/** `@types/react`: type declarations for the compiler, never code that runs. */
export function isTypeDeclarations(d: Pick<Dependency, 'ecosystem' | 'name'>): boolean {
  return d.ecosystem === 'npm' && d.name.startsWith('@types/');
}

/**
 * The optional peer a framework is declared as, when the product ships it as nothing else: React
 * in a state library whose core runs without it (`"react": { "optional": true }`). Such a framework
 * is not what the product builds on, only what some of its files use.
 */
export function optionalPeerOf(
  a: Analysis,
  fw: Pick<Analysis['frameworks'][number], 'name' | 'evidence'>,
): Dependency | undefined {
  const shipped = shippedDeclarations(a, fw);
  return shipped.length && shipped.every((d) => d.optionalPeer) ? shipped[0] : undefined;
}

/** The product's declarations of a framework's package that ship: at its evidence, else by its name. */
function shippedDeclarations(
  a: Analysis,
  fw: Pick<Analysis['frameworks'][number], 'name' | 'evidence'>,
): Dependency[] {
  const own = a.dependencies.filter(isProductOwned);
  const at = own.filter((d) => `${d.manifest}:${d.line}` === fw.evidence);
  const decl = at.length ? at : own.filter((d) => d.name.toLowerCase() === fw.name.toLowerCase());
  return decl.filter((d) => d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional');
}

/**
 * The declaration that makes a framework optional: an optional peer, or an optional dependency (a
 * Python extra, an optional crate the default features leave out, a Go module only required
 * indirectly). What users get without asking for it does not hold it.
 */
export function optionalOf(
  a: Analysis,
  fw: Pick<Analysis['frameworks'][number], 'name' | 'evidence'>,
): Dependency | undefined {
  const peer = optionalPeerOf(a, fw);
  if (peer) return peer;
  const shipped = shippedDeclarations(a, fw);
  return shipped.length && shipped.every((d) => d.scope === 'optional' && !d.inDefaultBuild)
    ? shipped[0]
    : undefined;
}

/** The product's source files that import a package (`src/react.ts` for `react`), sorted. */
export function importersOf(a: Analysis, d: Pick<Dependency, 'ecosystem' | 'name'>): string[] {
  // the product's files: an example app importing `react` says nothing of the library
  const source = new Set(factsOf(a).productFiles.map((f) => f.path));
  return [
    ...new Set(
      a.imports
        .filter((i) => !i.resolved && source.has(i.from) && importsPackage(i.specifier, d))
        .map((i) => i.from),
    ),
  ].sort();
}

// roles a package plays only where code imports it; a styling framework, a UI or web framework,
// an app server or an async runtime works through class names, JSX, configuration or macros
export const USED_BY_IMPORT = new Set<PackageRole>([
  'auth',
  'security',
  'validation',
  'http-client',
  'payments',
  'serialization',
  'database-client',
  'logging',
  'task-queue',
  'data-science',
  'cli-parsing',
  'templating',
]);

const LOADED_BY_FRAMEWORKS = new Set<PackageRole>(['database-client', 'templating', 'serialization']);

/** Python distributions whose modules have other names, beyond those the role table maps. */
const PIP_BY_OTHER_NAME = new Set([
  'attrs',
  'protobuf',
  'pyzmq',
  'pycryptodome',
  'pyopenssl',
  'pymupdf',
  'pyserial',
]);

/**
 * A library of a role played only through imports (authentication, hardening, validation…) that no
 * product file imports: declared, or pulled in by another module (a Go `// indirect` requirement),
 * but nothing the product's code relies on. Told only where an import names the package itself (npm,
 * Go, a Python distribution of a module's name; a crate's `use` may come through a re-export) and the
 * product has enough files to say so.
 */
export function neverImported(
  a: Analysis,
  d: Dependency,
  productFiles: { path: string }[] = factsOf(a).productFiles,
): boolean {
  const role = d.role ?? dependencyRole(d);
  // a database driver, a template engine or a serializer is often loaded by the framework the product
  // configures (Django's `ENGINE`, a renderer named in settings): no import of the product's own needed
  if (!role || !USED_BY_IMPORT.has(role) || LOADED_BY_FRAMEWORKS.has(role) || productFiles.length < 5)
    return false;
  // a Python distribution is imported by its own name only where that name is one (`httpx`) or the
  // table knows the module (`jwt` for PyJWT); others (`attrs`, `protobuf`) import by another
  const pipByName =
    d.ecosystem === 'pip' &&
    (PIP_BY_OTHER_NAME.has(d.name.toLowerCase())
      ? false
      : /^[a-z][a-z0-9_]*$/i.test(d.name) || importName(d) !== d.name.toLowerCase().replace(/-/g, '_'));
  if (d.ecosystem !== 'npm' && d.ecosystem !== 'go' && !pipByName) return false;
  const source = new Set(productFiles.map((f) => f.path));
  return !a.imports.some((i) => !i.resolved && source.has(i.from) && importsPackage(i.specifier, d));
}

/** A framework whose package plays its role only through imports, and which no product file imports. */
export function frameworkUnimported(
  a: Analysis,
  f: Pick<Analysis['frameworks'][number], 'evidence'>,
): boolean {
  const { path, line } = splitCitation(f.evidence);
  const dep = a.dependencies.find((d) => d.manifest === path && d.line === line);
  return !!dep && neverImported(a, dep);
}

const cache = new WeakMap<Analysis, Facts>();

export function factsOf(a: Analysis): Facts {
  const hit = cache.get(a);
  if (hit) return hit;
  const fileByPath = new Map(a.files.map((f) => [f.path, f]));
  // the tests pass lists the files that hold cases; the rest of the test code (helpers, conftest,
  // mocks, fixture apps) is support, counted apart, so every chapter counts the same test files
  const testFiles = [...new Set(a.tests.files.map((t) => t.path))].sort();
  const listed = new Set(testFiles);
  const testSupport = [
    ...new Set([...(a.tests.support ?? []), ...a.files.filter(isTestSourceFile).map((f) => f.path)]),
  ]
    .filter((p) => !listed.has(p))
    .sort();
  const testSet = new Set([
    ...testFiles,
    ...testSupport,
    ...a.files.filter((f) => isTestCode(f.path)).map((f) => f.path),
  ]);
  // a compiled stylesheet or a copied library is no source file of the team's
  const sourceFiles = a.files.filter(
    (f) =>
      f.language && !NON_CODE_LANGUAGES.has(f.language) && !testSet.has(f.path) && f.role !== 'generated',
  );
  // the data model is what the code stores: tables, ORM models, migrations and entity schemas;
  // an interface is not one unless it sits in such a file (a `Row` in a parser is not a table)
  // an example's or a docs tutorial's schema is not what the product stores
  const stored = (p: string) => !NOT_STORED.has(fileByPath.get(p)?.role ?? 'product');
  const entities = (a.dataModel ?? []).filter((e) => !testSet.has(e.file) && stored(e.file));
  const tables = entities.filter((e) => !isSchema(e));
  const schemas = entities.filter(isSchema);
  const entityFiles = new Set(entities.map((e) => e.file));
  const migrations = migrationsOf(
    a.files.filter((f) => !testSet.has(f.path) && stored(f.path)).map((f) => f.path),
  );
  const migrationSet = new Set(migrations.map((m) => m.path));
  const schemaFiles = a.files.filter(
    (f) =>
      !testSet.has(f.path) &&
      stored(f.path) &&
      (entityFiles.has(f.path) ||
        migrationSet.has(f.path) ||
        (SCHEMA_FILE.test(f.path) && f.language !== 'Markdown')),
  );
  // the product's own manifests only: an example's or a benchmark's dependencies are not the product's
  const productDeps = a.dependencies.filter(isProductOwned);
  // a framework found through a dependency names it once: "Drizzle", not "Drizzle, drizzle-orm"
  const ormFw = a.frameworks.filter((f) => f.category === 'orm' && isProductOwned(f));
  const fwAt = new Set(a.frameworks.map((f) => f.evidence));
  const ormFrameworks = [
    ...new Set([
      ...ormFw.map((f) => f.name),
      ...productDeps
        .filter((d) => ORM_NAMES.test(d.name) && d.scope !== 'dev' && !fwAt.has(`${d.manifest}:${d.line}`))
        .map((d) => d.name),
    ]),
  ];
  const uniqDeps = (ds: Dependency[]) => {
    const seen = new Set<string>();
    return ds.filter((d) =>
      seen.has(d.ecosystem + d.name) ? false : (seen.add(d.ecosystem + d.name), true),
    );
  };
  const declared = npmOnce(pipOnce(jvmOnce(productDeps)));
  const productFiles = productBase(a, sourceFiles);
  // a repository with no product role (a collection of scripts) is measured whole
  const base = productFiles.length ? productFiles : sourceFiles;
  const inBase = new Set(base.map((f) => f.path));
  const moduleFolder = moduleFolders(a.files.map((f) => f.path));
  const { modules, packages: packageModules } = productModules(a, productFiles, moduleFolder);
  const kept = new Set(modules.map((m) => m.id));
  const moduleEdges = a.moduleGraph.edges.filter(
    (e) => e.from !== e.to && kept.has(e.from) && kept.has(e.to),
  );
  const fan = (key: 'from' | 'to') => {
    const m = new Map<string, number>();
    for (const e of moduleEdges) m.set(e[key], (m.get(e[key]) ?? 0) + e.weight);
    return [...m.entries()]
      .map(([module, weight]) => ({ module, weight }))
      .sort((x, y) => y.weight - x.weight || x.module.localeCompare(y.module));
  };
  const productSymbols = a.symbols.filter((s) => inBase.has(s.path) && !migrationSet.has(s.path));
  const facts: Facts = {
    fileByPath,
    sourceFiles,
    productFiles,
    testFiles,
    testSupport,
    totalLines: a.project.lines.code + a.project.lines.comment + a.project.lines.blank,
    // an optional peer is the user's to install, for the files that import it; a `@types/*`
    // package in `dependencies` serves the users' type checks, a build step
    runtimeDeps: declared.filter(
      (d) =>
        (d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional') &&
        !d.optionalPeer &&
        !isTypeDeclarations(d),
    ),
    optionalPeerDeps: declared.filter((d) => d.optionalPeer),
    devDeps: declared.filter(
      (d) =>
        d.scope === 'dev' ||
        d.scope === 'test' ||
        d.scope === 'build' ||
        (isTypeDeclarations(d) && !d.optionalPeer),
    ),
    dataModel: { ormFrameworks, schemaFiles, tables, schemas, migrations },
    // a library's role is the table's, and only for what the product ships (package-roles.ts)
    authLibs: uniqDeps(productDeps.filter((d) => roleOf(d) === 'auth' && !neverImported(a, d, productFiles))),
    securityLibs: uniqDeps(
      productDeps.filter((d) => roleOf(d) === 'security' && !neverImported(a, d, productFiles)),
    ),
    validationLibs: uniqDeps(
      productDeps.filter((d) => roleOf(d) === 'validation' && !neverImported(a, d, productFiles)),
    ),
    heavyDeps: uniqDeps(productDeps.filter((d) => HEAVY_NAMES.test(d.name) && d.scope !== 'dev')),
    looseDeps: [],
    codeEnvVars: a.envVars.filter((e) => !ENV_FILE.test(e.file)),
    secretEnvVars: [
      ...new Set(
        a.envVars
          .filter((e) => !ENV_FILE.test(e.file))
          .filter(
            (e) => /DATABASE_URL|DSN/i.test(e.name) || (SECRET_VAR.test(e.name) && isSecretName(e.name)),
          )
          .map((e) => e.name),
      ),
    ].sort(),
    // ingest skips lockfiles as generated, but one being committed is what matters here
    lockfiles: (a.lockfiles ?? [...a.files, ...a.skipped].flatMap((f) => lockfileOf(f.path) ?? []))
      .filter(isProductOwned)
      .map((l) => l.path),
    largestFiles: base
      .filter((f) => !f.literalData && !f.typeDeclarations)
      .sort((x, y) => y.code - x.code || x.path.localeCompare(y.path)),
    notRanked: {
      generated: a.files.filter(
        (f) =>
          f.role === 'generated' && f.language && !NON_CODE_LANGUAGES.has(f.language) && !copiedIn(a, f.path),
      ),
      // another project's code copied in (a vendored library) was neither written by a tool nor here
      copied: a.files.filter(
        (f) =>
          f.role === 'generated' && f.language && !NON_CODE_LANGUAGES.has(f.language) && copiedIn(a, f.path),
      ),
      data: sourceFiles.filter((f) => f.literalData),
      types: sourceFiles.filter((f) => f.typeDeclarations),
    },
    productSymbols,
    exportedSymbols: productSymbols.filter((s) => s.exported && !isPrivate(s)),
    modules,
    moduleFolder,
    moduleEdges,
    moduleUnits: moduleUnits(modules, moduleEdges, packageModules),
    packageModules,
    fanIn: fan('to'),
    fanOut: fan('from'),
    launchers: launchersOf(a, fileByPath),
    testFolders: testFoldersOf(a),
  };
  // a risk only where it is one: an application's shipped dependencies that no lockfile fixes
  facts.looseDeps = openVersionRisks(a, productDeps, facts.lockfiles);
  cache.set(a, facts);
  return facts;
}

// languages whose names are public by convention (no leading underscore) or by default, never by an
// `export`, `pub` or `public` the code writes: "exported" says nothing of them
const NO_EXPORT_FILE = /\.(py|pyi|rb|c|h|cc|cpp|cxx|hh|hpp)$/;

/** Whether a file's language marks the names it offers (`export`, `pub`, `public`, a capital in Go). */
/**
 * "the product's 19 source files": what a claim that nothing was found is made over. Every chapter
 * names the product's own file count (the one Project Structure gives); a repository with no product
 * role is searched whole.
 */
export function searchedFiles(fx: Facts): string {
  const n = fx.productFiles.length || fx.sourceFiles.length;
  const files = `${n.toLocaleString('en-US')} source ${n === 1 ? 'file' : 'files'}`;
  return fx.productFiles.length ? `the product's ${files}` : `the ${files}`;
}

export function declaresExports(path: string): boolean {
  return !NO_EXPORT_FILE.test(path);
}

/**
 * The sentence that says which files over `minCode` lines of code a size finding leaves out, and
 * why: "Generated files (x.pb.go) and data tables (unicode.rs) are left out." Empty when none is.
 */
export function notRankedNote(fx: Facts, minCode: number): string {
  const over = (files: FileInfo[]) => files.filter((f) => f.code > minCode).map((f) => `\`${f.path}\``);
  const generated = over(fx.notRanked.generated);
  const data = over(fx.notRanked.data);
  const copied = over(fx.notRanked.copied);
  const parts = [
    generated.length &&
      `${generated.length === 1 ? 'the generated file' : 'generated files'} ${listSome(generated)}`,
    data.length && `${data.length === 1 ? 'the data table' : 'data tables'} ${listSome(data)}`,
  ].filter((x): x is string => !!x);
  const types = over(fx.notRanked.types);
  // type declarations are neither written by a tool nor data: they get their own reason
  const typeText = types.length
    ? `${listSome(types)}, which ${types.length === 1 ? 'declares' : 'declare'} TypeScript types only (compile-time, no code that runs)`
    : '';
  const copiedText = copied.length
    ? `${listSome(copied)}, ${copied.length === 1 ? 'a file' : 'files'} of another project copied in`
    : '';
  const others = [typeText, copiedText].filter(Boolean).join(', and ');
  if (!parts.length) return others ? ` Not among them: ${others}.` : '';
  const text = parts.join(' and ');
  return ` Not among them: ${text} (written by a tool or made of literal data, not code to split)${others ? `, and ${others}` : ''}.`;
}

/** A file inside a folder the layout names as another project's code copied in. */
const copiedIn = (a: Analysis, path: string) =>
  (a.identity?.nonProduct ?? []).some(
    (n) => n.role === 'vendored' && (path === n.path || path.startsWith(`${n.path}/`)),
  );

const listSome = (items: string[]) =>
  items.length <= 2 ? items.join(' and ') : `${items.slice(0, 2).join(', ')} and ${items.length - 2} more`;

/**
 * A name users are not meant to reach: one with a leading underscore, or one defined in a private
 * module (`_compat.py`, `_internal/`); `__init__.py` and `__main__.py` are not private.
 */
function isPrivate(s: { name: string; path: string }): boolean {
  return s.name.startsWith('_') || s.path.split('/').some((part) => /^_(?!_)/.test(part));
}

/** Mentions on one line or a run of nearby lines (a table's rows), not spread over a document. */
export function oneBlock(ms: { line: number }[]): boolean {
  const lines = [...new Set(ms.map((m) => m.line))];
  return Math.max(...lines) - Math.min(...lines) <= 2 * lines.length;
}

/** A checksum file (go.sum): it verifies downloads and fixes no version, so it is no lockfile. */
export const isChecksumFile = (path: string) => /(?:^|\/)go\.sum$/.test(path);
