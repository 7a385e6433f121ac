// analysis.json: everything the deterministic passes learn about a code base. Every finding carries
// the file (and line where there is one) it came from, so agents can cite `path:line`.

import type { PathRole } from './path-role.ts';
import type { TestOnlyFindings } from './test-code.ts';

export type { PathRole, TestOnlyFindings };

export interface LineCounts {
  code: number;
  comment: number;
  blank: number;
}

export interface FileInfo extends LineCounts {
  path: string;
  size: number;
  language: string | null; // cloc's language name, e.g. "TypeScript"; null when not source
  /** Set when the file is byte-identical to an earlier one; cloc counts such files once. */
  duplicateOf?: string;
  /** What the file is for: product code, tests, examples, docs, benchmarks or other. */
  role?: PathRole;
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
}

export interface Dependency {
  ecosystem: Ecosystem;
  name: string;
  version: string; // as declared ("^5.1.0", "==2.31.0", "v1.9.1", "*" when absent)
  scope: 'runtime' | 'dev' | 'peer' | 'optional' | 'build' | 'test';
  manifest: string; // path of the manifest
  line?: number;
  /** Whose manifest declares it: the product's, or an example's, a benchmark's… (from the identity layer). */
  area?: NonProductRole | 'product';
}

export interface Framework {
  name: string; // "React", "Fastify", "Django"…
  category: 'web' | 'frontend' | 'test' | 'orm' | 'cli' | 'build' | 'mobile' | 'data' | 'other';
  evidence: string; // path (and usually the manifest) it was found in
  version?: string;
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
    | 'procfile';
  name: string;
  command?: string;
  path: string;
  line?: number;
  /** Whose entry point this is: the product's, or the examples', tests', scripts'… (from the identity layer). */
  area?: NonProductRole | 'product';
}

export interface SymbolInfo {
  path: string;
  name: string;
  kind:
    'function' | 'class' | 'interface' | 'type' | 'enum' | 'method' | 'struct' | 'trait' | 'const' | 'module';
  line: number;
  exported: boolean;
}

export interface ImportInfo {
  from: string; // importing file
  specifier: string; // as written
  resolved?: string; // repository file it resolves to, when internal
  line: number;
}

export interface ModuleGraph {
  /** A module is a directory (at a depth chosen to give a readable graph). */
  nodes: { id: string; files: number; lines: number }[];
  edges: { from: string; to: string; weight: number }[];
}

export interface Route {
  method: string; // GET, POST… or ANY
  path: string;
  framework: string;
  file: string;
  line: number;
  handler?: string;
  /** Whose route this is: the product's, or the examples', tests'… (from the identity layer). */
  area?: NonProductRole | 'product';
}

export interface EnvVar {
  name: string;
  file: string;
  line: number;
  defaultValue?: string;
}

/** A table or stored entity as the code declares it (SQL, ORM model, entity-named schema). */
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
    | 'pydantic';
  name: string;
  file: string;
  line: number;
  fields: string[];
}

export interface TestInfo {
  frameworks: string[];
  files: { path: string; cases: number }[];
  totalCases: number;
}

export interface CiInfo {
  provider: string; // "GitHub Actions", "GitLab CI"…
  path: string;
  jobs: string[];
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
  /** Where the docs (README, docs/, .env.example…) first name each environment variable the code reads. */
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
}

export interface ConfigInfo {
  files: { path: string; kind: string }[]; // .env.example, config/*.yaml, tsconfig.json…
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
  | 'deployment';

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
  entryPoints: { path: string; line: number; how: string }[];
  /** What users of the product call: exports, methods, commands, flags, routes. */
  publicApi: { name: string; kind: string; path: string; line: number }[];
  /** Product files ranked by PageRank over the reference graph, seeded by the entry points. */
  keyComponents: { path: string; rank: number; summary?: string }[];
  /** Every ranked product file's PageRank (4 significant digits): what a model reads first. */
  fileRanks?: Record<string, number>;
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

/** How the product works: its central types, the calls from its entry points, its concurrency. */
export interface Flow {
  abstractions: {
    name: string;
    path: string;
    line: number;
    bases?: string[];
    methods: number;
    /** How often the rest of the product names it. */
    uses: number;
  }[];
  steps: FlowStep[];
  /** For the most central files, their biggest definitions (types first). */
  defines: { path: string; names: string[] }[];
  concurrency: { what: string; path: string; line: number; files: number }[];
  /** Files that declare the product's routes, with the product types each works with. */
  handlers: {
    path: string;
    routes: number;
    example?: string;
    uses: { name: string; path: string; line: number; bases?: string[] }[];
  }[];
}

export interface Analysis {
  version: 1;
  generatedAt: string;
  /** `manifestName`: the name the project's own manifest gives it (package.json, Cargo, pyproject, go.mod, pom). */
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
  frameworks: Framework[];
  entryPoints: EntryPoint[];
  symbols: SymbolInfo[];
  /** Files whose symbols came from tree-sitter syntax trees vs the regex extractor. */
  symbolExtractors?: { treeSitter: number; regex: number };
  imports: ImportInfo[];
  moduleGraph: ModuleGraph;
  /** Tables, ORM models and entity schemas (absent in analyses made before this pass existed). */
  dataModel?: DataEntity[];
  routes: Route[];
  envVars: EnvVar[];
  tests: TestInfo;
  ci: CiInfo[];
  containers: ContainerInfo[];
  license: LicenseInfo | null;
  docs: DocsInfo;
  todos: TodoItem[];
  git: GitInfo | null;
  secrets: SecretFinding[];
  config: ConfigInfo;
  /** Routes, entry points, env vars, containers and fixture manifests seen only in test code or fixtures. */
  testOnly?: TestOnlyFindings;
  /** Milliseconds each pass took, for the benchmark. */
  timings: Record<string, number>;
}
