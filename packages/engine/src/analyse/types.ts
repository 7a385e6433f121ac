// analysis.json: everything the deterministic passes learn about a code base. Every finding carries
// the file (and line where there is one) it came from, so agents can cite `path:line`.

/** What a file is for, from its path alone (path-role.ts). */
export type PathRole = 'product' | 'tests' | 'examples' | 'docs' | 'benchmarks' | 'generated' | 'other';

export interface LineCounts {
  code: number;
  comment: number;
  blank: number;
}

export interface FileInfo extends LineCounts {
  path: string;
  size: number;
  language: string | null; // cloc's language name, e.g. "TypeScript"; null when not source
  /**
   * All lines of a text file without a language (`.env.example`, `.gitignore`), whose code, comment
   * and blank counts stay 0 so that totals count code only; a citation of one of its lines is real.
   */
  lines?: number;
  /** Set when the file is byte-identical to an earlier one; cloc counts such files once. */
  duplicateOf?: string;
  /** What the file is for: product code, tests, examples, docs, benchmarks or other. */
  role?: PathRole;
  /** Set when the file is mostly literal data (a table of strings or numbers), not logic. */
  literalData?: boolean;
  /** Set when the file declares TypeScript types only: compile-time, no code that runs. */
  typeDeclarations?: boolean;
}

/** Line counts of the files of one role (cloc's rules: duplicates and empty files left out). */
export interface RoleStat extends LineCounts {
  files: number;
}

export interface LanguageStat extends LineCounts {
  language: string;
  files: number;
  /** The same counts split by what the files are for. */
  byRole?: Partial<Record<PathRole, RoleStat>>;
}

export interface DirNode {
  name: string;
  path: string; // "" for the root
  files: number; // files below, recursively
  bytes: number;
  lines: number; // code lines below
  children: DirNode[]; // directories only, largest first
}

export type Ecosystem =
  'npm' | 'pip' | 'go' | 'cargo' | 'maven' | 'gradle' | 'composer' | 'bundler' | 'nuget';

export interface Manifest {
  path: string;
  ecosystem: Ecosystem;
  name?: string;
  version?: string;
  description?: string;
  /** Whose manifest it is: the product's, or an example's, a benchmark's… (from the identity layer). */
  area?: NonProductRole | 'product';
  /**
   * The runtimes and tools it asks for, with the version range and line: `requires-python`,
   * `engines.node`, `packageManager` (`bun@1.2.20`).
   */
  requires?: { name: string; version: string; line?: number }[];
}

/** A committed lockfile (or a requirements file exported from one) and the tool that writes it. */
export interface Lockfile {
  path: string;
  ecosystem: Ecosystem;
  manager: string; // "npm", "pnpm", "bun", "uv", "Poetry", "Cargo"…
  area?: NonProductRole | 'product';
}

/** The package manager an ecosystem of the project uses, from its lockfile or its settings. */
export interface PackageManager {
  name: string;
  ecosystem: Ecosystem;
  evidence: string; // the lockfile or setting it was read from
  area?: NonProductRole | 'product';
}

/** A setting that turns lockfiles off on purpose (`.npmrc` `package-lock=false`). */
export interface LockfileOptOut {
  path: string;
  line: number;
  ecosystem: Ecosystem;
}

/** What a package is for, from the package-role table (package-roles.ts). */
export type PackageRole =
  | 'web-framework'
  | 'ui-framework'
  | 'router'
  | 'orm'
  | 'database-client'
  | 'auth'
  | 'security'
  | 'validation'
  | 'templating'
  | 'http-client'
  /** An HTTP implementation that serves and sends alike (hyper): what a web framework runs on. */
  | 'http-library'
  | 'test-runner'
  | 'linter'
  | 'formatter'
  | 'type-checker'
  | 'task-runner'
  | 'cli-parsing'
  | 'logging'
  | 'serialization'
  | 'async-runtime'
  | 'task-queue'
  | 'payments'
  | 'build-tool'
  | 'app-server'
  /** The interface between web servers and applications (Rack). */
  | 'web-interface'
  | 'data-science'
  | 'mobile'
  | 'desktop'
  | 'styling'
  | 'api-layer';

export interface Dependency {
  ecosystem: Ecosystem;
  name: string;
  version: string; // as declared ("^5.1.0", "==2.31.0", "v1.9.1", "*" when absent)
  scope: 'runtime' | 'dev' | 'peer' | 'optional' | 'build' | 'test';
  manifest: string; // path of the manifest
  line?: number;
  /**
   * A peer the manifest marks optional (`"peerDependenciesMeta": { "react": { "optional": true } }`):
   * npm installs none, and only the files that import it need it.
   */
  optionalPeer?: true;
  /**
   * What sets the version when the declaration names none on purpose: a parent POM, an imported
   * BOM, a Gradle platform or dependency-management plugin, a Cargo workspace. Such a version is
   * fixed by the build, not open.
   */
  managedBy?: string;
  /** The version the manager sets, when it is a release of the package's own group (a Spring Boot parent for a starter). */
  managedVersion?: string;
  /** The line of the same manifest that names that release (the parent's `<version>`, the Boot plugin's `version`). */
  managedLine?: number;
  /** Whose manifest declares it: the product's, or an example's, a benchmark's… (from the identity layer). */
  area?: NonProductRole | 'product';
  /** What it is for, from the package-role table; runtime roles only for shipped dependencies. */
  role?: PackageRole;
  /** The only targets it is built for, as the manifest names them: `cfg(unix)` of Cargo's `[target.'cfg(unix)'.dependencies]`. */
  platform?: string;
  /** An optional crate the default features turn on (`default = ["git"]`, `git = ["gix"]`): built unless they are turned off. */
  inDefaultBuild?: boolean;
}

export interface Framework {
  name: string; // "React", "Fastify", "Django"…
  category: 'web' | 'frontend' | 'test' | 'orm' | 'cli' | 'build' | 'mobile' | 'data' | 'other';
  evidence: string; // path (and usually the manifest) it was found in
  version?: string;
  /** What the package is for, from the package-role table. */
  role?: PackageRole;
  /** Whose code or manifest shows it: the product's, or the examples', tests'… (from the identity layer). */
  area?: NonProductRole | 'product';
}

export interface EntryPoint {
  /** 'export': a package.json "exports" entry (name = the import specifier, command = the file);
   *  'html-script': a page's <script src> (name = the script file, path = the HTML page). */
  kind:
    | 'npm-script'
    | 'make-target'
    | 'dockerfile'
    | 'ci-workflow'
    | 'bin'
    | 'main'
    | 'export'
    | 'html-script'
    | 'compose-service'
    | 'procfile'
    | 'daemon';
  name: string;
  command?: string;
  path: string;
  line?: number;
  /** 'daemon': the process manager's condition for starting it ("when `SMTPD_PORT` is set"). */
  condition?: string;
  /** 'daemon': what the process is for, in the project's own words (a management command's help). */
  role?: string;
  /** 'daemon': the loop the process runs, read from its command's module (process-managers.ts). */
  loop?: DaemonLoop;
  /** A make target or just recipe without commands of its own runs these first (and only these). */
  prerequisites?: string[];
  /** A make target or just recipe whose every command only prints (a banner). */
  printsOnly?: boolean;
  /** The group a just recipe is filed under (`[group: 'demo']`), as `just --list` shows it. */
  group?: string;
  /** What a bare `make` or `just` runs: the first target, or the recipe marked `[default]`. */
  defaultGoal?: boolean;
  /** Whose entry point this is: the product's, or the examples', tests', scripts'… (from the identity layer). */
  area?: NonProductRole | 'product';
  /** For a package's 'main' kind: the manifest field that declares it, when not `main` (`module`). */
  field?: 'module';
}

/** The loop a long-running process runs: what it calls on each turn, and how it shares the work. */
export interface DaemonLoop {
  /** The module the process's command runs, and the line its `while` loop starts at. */
  path: string;
  line: number;
  /** The module's own functions the loop calls, in order, each with its docstring's first sentence. */
  calls: { name: string; line: number; doc?: string }[];
  /** The pool the work is handed to (`ThreadPoolExecutor`) and the function submitted to it. */
  pool?: { kind: string; line: number; runs?: string };
  /**
   * Lines where the process claims a row with a conditional update and goes on only when exactly one
   * row changed: another process running the same loop got there first otherwise.
   */
  claims?: number[];
}

export interface SymbolInfo {
  path: string;
  name: string;
  kind:
    'function' | 'class' | 'interface' | 'type' | 'enum' | 'method' | 'struct' | 'trait' | 'const' | 'module';
  line: number;
  exported: boolean;
  /** Its authors mark it deprecated (`// Deprecated:`, `@deprecated`, `#[deprecated]`; deprecated.ts). */
  deprecated?: true;
  /** The name its deprecation note says to use instead (`Dialer`, of `Deprecated: Use Dialer instead.`). */
  replacement?: string;
}

export interface ImportInfo {
  from: string; // importing file
  specifier: string; // as written
  resolved?: string; // repository file it resolves to, when internal
  line: number;
  /** The names a Python `from X import a, b` takes, while the module graph resolves them (then dropped). */
  names?: string[];
}

/** The symbols and imports of one file or of the code base (symbols.ts). */
export interface SymbolsResult {
  symbols: SymbolInfo[];
  imports: ImportInfo[];
}

export interface ModuleGraph {
  /** A module is a directory (at a depth chosen to give a readable graph). */
  nodes: { id: string; files: number; lines: number }[];
  edges: { from: string; to: string; weight: number }[];
  /**
   * Files the graph counts in another folder than their own: a JVM file in a second source root of
   * its package (`src/main/java11/org/acme/X.java`) → the package's folder (`src/main/java/org/acme`).
   */
  placed?: Record<string, string>;
}

export interface Route {
  method: string; // GET, POST… or ANY
  path: string;
  framework: string;
  file: string;
  line: number;
  handler?: string;
  /**
   * Whose route this is: the product's, or the examples', tests'… (from the identity layer).
   * `component`: declared in the product of a library or framework, by an optional part it ships
   * for the applications that use it (chi's profiler middleware mounts `/debug/pprof`): served by
   * those applications when they mount it, never by the project itself.
   */
  area?: NonProductRole | 'product' | 'component';
}

/** Who sets an environment variable: the product's user (config), CI, the build tool, the OS/host, a shell's completion. */
export type EnvVarClass = 'config' | 'ci' | 'build' | 'platform' | 'completion';

/** A JVM system property the code reads (`System.getProperty("x", "d")`, `Boolean.getBoolean("x")`). */
export interface SystemProperty {
  name: string;
  file: string;
  line: number;
  /** What the read gives when the property is unset (`"d"`; `false` for `Boolean.getBoolean`). */
  defaultValue?: string;
}

export interface EnvVar {
  name: string;
  /** The program sets it itself unless the environment does (`os.environ.setdefault`): plumbing. */
  setByProgram?: boolean;
  file: string;
  line: number;
  /** The value or expression the code falls back to; never recorded for a sensitive variable. */
  defaultValue?: string;
  /** The code falls back when the variable is unset (set even where the default itself is hidden). */
  hasDefault?: boolean;
  /** The name says it holds a credential (`*_SECRET`, `*_KEY`, `*_TOKEN`, `PASSWORD`…). */
  sensitive?: boolean;
  /** The read fails when the variable is unset (`os.environ["X"]`, `process.env.X!`, a throw or exit). */
  required?: boolean;
  /** Other variables the code reads in its place when this one is unset, in order (`A ?? B ?? ''`). */
  fallbackVars?: string[];
  /** Another variable that, set to this value, makes the code ignore this one (`COBRA_ACTIVE_HELP=0`). */
  overriddenBy?: { name: string; value: string };
  /** For a name built at run time, the code each `<PART>` comes from (`<NAME>` ← `cmd.Root().Name()`). */
  filledBy?: Record<string, string>;
  /** Unset, it reads as an empty string (`|| ''`): for a credential that is no credential, not a default. */
  emptyFallback?: boolean;
  /**
   * The empty fallback is handed straight to a client constructor or SDK call (`createClient(url ?? '')`,
   * `new Stripe(key ?? '')`) that cannot use it: the variable must be set, though the read itself does not fail.
   */
  unusableEmpty?: boolean;
  /** Values the code falls back to, tried in order, where it computes them (`~/.netrc`, `~/_netrc`). */
  defaultValues?: string[];
  /** Where the code sets the value it uses when the variable is unset (an `else` branch), if not at the read. */
  defaultLine?: number;
  /** The same, in another file than the read: where the code works out its own value for an absent option. */
  defaultAt?: { path: string; line: number };
  /** What the code tries before its default when the option is absent (`ast.indentation()`, a setting). */
  fallsBackTo?: string[];
  /** Only the variable's presence is tested (`'NO_COLOR' in process.env`): unset, the switch is off. */
  presence?: boolean;
  class?: EnvVarClass;
  /** The program's `--help` names it beside its option (clap `env` without `hide_env`). */
  inHelp?: boolean;
  /**
   * It sets a command-line option (clap `env`): unset, the option is absent, and what that means is
   * decided where the option is used, which the lookup does not show.
   */
  option?: boolean;
  /** Whose read this is: the product's, or the tests', examples', scripts'… (from the identity layer). */
  area?: NonProductRole | 'product';
  /** The library call that reads it for the product (`getproxies()`), when the product does not read it by name. */
  readBy?: string;
}

/** A table or stored entity as the code declares it (SQL, ORM model, entity-named schema). */
/** What a SQL file without a CREATE TABLE does: fill tables with rows, or create the database, users and grants. */
export interface SqlScript {
  path: string;
  holds: 'data' | 'setup';
}

export interface DataEntity {
  kind:
    | 'sql-table'
    | 'drizzle'
    | 'prisma'
    | 'typeorm'
    | 'sequelize'
    | 'mongoose'
    | 'sqlalchemy'
    | 'django'
    | 'gorm'
    | 'zod'
    | 'pydantic'
    | 'sqlmodel'
    | 'jpa'
    | 'diesel';
  name: string;
  file: string;
  line: number;
  fields: string[];
  /** The stored table's own name when the code gives one apart from the class (`@Table(name = "owners")`, `__tablename__`). */
  table?: string;
  /** 'table': the database stores it (ORM table, CREATE TABLE); 'schema': it only shapes or validates data (API schema, DTO). */
  store?: 'table' | 'schema';
  /** The fields with their declared type where the declaration gives a simple one. */
  columns?: DataField[];
  /** Foreign keys and associations to other tables, for an entity diagram. */
  relations?: DataRelation[];
  /** Row level security is enabled on the table or a policy is declared for it. */
  rowLevelSecurity?: boolean;
  /** The database a CREATE TABLE is written for, when its file uses syntax only that database has. */
  dialect?: 'PostgreSQL' | 'MySQL' | 'SQLite';
}

export interface DataField {
  name: string;
  type?: string;
}

export interface DataRelation {
  /** The table or model that declares the relation, and the one it points to (as the code names them). */
  from: string;
  to: string;
  kind: 'many-to-one' | 'one-to-one' | 'one-to-many' | 'many-to-many';
  /** The field or column that holds it. */
  field?: string;
}

export interface TestInfo {
  frameworks: string[];
  /** test files: the files that hold test cases */
  files: { path: string; cases: number }[];
  /** test support: helpers, conftest, mocks and fixture apps among the test code, holding no case */
  support?: string[];
  /** product source files that also declare test cases (Rust's #[cfg(test)] modules): still product */
  inline?: {
    path: string;
    cases: number;
    /** lines of code inside the file's test modules: not the product's code to review */
    lines?: number;
  }[];
  totalCases: number;
}

export interface CiInfo {
  provider: string; // "GitHub Actions", "GitLab CI"…
  path: string;
  jobs: string[];
  /** The commands its steps run, a line each, and the actions they use ("npm run lint", "actions/checkout"). */
  commands?: string[];
  /** It publishes: a package to a registry, an image, a GitHub release or a pushed tag. */
  publishes?: boolean;
  /**
   * The package registries its commands publish to (`npm publish` → npm, `deno publish` → JSR), each
   * with the name the registry's manifest gives the package, where the repository root has one.
   */
  registries?: { registry: string; name?: string; path?: string; line?: number }[];
  /** Each job's own commands and the matrix it runs over, where the configuration says (GitHub Actions). */
  jobRuns?: {
    job: string;
    commands: string[];
    /** Each axis; `entries` when it is a list of configurations told apart by the key `name`. */
    matrix?: { name: string; values: string[]; entries?: boolean }[];
    /** How many runs the matrix makes, when `include` or `exclude` make it other than the axes' product. */
    combinations?: number;
    /** How many times the workflows run the job, when a CircleCI `matrix` makes it more than once. */
    runs?: number;
  }[];
}

/** A lint, format or type check the project sets up outside its scripts and CI job names. */
export interface StaticCheck {
  /** the hook id, plugin artifact or tool name: "ruff", "maven-checkstyle-plugin", "golangci-lint" */
  tool: string;
  path: string;
  line?: number;
  via: 'pre-commit' | 'build-plugin' | 'config';
}

export interface ContainerInfo {
  path: string;
  kind: 'dockerfile' | 'compose';
  baseImages: string[];
  exposedPorts: number[];
  services?: string[];
}

export interface LicenseInfo {
  spdx: string | null;
  path: string;
}

export interface DocsInfo {
  readme: { path: string; title: string | null; summary: string; headings: string[] } | null;
  files: string[];
  /**
   * Where the docs (README, docs/, .env.example…) name each environment variable the code reads: one
   * mention per variable and file, at its first line there; a variable's first mention is in the
   * file read first (the root README, then other READMEs, then the rest).
   */
  envVarMentions?: { name: string; file: string; line: number }[];
}

export interface TodoItem {
  tag: 'TODO' | 'FIXME' | 'HACK' | 'XXX' | 'BUG';
  text: string;
  file: string;
  line: number;
}

export interface GitInfo {
  commits: number;
  authors: { name: string; commits: number }[];
  firstCommit: string | null; // ISO date
  lastCommit: string | null;
  recent: { hash: string; date: string; author: string; subject: string }[];
}

export interface SecretFinding {
  kind: string; // "AWS access key", "Private key", "Generic API key"…
  file: string;
  line: number;
  masked: string; // e.g. "AKIA****************WXYZ"; never the whole value
  /** The environment variable it belongs to: a hard-coded fallback, or a key of a committed env file. */
  variable?: string;
  /** Whose file this is: the product's, or the examples', docs'… (from the identity layer). */
  area?: NonProductRole | 'product';
}

/** What the code does about security that users rely on, each at a line of code. */
export type SecurityFactKind =
  | 'tls-verify-default'
  | 'tls-verify-off'
  | 'ca-bundle'
  | 'webhook-signature'
  | 'elevated-client'
  | 'signed-cookies'
  | 'proxy-switch'
  | 'forwarded-header'
  | 'error-exposure'
  | 'auth-backends'
  | 'api-key-header'
  | 'access-guard';

export interface SecurityFact {
  kind: SecurityFactKind;
  file: string;
  line: number;
  /** The header, call or setting matched, or a switch's default (`false`). */
  detail?: string;
  /** A forwarded header read beside the switch that decides whether to trust it (`proxy && get(…)`). */
  guarded?: boolean;
  /**
   * The line of the check that lets the read happen only for a trusted proxy (`if (!trust(addr)) return`,
   * `if isTrustedProxyClient {`), where no setting named the switch.
   */
  trustCheck?: number;
  /** The condition a switched-off check sits under (`r.ignoreTLSErrors`): an option, not the default. */
  onlyWhen?: { condition: string; line: number };
  /** A forwarded list read for its last entry, the one the proxy in front appends (`ips[ips.length - 1]`). */
  lastHop?: boolean;
  /** A forwarded header read in a platform adapter (`adapter/vercel/…`), as that platform's edge sets it. */
  platform?: string;
  /**
   * A function of the same file its authors mark deprecated as open to spoofing, where the header is
   * read, and the names they point to instead.
   */
  deprecated?: { name: string; line: number; note: number; instead: string[] };
  /** The top-level function the match sits in (the decorator that checks an API key). */
  within?: string;
  area?: NonProductRole | 'product';
}

/** A framework setting read from its property files (Spring's application*.properties / yaml). */
export interface FrameworkSetting {
  key: string;
  value: string;
  file: string;
  line: number;
}

export interface ConfigInfo {
  files: { path: string; kind: string }[]; // .env.example, config/*.yaml, tsconfig.json…
  /** Settings of the framework's property files (absent in analyses made before they were read). */
  settings?: FrameworkSetting[];
  /** Profiles the property files define (`application-mysql.properties` → mysql), with their file. */
  profiles?: { name: string; file: string }[];
  /**
   * The databases a settings file can configure: the one set unconditionally (the default) and those
   * an environment variable switches to (`if os.getenv("DB") == "postgres"`), each with its line.
   */
  databases?: DatabaseChoice[];
}

export interface DatabaseChoice {
  engine: string;
  file: string;
  line: number;
  /** The variable and the values that select this database; absent for the default. */
  when?: { variable: string; values: string[] };
}

/** What the project is, from its manifests, README and code: what every later pass and writer describes. */
export type ProjectKind =
  | 'library'
  | 'framework'
  | 'application'
  | 'web-application'
  | 'cli'
  | 'monorepo'
  | 'build-tool'
  | 'plugin'
  | 'service';

/** Why a path is not part of the shipped product. */
export type NonProductRole =
  | 'examples'
  | 'tests'
  | 'docs'
  | 'benchmarks'
  | 'fixtures'
  | 'scripts'
  | 'ci'
  | 'playground'
  | 'vendored'
  | 'generated'
  | 'build'
  | 'config'
  | 'deployment'
  /** Maintainer tools kept beside the product (unpublished workspace crates, code generators). */
  | 'tools'
  /**
   * Modules of a multi-module build that the build does not publish, beside those it does (add-ons
   * and extras kept in the repository that users do not get).
   */
  | 'unpublished'
  /** Logos, brand and design files. */
  | 'assets';

/** A name users of the product call; a command line's options carry how `--help` shows them. */
export interface PublicApiItem {
  name: string;
  kind: string;
  path: string;
  line: number;
  /** Where a re-exported name is defined, when that is not the export line (`from .core import Command`). */
  definedAt?: { path: string; line: number };
  /** The short form (`-x`) beside a long name. */
  short?: string;
  /** The value the option takes (`<depth>`), when it names one. */
  value?: string;
  /** Left out of `--help` (clap `hide`, cobra `MarkHidden`, click `hidden=True`, argparse SUPPRESS). */
  hidden?: boolean;
  /** The struct, command or parser the option belongs to. */
  group?: string;
  /**
   * The subcommand whose own option this is (`cache` for clap's `.subcommand(Command::new("cache").arg(…))`,
   * `remote add` when nested); unset for the options of the command itself.
   */
  subcommand?: string;
  /** The environment variable that sets it, where the parser reads one. */
  env?: string;
  /** The type a method belongs to, where methods of several types share a name (Go's receiver). */
  owner?: string;
  /** A route's handler as the code names it (`views.ping`). */
  handler?: string;
  /** What the package itself is when imported (`module.exports = createApplication`, `export default`). */
  isDefault?: boolean;
  /** Its authors mark it deprecated where it is defined (`// Deprecated: Use Dialer instead.`). */
  deprecated?: true;
  /** The package it is another package's export of (`exports.json = bodyParser.json` → `body-parser`). */
  reexportOf?: string;
}

/** Why a file counts for less than its references say; undefined when it counts in full. */
/** A web application's layers: request handlers, services and repositories, stored entities. */
export type WebLayer = 'controller' | 'service' | 'entity';

export type SideRole =
  | 'compatibility'
  | 'private'
  | 'admin'
  | 'plug-in'
  | 'client-side'
  | 'abstract-base'
  | 'generated'
  | 'types-only';

/** How the key components use each other (identity/components.ts). */
export interface ComponentLinks {
  /** The key components, in order: the files the report's table names and the diagram draws. */
  nodes: string[];
  /** The product has too few code files to rank: these are its files there is something to say of. */
  unranked?: boolean;
  /** Where unranked: how many code files the product has, those with nothing to say of among them. */
  of?: number;
  edges: { from: string; to: string; names: string[]; weight: number }[];
}

export interface Identity {
  kind: ProjectKind;
  /** Secondary kinds (a CLI that is also a library, a web application…). */
  kinds: ProjectKind[];
  /** One whole sentence saying what the project is, with where it was read. */
  purpose: { text: string; source: { path: string; line: number } } | null;
  /** Folders and files that make up the shipped product. */
  productPaths: string[];
  nonProduct: { path: string; role: NonProductRole }[];
  /** Where the product starts: package entry, main(), bin targets, app factory, application class. */
  entryPoints: {
    path: string;
    line: number;
    how: string;
    /** What a user writes to start there (`chi.NewRouter()`, `new Koa()`), for a declaration. */
    call?: string;
    /** The import path users write for the package that declaration belongs to. */
    importPath?: string;
  }[];
  /**
   * What users of the product call: exports, methods, commands, flags, routes. A command line's
   * options say their short form, value, group, environment variable and whether --help hides them
   * (identity/cli-options.ts).
   */
  publicApi: PublicApiItem[];
  /**
   * Product files by centrality: the main path's files, the central types' files, then by use (how
   * many files use each and the rank their references earn, counted by work and role; centre.ts).
   */
  keyComponents: { path: string; rank: number; summary?: string }[];
  /** Every ranked product file's centrality by use (centre.ts useScore), 4 significant digits. */
  centrality?: Record<string, number>;
  /** Product files that play a side role (a compatibility shim, one plug-in of many…; centre.ts). */
  sideRoles?: Record<string, SideRole>;
  /**
   * In a web application, the layer each ranked product file belongs to by its annotations,
   * directives or conventional name (identity/centre.ts layerOf); absent for any other project.
   */
  layers?: Record<string, WebLayer>;
  /** Of the service-layer files, those that reach the data store themselves (identity/index.ts dataAccessFiles). */
  dataAccess?: string[];
  /** How the key components use each other: the names one takes from another (identity/components.ts). */
  components?: ComponentLinks;
  /** Every ranked product file's PageRank (4 significant digits): what a model reads first. */
  fileRanks?: Record<string, number>;
  /** The unit of work the project exists for, traced from where it enters the product (flow/main-path.ts). */
  mainPath?: MainPathStep[];
}

/** One step of the main path: a product definition, or the library call where the work leaves the product. */
export interface MainPathStep {
  name: string;
  owner?: string;
  path: string;
  line: number;
  /** Why this step follows the one before (`called from Mux.ServeHTTP at mux.go:90`). */
  note?: string;
  /** The package the work is handed to, for a step outside the product. */
  external?: string;
  /** The first sentence of the definition's own documentation (docstring or comment above it). */
  doc?: string;
  /** For an undocumented type, the verb most of its methods open with and what they apply it to. */
  does?: { verb: string; objects: string[] };
  /** For a type, its method with a case for each kind of a product enum (`evaluate_value` over `Expression`). */
  cases?: { method: string; of: string; kinds: string[] };
  /** The index of the step that calls this one; absent where the path runs on from the step before. */
  from?: number;
  /**
   * A call of code the product was handed rather than its own: a function passed in as a parameter
   * (`fnMiddleware(ctx)`) or stored in a field of the caller's type (`c.RunE(c, args)`), as `owner`.
   */
  handedIn?: 'parameter' | 'field' | 'result';
  /**
   * Whose code a handed-in step runs: a package's (`koa-compose`, whose `compose(…)` made the stack
   * handed over), the product's own (a function the product made it with, at `path`), or the user's
   * (a hook field the user sets, a handler the user registered, a function the user passed in).
   */
  runs?: { module: string } | { user: true } | { name: string; owner?: string; path: string; line: number };
  /**
   * What a parameter or field the step goes through holds, where it was made: the stack
   * `this.compose(this.middleware)` made by `Application.callback`, the chain a router stores in its
   * `handler` field. `field` names the field the call goes through (`mx.handler`).
   */
  via?: {
    expression: string;
    by: string;
    path: string;
    line: number;
    field?: string;
    /** What subtypes in other files set the same field to instead (a preset's own router). */
    others?: { expression: string; path: string; line: number }[];
  };
  /**
   * The product definition called instead under a switch: the step sits in the `else` arm of `if
   * when { … }` whose other arm calls this (`Traverse` when `c.TraverseChildren`), at line `at`.
   */
  alternative?: { name: string; owner?: string; path: string; line: number; at: number; when: string };
  /** Hooks in the other arms of the choice a hand-over sits in, run when it is unset (`RunE`, else `Run`). */
  otherwise?: string[];
  /**
   * The product types that implement the interface method a step is (`Decoder.Decode`): the one the
   * value holds does the work. Each type named as its package qualifies it (`json.Codec`).
   */
  implementations?: { name: string; path: string; line: number }[];
  /** The call a step waits on: it runs once that call's promise resolves (`.then(handleResponse)`). */
  after?: { call: string; path: string; line: number };
  /** Where a second request starts: an outside service calls the product back (a webhook). */
  calledBack?: boolean;
  /**
   * A hook looked up on the object's ancestors (the walk up its parent link at `line`): the nearest
   * one that sets it, or every one when `nearest` is false or the switch `unless` is on.
   */
  ancestors?: { line: number; nearest: boolean; unless?: string; type?: string };
  /** A value the step stores in the request's context under a key, and the later step that reads it. */
  context?: {
    key: string;
    value: string;
    line: number;
    readBy?: { name: string; owner?: string };
    /** The exported functions users call to read it (`RouteContext`, `URLParam`). */
    accessors?: { name: string; path: string; line: number }[];
  };
  /** What the step writes into its request before `setsBefore` runs (`r.SetPathValue`, `r.Pattern`). */
  sets?: { name: string; call: boolean; line: number }[];
  setsBefore?: { name: string; owner?: string };
  /** The step runs inside the function its caller returns (`handleRequest`, declared at `line`): once per unit of work. */
  perCall?: { name: string; line: number };
  /**
   * For a value the path makes (`const c = new Context(…)`): the name the maker binds it to and the
   * calls of code outside the maker's receiver it passes that value to first (`handler(c, next)`), in
   * the maker's file `path`.
   */
  handedAs?: { name: string; path: string; calls: { callee: string; line: number }[] };
  /**
   * A loop in the step that tries the values of `over` in turn, passes over one that throws `error`,
   * and leaves at the first that does not (lines `line`..`end`), keeping it at `keeps` if it does.
   */
  fallback?: { over: string; error?: string; line: number; end: number; keeps?: number };
  /** For the entry: the product's other files that call it on an instance handed to them (adapters). */
  wrappedBy?: { path: string; line: number }[];
  /**
   * The end of a channel the caller made that the step is handed (`receive(rx)` gets the receiving
   * end of `bounded(…)`): it runs beside the step given the other end, not after it.
   */
  channel?: { end: 'sending' | 'receiving' | 'both'; made: string; path: string; line: number };
  /** The fields it reads of the value every stage is handed (fd's `Config`), in reading order. */
  reads?: { type: string; fields: string[] };
  /** The other types' functions the step calls in turn, `Owner.name` in call order: a pipeline it runs. */
  stages?: string[];
  /** The product type the last of those stages returns (`Analyzer::analyze` → `Justfile`): what the pipeline builds. */
  builds?: string;
  /** Its caller calls it a second time at `line`, with `now` in place of the argument `was` (flow/step-details.ts). */
  again?: { line: number; was: string; now: string };
  /** It makes a temporary directory or file (`made`), writes a file there (`written`) and runs it (`run`). */
  script?: { made: number; written: number; run: number };
  /** The product's constants for the default of what the step is named for (`DEFAULT_SHELL`): `value` is `sh -cu`. */
  defaults?: { names: string[]; value: string; path: string; line: number; end: number };
  /** The derive macro that writes the step's code (`Parser` for `Opts::parse()`); path and line are its attribute. */
  derived?: string;
  /**
   * The step runs its work in a database transaction opened at `line` (`transaction.atomic`), and
   * locks the rows it reads at `lock` (`select_for_update`), so concurrent requests wait their turn.
   */
  transaction?: { line: number; opener: string; lock?: { line: number; call: string } };
  /**
   * An exported subtype's own version of this method that does more than the base's (a command
   * group's `invoke` resolving a subcommand, then running its `make_context` and `invoke`): the path
   * a nested unit of work takes (flow/overrides.ts).
   */
  override?: StepOverride;
}

/** A subtype's method in place of a main-path step, and what it calls that the base's does not. */
export interface StepOverride {
  owner: string;
  name: string;
  path: string;
  line: number;
  /** Its own type's methods it calls (`self.resolve_command(…)`), with where each is defined. */
  own: { name: string; line: number; defLine: number }[];
  /** Steps of the path it runs again on another object (`cmd.make_context(…)`), where it calls them. */
  again: { name: string; line: number }[];
}

/** One call a step makes: to a function or type of the product (path, target) or of a library (from). */
export interface FlowCall {
  name: string;
  owner?: string;
  /** Where the call is made (a line of the calling function's file). */
  line: number;
  /** The product file and line of the called definition. */
  path?: string;
  target?: number;
  /** The module a library call comes from (`koa-compose`, `std::thread`, `github.com/spf13/pflag`). */
  from?: string;
  /** The call constructs an instance (`new X`, `X::new`). */
  creates?: boolean;
}

/** A function on the path from an entry point, with the calls it makes, in depth-first order. */
export interface FlowStep {
  name: string;
  owner?: string;
  path: string;
  line: number;
  depth: number;
  /** Lines of work behind the step: its body and the biggest body it calls. */
  weight: number;
  calls: FlowCall[];
}

/**
 * Where users plug their own code in: a public method that stores what its caller hands it in a
 * collection of its receiver, where that collection is used, and the type of what is stored.
 */
/** A public method of a central type that makes and returns a new value of it (flow/composers.ts). */
export interface Composer {
  name: string;
  owner: string;
  path: string;
  line: number;
  /** The result type as declared (`Router`, `*Mux`). */
  returns: string;
  /** The parameter, a function, that is handed the new value before it is returned. */
  hands?: string;
  /** The method of the same value that attaches the new one to it (`Mount`). */
  attaches?: {
    name: string;
    path: string;
    line: number;
    /** Fields of the state the main path keeps in the request that it rewrites (`rctx.RoutePath`). */
    rewrites?: { name: string; line: number }[];
  };
}

/** A constructor field set from an option, else a default function, that the product calls (`options.compose`). */
export interface OptionStrategy {
  /** `options.compose`: the option as the constructor reads it. */
  option: string;
  field: string;
  fallback: string;
  /** The module the default comes from, when imported (`koa-compose`). */
  from?: string;
  owner?: string;
  path: string;
  line: number;
  /** Where the field is called. */
  use: { name: string; owner?: string; path: string; line: number };
}

/** A product file that is the prototype of an object made for each unit of work (koa's context). */
export interface Prototype {
  path: string;
  /** The field the constructor keeps it in (`context`). */
  name: string;
  /** Its own methods and accessors, in the order the file declares them. */
  members: string[];
  /** The main-path step that makes the object from it, and the line where. */
  by: { name: string; owner?: string; path: string; line: number };
  /** What it hands on to other objects through `delegate(proto, 'response')` chains. */
  delegates?: { to: string; members: number; line: number }[];
  /**
   * The step gives an object it did not make this prototype (`Object.setPrototypeOf(req, this.request)`
   * on the request the server hands it), rather than making one from it.
   */
  sets?: true;
}

/** An event the product emits for users to listen to, with the listener it adds itself when users add none. */
export interface EmittedEvent {
  name: string;
  /** The central type that is the emitter. */
  owner: string;
  path: string;
  line: number;
  fallback?: {
    name: string;
    owner?: string;
    by: { name: string; owner?: string };
    path: string;
    line: number;
  };
}

/** An exported function that adds its caller's key to a package-level table the main path looks up. */
export interface PackageTable {
  name: string;
  path: string;
  line: number;
  /** The parameter that becomes the key. */
  key: string;
  table: string;
  tablePath: string;
  tableLine: number;
  /** The main path's step that looks the table up, and the line where it does. */
  lookup: { name: string; owner?: string; path: string; line: number };
}

export interface ExtensionPoint {
  /** The registration method (`use`, `mount`, `AddCommand`). */
  name: string;
  owner?: string;
  path: string;
  line: number;
  /** The parameter that takes the user's code (`fn`, `adapter`), and whether it takes any number of them. */
  value: string;
  many?: boolean;
  /** The collection, as the code names it: `this.middleware`, `self.adapters`, `mx.middlewares`. */
  store: string;
  storePath: string;
  storeLine: number;
  /**
   * appends: added to a list; keyed: stored under `key`; keyed-list: added to the list under `key`;
   * calls: handed to the collection's `call` method (`this.router.add(…)`).
   */
  how: 'appends' | 'keyed' | 'keyed-list' | 'calls';
  key?: string;
  call?: string;
  /** The declared type of what is stored, and where the product declares it. */
  contract?: { type: string; path?: string; line?: number };
  /** What it refuses: `panic("chi: all middlewares must be defined before routes…")` when `mx.handler != nil`. */
  guard?: {
    verb: 'panics' | 'throws' | 'raises';
    error?: string;
    message: string;
    when: string;
    line: number;
  };
  /**
   * The only keys the store takes (`response`, the one hook event): the method refuses any key the
   * store was not made with, and the store is made from these literals (flow/extensions.ts).
   */
  closedKeys?: { keys: string[]; path: string; line: number; error?: string; errorLine: number };
  /** What the product registers itself when the type is made (`Session.__init__` mounts `HTTPAdapter`). */
  defaults?: { name: string; owner?: string; path: string; line: number; keys: string[]; types: string[] };
  /** The collection is declared as a product interface (`Router`), with its default implementation. */
  pluggable?: {
    type: string;
    path: string;
    line: number;
    default?: { name: string; path: string; line: number };
  };
  /** Other public methods that register through this one (`Group.command` → `add_command`). */
  via?: { name: string; owner?: string; path: string; line: number }[];
  /** Where the collection is used: iterated, passed to `callee`, or called into (`this.router.match`). */
  runs: {
    name: string;
    owner?: string;
    path: string;
    line: number;
    how: 'iterates' | 'passes' | 'calls' | 'looks up';
    callee?: string;
    /** The use is made by a step of the main path. */
    onPath: boolean;
    /** The main path's step that calls the use, where, and the path's next step it calls after it. */
    within?: {
      name: string;
      owner?: string;
      path: string;
      line: number;
      before?: { name: string; owner?: string };
      /** The call is deferred: it runs as the step returns. */
      deferred?: boolean;
    };
  };
}

/** Public fields of a central type that hold the user's functions, and the function that calls them. */
export interface HookFields {
  owner: string;
  path: string;
  line: number;
  endLine: number;
  fields: string[];
  /** The first field's declared type (`func(cmd *Command, args []string)`). */
  type: string;
  caller: { name: string; owner?: string; path: string; line: number; onPath: boolean };
}

/** A public function that builds whatever class its parameter names, `default` when none is given. */
/** A library object a main-path type makes and keeps in a field (flow/held.ts): a pool, a client. */
export interface HeldObject {
  owner: string;
  field: string;
  type: string;
  module: string;
  path: string;
  line: number;
  /** Where the owner's constructor is defined, when it sizes the object. */
  ctorLine?: number;
  /** The constructor's parameters that reach it, with the module constant each defaults to. */
  sizes: { param: string; constant: string; value?: string; line?: number }[];
}

/** An abstract base class and the product's own subclasses of it (flow/base-classes.ts). */
export interface BaseClass {
  name: string;
  path: string;
  line: number;
  /** The product's subclasses, direct or not, public ones first. */
  subclasses: string[];
  /** Its authors' first sentences. */
  doc?: string;
}

export interface ClassParam {
  name: string;
  owner?: string;
  param: string;
  default: string;
  path: string;
  line: number;
}

/** How the product works: its central types, the calls from its entry points, its concurrency. */
/** How a Next.js App Router project splits its work between the server and the browser. */
export interface NextRendering {
  /** Pages and layouts without `'use client'`: rendered on the server. */
  serverComponents: string[];
  /** Modules marked `'use client'`: hydrated in the browser. */
  clientComponents: string[];
  /** Modules marked `'use server'`, with the functions they export: callable from client code. */
  serverActions: { path: string; line: number; names: string[] }[];
  /**
   * Server actions that answer with the URL to go to next, the outcome in its query string, built by
   * product helpers; and the modules that read that query string back.
   */
  redirects?: {
    actions: string[];
    helpers: { name: string; path: string; line: number }[];
    readers: { path: string; line: number }[];
  };
}

/** One place the product makes a client of an outside service (flow/clients.ts). */
export interface ServiceClient {
  /** The service, by its package's scope or name: `supabase`. */
  service: string;
  /** The factory called: `createServerClient`. */
  factory: string;
  /** The package it is imported from: `@supabase/ssr`. */
  module: string;
  path: string;
  line: number;
  /** The environment variables holding credentials that its arguments read. */
  credentials: string[];
  /** Its arguments hand it the request's cookies: it acts as the signed-in user. */
  cookies?: true;
}

/** Behaviour JVM code adds by annotation (flow/annotations.ts): caches and bound validators. */
export interface AnnotatedBehaviour {
  caches: { cache: string; method: string; owner?: string; path: string; line: number }[];
  /** Where `@EnableCaching` switches caching on. */
  enabled?: { path: string; line: number };
  validators: { validator: string; form?: string; owner?: string; path: string; line: number }[];
}

/** One way a server-rendered handler answers (flow/outcomes.ts): a view it renders or a redirect. */
export interface HandlerOutcome {
  kind: 'view' | 'redirect';
  /**
   * The view's name or the redirect's path, as written (`owners/ownersList`), a part the code appends
   * shown as a placeholder named after it (`"redirect:/owners/" + owner.getId()` is `/owners/{id}`).
   */
  target: string;
  line: number;
  /** The helper of its type that returns it for the handler. */
  via?: string;
  /** The condition of the `if` the return sits in, as written (`ownersResults.isEmpty()`). */
  when?: string;
}

/** A step's choice of work by a value's kind (flow/dispatch.ts): which cases call which functions. */
export interface Dispatch {
  /** The value switched on, as written: `event.type`. */
  subject: string;
  line: number;
  arms: { cases: string[]; calls: string[]; line: number }[];
  /** The main path step that makes the choice. */
  step?: { name: string; path: string };
}

/** A function that calls itself again with its attempt count raised (flow/retries.ts). */
export interface Retry {
  name: string;
  owner?: string;
  path: string;
  /** The line of the call that retries. */
  line: number;
  /** How many attempts the count allows, where its limit is a number. */
  max?: number;
  /** The pause before each retry, as written: `2000 ms`, `1.5 s`. */
  pause?: string;
  /** The condition of the `if` the retry sits in, as written. */
  when?: string;
}

export interface Flow {
  abstractions: {
    name: string;
    path: string;
    line: number;
    bases?: string[];
    methods: number;
    /** Its constructor makes members of its own (`this[method] = …`): its declared methods are not all it offers. */
    membersAtRunTime?: true;
    /** How often the rest of the product names it. */
    uses: number;
    /**
     * The other product files whose functions take it as a parameter, where at least four do: the
     * value every stage of the work is handed (fd's resolved `Config`).
     */
    takenBy?: string[];
    /** The first sentence of its own documentation. */
    doc?: string;
    /** The field holding more values of the type itself: its values form a tree (flow/recursive.ts). */
    children?: { field: string; line: number; named?: { words: string; line: number } };
    /** The kinds its values come in, where a field's type is enumerated with `iota` (flow/recursive.ts). */
    kinds?: {
      field: string;
      type: string;
      kinds: { name: string; note?: string }[];
      line: number;
      end: number;
    };
    /** For an interface: the methods it declares and the interfaces it embeds. */
    declares?: { methods: string[]; embeds: string[] };
    /** The product files deriving from it, directly or not, and the method it leaves to them. */
    subclassed?: { files: string[]; open?: { name: string; line: number; doc?: string } };
  }[];
  steps: FlowStep[];
  /** A Next.js App Router project's split between server components, client components and server actions. */
  rendering?: NextRendering;
  /** Where a main path step picks its work by a value's kind: the other arms beside the one followed. */
  dispatch?: Dispatch;
  /** How the main path's handler answers: the views it renders and the redirects it sends. */
  outcomes?: HandlerOutcome[];
  /** Functions that retry themselves on a failure they expect. */
  retries?: Retry[];
  /** Caches and validators the product's JVM code declares by annotation. */
  annotated?: AnnotatedBehaviour;
  /** The clients of one service the product makes in several places, each its own way. */
  clients?: ServiceClient[];
  /** The main path (also identity.mainPath). */
  mainPath?: MainPathStep[];
  /** For the most central files, their biggest definitions (types first). */
  defines: { path: string; names: string[] }[];
  concurrency: {
    what: string;
    path: string;
    line: number;
    files: number;
    /** the condition of the `if` the work sits in, when it runs only then (`dependent.is_parallel()`) */
    when?: string;
  }[];
  /** Where users register their own code and where it runs (flow/extensions.ts). */
  extensions?: ExtensionPoint[];
  /**
   * The language the main path reads, where it lexes and parses an input of its own: the product
   * enums its parsing stages work with, the top level first (flow/language.ts).
   */
  language?: { name: string; path: string; line: number; kinds: string[] }[];
  /**
   * Values of the central type the product builds for itself (a CLI library's own `help` command, a
   * hidden command its shell scripts call back), with what they run (flow/built-ins.ts).
   */
  builtIns?: {
    name: string;
    path: string;
    line: number;
    hidden?: boolean;
    runs?: {
      name: string;
      line: number;
      /** The user's functions that method calls: a field holding one, or a map a function fills. */
      uses?: {
        name: string;
        path: string;
        line: number;
        filledBy?: { name: string; path: string; line: number };
      }[];
    };
    /** The constant naming it, and the functions that copy it into what they write. */
    constant?: string;
    written?: { name: string; path: string; line: number }[];
  }[];
  /**
   * Exported functions of a package that keep the user's functions in a package-level list the
   * product runs (`OnInitialize`; flow/package-hooks.ts): registration without a receiver.
   */
  registrations?: ExtensionPoint[];
  /**
   * Exported functions that add the caller's key to a package-level table a main-path step looks up
   * (`RegisterMethod(method)` → `methodMap[method] = …`, read by `routeHTTP`; flow/package-hooks.ts).
   */
  tables?: PackageTable[];
  /** Strategies a constructor takes from its options, else a default (flow/replaceable.ts). */
  options?: OptionStrategy[];
  /** Files that are the prototypes of the objects made for each unit of work (flow/prototypes.ts). */
  prototypes?: Prototype[];
  /** Events an EventEmitter central type emits for users (flow/replaceable.ts). */
  events?: EmittedEvent[];
  /** Public methods of a central type that build more of it: nested routers, groups (flow/composers.ts). */
  composers?: Composer[];
  /** A central type's fields that hold the user's functions (cobra's `Run`, `PreRun`…). */
  hooks?: HookFields;
  /** Public functions that build the class a parameter names (`cls=`), users' subclasses included. */
  classParams?: ClassParam[];
  /** Abstract base classes the product subclasses several times: the kinds users add their own of. */
  bases?: BaseClass[];
  /** Library objects the path's types make once and keep across calls (a connection pool). */
  held?: HeldObject[];
  /** Files that declare the product's routes, with the product types each works with. */
  handlers: {
    path: string;
    routes: number;
    example?: string;
    uses: { name: string; path: string; line: number; bases?: string[] }[];
  }[];
}

/** Findings seen only in test code or fixtures, kept out of the product's API, entry points and setup. */
export interface TestOnlyFindings {
  routes: Route[];
  entryPoints: EntryPoint[];
  envVars: EnvVar[];
  containers: ContainerInfo[];
  manifests: Manifest[];
  dependencies: Dependency[];
  frameworks: Framework[];
  /** Credential-shaped test data: reported apart, so it is not mistaken for a leaked production key. */
  secrets?: SecretFinding[];
  /** Markers in fixture apps: the fixture's story, not this project's debt. */
  todos?: TodoItem[];
}

export interface Analysis {
  version: 1;
  generatedAt: string;
  /** `manifestName`: the name the project's own manifest gives it (package.json, Cargo, pyproject, go.mod, pom), else its README's title. */
  project: { name: string; manifestName?: string; files: number; bytes: number; lines: LineCounts };
  /** What the project is (absent in analyses made before the identity layer existed). */
  identity?: Identity;
  /** How the product works (absent in analyses made before this pass existed). */
  flow?: Flow;
  files: FileInfo[];
  skipped: { path: string; reason: string }[];
  languages: LanguageStat[]; // largest (code lines) first
  /** Lines of product code, tests, examples, docs, benchmarks and the rest (absent in older analyses). */
  linesByRole?: Partial<Record<PathRole, RoleStat>>;
  tree: DirNode;
  manifests: Manifest[];
  dependencies: Dependency[];
  lockfiles?: Lockfile[];
  packageManagers?: PackageManager[];
  lockfileOptOuts?: LockfileOptOut[];
  /** Edition of the package-role table the frameworks and dependency roles come from. */
  packageRolesVersion?: string;
  frameworks: Framework[];
  entryPoints: EntryPoint[];
  symbols: SymbolInfo[];
  /** Files whose symbols came from tree-sitter syntax trees vs the regex extractor. */
  symbolExtractors?: { treeSitter: number; regex: number };
  imports: ImportInfo[];
  moduleGraph: ModuleGraph;
  /** Tables, ORM models and entity schemas (absent in analyses made before this pass existed). */
  dataModel?: DataEntity[];
  /** SQL files that declare no table but fill tables or set up the database (seed data, users, grants). */
  sqlScripts?: SqlScript[];
  routes: Route[];
  envVars: EnvVar[];
  /** JVM system properties the product reads (absent in analyses made before this pass existed). */
  systemProperties?: SystemProperty[];
  tests: TestInfo;
  ci: CiInfo[];
  /** Lint, format and type checks set up through pre-commit, build plugins or tool configs. */
  staticChecks?: StaticCheck[];
  containers: ContainerInfo[];
  license: LicenseInfo | null;
  docs: DocsInfo;
  todos: TodoItem[];
  git: GitInfo | null;
  secrets: SecretFinding[];
  /** TLS defaults, webhook signatures, elevated clients, cookies and proxy trust, as the code shows them. */
  securityFacts?: SecurityFact[];
  config: ConfigInfo;
  /** Routes, entry points, env vars, containers and fixture manifests seen only in test code or fixtures. */
  testOnly?: TestOnlyFindings;
  /** Milliseconds each pass took, for the benchmark. */
  timings: Record<string, number>;
}
