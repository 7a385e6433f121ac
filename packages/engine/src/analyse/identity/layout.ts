// Product code vs the rest: which folders ship (from the manifests and the ecosystem's layout) and
// what every other folder is (tests, docs, examples, CI…), after github-linguist's documentation and
// vendor rules and the usual test-folder names.

import { trimEndChars } from '@atr/shared';
import { baseName, dirName, type Sources } from '../sources.ts';
import { codeText } from '../comments.ts';
import { isPythonTestModule, isTestCode } from '../test-code.ts';
import type { Dependency, FileInfo, NonProductRole } from '../types.ts';
import type { GeneratedFile } from './generated.ts';
import type { ManifestFacts } from './manifest-facts.ts';
import { exportFiles, resolveJs } from './surface.ts';

// folder names, case- and separator-insensitive, to the role they have wherever they appear
const BY_NAME: [RegExp, NonProductRole][] = [
  [
    /^(tests?|__tests__|spec|specs|e2e|cypress|integration[-_]?tests?|test[-_]?helpers?|test[-_]?utils?|testing)$/i,
    'tests',
  ],
  [
    /^(fixtures?|__fixtures__|testdata|test[-_]?data|test[-_]files|__mocks__|mocks|__snapshots__)$/i,
    'fixtures',
  ],
  [/^(bench|benches|benchmarks?)$/i, 'benchmarks'],
  [/^(examples?|samples?|demos?|_examples|tutorials?|cookbooks?)$/i, 'examples'],
  // the code a documentation site includes (`docs_src/`, `docs-examples/`): users' apps, not the product
  [/^docs?[-_](src|sources?|code|examples?|snippets?)$/i, 'examples'],
  [/^(playgrounds?|sandbox)$/i, 'playground'],
  [/^(vendor|vendors|third[-_]?party|node_modules|bower_components|externals?)$/i, 'vendored'],
  [/^(\.github|\.circleci|\.gitlab|\.buildkite|\.azure-pipelines|\.woodpecker|\.drone)$/i, 'ci'],
  [/^(\.devcontainer|\.vscode|\.idea|\.husky|\.changeset|\.config)$/i, 'config'],
  [/^(\.cargo|\.mvn|\.gradle|\.yarn)$/i, 'build'],
  [
    /^(k8s|kubernetes|helm|charts|deploy|deployment|deployments|terraform|infra|ansible|packaging)$/i,
    'deployment',
  ],
  [/^(scripts?|hack|tools?)$/i, 'scripts'],
];
// at the root only, where the name says what the whole folder is for: runtime-tests/, perf-measures/
const ROOT_BY_NAME: [RegExp, NonProductRole][] = [
  [/^(bench(mark)?s?|perf(ormance)?|profiling)([-_][\w-]{1,40})?$/i, 'benchmarks'],
  [/^[a-z0-9][\w.-]{0,60}[-_]tests?$/i, 'tests'],
  // a build module that tests how the product is packaged or run (test-jpms, test-shrinker)
  [/^tests?[-_][a-z0-9][\w.-]{0,60}$/i, 'tests'],
  // integration tests kept at the root (a server and the script that drives it); integrations with
  // other products are named in the plural
  [/^integration$/i, 'tests'],
];
// documentation folders only count as docs where they hold prose, not a package of code
const DOCS_NAME = /^(docs?|documentation|site|website|man|javadoc|wiki)$/i;
// a book (mdBook, a manual) or the project's web site, when it sits at the root
const ROOT_DOCS_NAME = /^(book|books|manual|handbook|www)$/i;
// images, fonts and video, and design sources (Illustrator, Photoshop, Sketch, Figma…)
const MEDIA =
  /\.(svg|png|jpe?g|gif|webp|ico|bmp|tiff?|avif|ttf|otf|woff2?|eot|mp4|webm|mov|ai|psd|sketch|fig|xcf|eps|afdesign)$/i;
const DESIGN_SOURCE = /\.(ai|psd|sketch|fig|xcf|eps|afdesign)$/i;
// container and server configuration: Dockerfiles, compose files, uWSGI/nginx/supervisor settings
const CONTAINER_FILE =
  /^(Dockerfile|Containerfile)([.-][\w.-]*)?$|\.Dockerfile$|^(docker-)?compose([.-][\w.-]*)?\.ya?ml$/i;
const DEPLOY_FILE = /\.(ini|conf)$|^\.dockerignore$|^Procfile$|^([\w-]*entrypoint|start|run)\.sh$/i;
const SHELL_EXT = /\.(sh|bash|zsh|ksh|ps1|bat|cmd)$/i;
const SHELL_SHEBANG = /^#!\s*\S*\b(env\s+)?(ba|z|k|da)?sh\b/;
const CONFIG_EXT = /\.(toml|json|ya?ml|ini)$/i;
// npm packages whose build serves a root folder as the site's static files
const SERVED_BY: Record<string, string> = {
  next: 'public',
  vite: 'public',
  'react-scripts': 'public',
  nuxt: 'public',
  astro: 'public',
  '@remix-run/dev': 'public',
  '@sveltejs/kit': 'static',
  gatsby: 'static',
};
const PROSE_OR_MEDIA =
  /\.(md|mdx|markdown|rst|txt|adoc|asciidoc|html?|css|svg|png|jpe?g|gif|webp|ico|pdf|1|[1-9]|ya?ml|json|toml|xml|cast|mp4|webm|ttf|woff2?)$/i;
const CODE =
  /\.(js|jsx|ts|tsx|mjs|cjs|py|go|rs|java|kt|scala|rb|php|cs|c|cc|cpp|h|hpp|swift|dart|ex|exs|clj|hs|ml|lua)$/i;
const TOOL_CONFIG =
  /^([\w.-]+\.config\.[cm]?[jt]s|gulpfile\.[cm]?[jt]s|gruntfile\.[cm]?[jt]s|jakefile\.[cm]?js|\.eslintrc\.[cm]?js|\.prettierrc\.[cm]?js|conftest\.py|noxfile\.py|fabfile\.py|tasks\.py|setup\.py|build\.rs|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|Gemfile|Rakefile)$/i;
// a test runner's own settings, whatever the runner calls them (karma.conf.js, jest.preset.js,
// wdio.conf.ts, .mocharc.cjs)
const TEST_RUNNER_CONFIG =
  /^((karma|jest|wdio|protractor|nightwatch|playwright|cypress|ava)\.(conf|config|preset|setup)\.[cm]?[jt]s|\.mocharc\.[cm]?js)$/i;
// linguist's documentation files
const DOC_FILE =
  /^(readme|licen[cs]e|copying|changelog|changes|history|contributing|authors|notice|code_of_conduct|security|citation|third[-_]?party[-_]?notice\w*)(\.[\w.-]*)?$/i;
const SOURCE_ROOTS = ['src', 'lib', 'pkg', 'internal', 'cmd', 'app', 'source', 'crates', 'packages'];
// a RubyGems package's manifest
const GEMSPEC = /\.gemspec$/;
// the manifests that make a folder a package of its own
const PACKAGE_MANIFEST =
  /^(package\.json|Cargo\.toml|go\.mod|pyproject\.toml|setup\.py|setup\.cfg|pom\.xml|build\.gradle(\.kts)?|[\w.-]+\.gemspec)$/;

/** True when a folder holds a package manifest of its own. */
function isPackageDir(dir: string, byDir: Map<string, string[]>): boolean {
  return (byDir.get(dir) ?? []).some((f) => dirName(f) === dir && PACKAGE_MANIFEST.test(baseName(f)));
}

export interface Layout {
  productPaths: string[];
  nonProduct: { path: string; role: NonProductRole }[];
}

function roleOfName(name: string): NonProductRole | null {
  for (const [re, role] of BY_NAME) if (re.test(name)) return role;
  return null;
}

/** Folder → the files below it, for every folder in the tree. */
function filesByDir(paths: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of paths) {
    for (let d = dirName(p); d; d = dirName(d)) {
      const list = out.get(d) ?? [];
      list.push(p);
      out.set(d, list);
    }
  }
  return out;
}

/** True when most of a folder's files are source code, so it is a package whatever its name. */
function mostlyCode(files: string[]): boolean {
  const code = files.filter((f) => CODE.test(f)).length;
  return code > 0 && code * 2 >= files.length;
}

interface RepoContext {
  src: Sources;
  /** Files generated.ts found compiled or copied. */
  generated: Set<string>;
  rootDirs: Set<string>;
  /** The commands of package.json "scripts". */
  scriptCommands: string[];
  /** The repository holds code in a language other than the shell's. */
  otherCode: boolean;
}

/** What a root folder holds, judged by its files when its name says nothing. */
function roleOfContent(d: string, below: string[], repo: RepoContext): NonProductRole | null {
  const { src, rootDirs } = repo;
  const names = below.map(baseName);
  if (/^(dist|build|out|target|coverage|htmlcov)$/i.test(d)) {
    // build/ may hold the scripts that run the build (`bun ./build/build.ts`) rather than its output
    const runs = new RegExp(`(^|[\\s=])(\\./)?${d}/[\\w./-]{1,200}\\.([cm]?[jt]s|py|sh)\\b`);
    const written = below.some((f) => CODE.test(f)) && !below.some((f) => repo.generated.has(f));
    return repo.scriptCommands.some((c) => runs.test(c)) || (/^build$/i.test(d) && written)
      ? 'scripts'
      : 'generated';
  }
  if (mostlyCode(below)) return null;
  const deployment = names.filter((n) => CONTAINER_FILE.test(n) || DEPLOY_FILE.test(n)).length;
  const prose = names.filter((n) => DOC_FILE.test(n)).length;
  if (names.some((n) => CONTAINER_FILE.test(n)) && deployment * 2 >= below.length - prose)
    return 'deployment';
  const isShell = (f: string) =>
    SHELL_EXT.test(f) || (!/\.\w+$/.test(baseName(f)) && SHELL_SHEBANG.test(src.text(f) ?? ''));
  // unless the shell scripts are the product itself (a shell framework, a dotfiles manager)
  if (repo.otherCode && below.every(isShell)) return 'scripts';
  // a script that compiles the folder's sources into another root folder (lessc … ../static/css)
  const script = below.filter((f) => isShell(f) || /^(Makefile|justfile)$/i.test(baseName(f)));
  const writesElsewhere = script.some((f) =>
    [...(src.text(f) ?? '').matchAll(/\.\.\/([\w.-]{1,100})\//g)].some(
      (m) => m[1] !== d && rootDirs.has(m[1]!),
    ),
  );
  if (writesElsewhere) return 'build';
  // nothing but images and prose: with the design sources of a logo it is a brand kit, else the
  // images illustrate the docs
  if (below.every((f) => MEDIA.test(f) || DOC_FILE.test(baseName(f))) && below.some((f) => MEDIA.test(f)))
    return below.some((f) => DESIGN_SOURCE.test(f)) ? 'assets' : 'docs';
  if (
    below.every((f) => PROSE_OR_MEDIA.test(f)) &&
    !below.some((f) => /\.(html?|css|json|ya?ml|toml|xml)$/i.test(f))
  )
    return 'docs';
  return null;
}

// benchmark harnesses: a module that runs on one measures the product (Caliper, JMH, benchmark.js,
// tinybench, mitata, pytest-benchmark, asv, pyperf)
const BENCH_HARNESS =
  /^(com\.google\.caliper:caliper|org\.openjdk\.jmh:jmh-core|benchmark|tinybench|mitata|pytest-benchmark|asv|pyperf)$/;

/**
 * The folders of sub-modules whose own manifest needs a benchmark harness to run: benchmark suites,
 * whatever they are called (metrics/, jmh/). A harness only tests need says nothing of the module.
 */
export function benchmarkModules(dependencies: Dependency[]): string[] {
  const out = new Set<string>();
  for (const d of dependencies) {
    const dir = dirName(d.manifest);
    if (dir && d.scope !== 'test' && d.scope !== 'dev' && BENCH_HARNESS.test(d.name)) out.add(dir);
  }
  return [...out];
}

// a JVM source root (src/main/java), whose folders are the packages of the code below it
const JVM_SOURCE_ROOT = /(^|\/)src\/main\/(java|kotlin|scala|groovy)$/;
const EXAMPLES_NAME = /^(examples?|samples?|demos?)$/i;

/**
 * Packages named for examples inside a JVM source tree (com/google/gson/extras/examples): they show
 * the product in use, they are not it. The chain of single folders the tree opens with is the
 * project's namespace (org/springframework/samples/petclinic, com/example/demo), so a name there
 * names the whole product, not an example of it.
 */
export function examplePackages(byDir: Map<string, string[]>): string[] {
  const childrenOf = new Map<string, string[]>();
  for (const d of byDir.keys()) {
    const parent = dirName(d);
    if (parent) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), d]);
  }
  const out: string[] = [];
  for (const root of byDir.keys()) {
    if (!JVM_SOURCE_ROOT.test(root)) continue;
    // walk down the namespace: folders holding one folder and no file of their own
    let top = root;
    for (;;) {
      const kids = childrenOf.get(top) ?? [];
      const ownFiles = byDir.get(top)!.some((f) => dirName(f) === top);
      if (kids.length !== 1 || ownFiles) break;
      top = kids[0]!;
    }
    // shallow folders first, so an examples package covers the packages below it
    const below = [...byDir.keys()]
      .filter((d) => d.startsWith(top + '/'))
      .sort((a, b) => a.split('/').length - b.split('/').length);
    for (const d of below)
      if (EXAMPLES_NAME.test(baseName(d)) && !out.some((o) => d.startsWith(o + '/'))) out.push(d);
  }
  return out;
}

// what the folders beside src/main hold in a Maven or Gradle module: only src/main ships
const JVM_SRC_ROLES: [RegExp, NonProductRole][] = [
  [/^(jmh|bench(mark)?s?|perf)$/i, 'benchmarks'],
  [/^(site|changes|docs?|javadoc|asciidoc|markdown)$/i, 'docs'],
  [/^(media|images?|logos?|assets)$/i, 'assets'],
  [/^(assembly|packaging|dist|build)$/i, 'build'],
  [/^(conf|config|checkstyle|pmd|spotbugs|findbugs|lint|codestyle|license|licenses)$/i, 'config'],
];

/**
 * The folders of a Maven or Gradle module's src/ other than main/ and the tests (which are read
 * before): the site and release notes, build descriptors, the settings of the build's checkers, the
 * logos. A module is a folder with a pom.xml or build.gradle beside its src/main.
 */
export function jvmSrcSiblings(
  byDir: Map<string, string[]>,
  has: (p: string) => boolean,
): Layout['nonProduct'] {
  const out: Layout['nonProduct'] = [];
  for (const d of byDir.keys()) {
    const src = dirName(d);
    if (baseName(src) !== 'src' || !byDir.has(`${src}/main`)) continue;
    const module = dirName(src);
    const at = (f: string) => (module ? `${module}/${f}` : f);
    if (!['pom.xml', 'build.gradle', 'build.gradle.kts'].some((f) => has(at(f)))) continue;
    const role = JVM_SRC_ROLES.find(([re]) => re.test(baseName(d)))?.[1];
    if (role) out.push({ path: d, role });
  }
  return out;
}

/** Folders the product serves as they are: a Django project's templates and static files, a web app's public/. */
function servedDirs(facts: ManifestFacts, byDir: Map<string, string[]>): string[] {
  const out = [...(facts.django?.servedDirs ?? [])];
  const pkg = facts.npm?.pkg;
  // a published package's public/ serves its demo, not the package
  const library = ['main', 'module', 'exports', 'files'].some((k) => pkg?.[k] !== undefined);
  const deps = {
    ...(pkg?.dependencies as object | undefined),
    ...(pkg?.devDependencies as object | undefined),
  };
  if (!library)
    for (const [dep, dir] of Object.entries(SERVED_BY)) if (dep in deps && byDir.has(dir)) out.push(dir);
  return out;
}

/**
 * `skipped`: files ingest left out (images, binaries…), which still say what a folder is for;
 * `generated`: files among the sources that a build wrote or that were copied in (generated.ts).
 */
export function classifyLayout(
  src: Sources,
  files: FileInfo[],
  facts: ManifestFacts,
  skipped: string[] = [],
  generated: GeneratedFile[] = [],
  dependencies: Dependency[] = [],
): Layout {
  const paths = files.map((f) => f.path);
  const byDir = filesByDir([...paths, ...skipped]);
  const nonProduct: Layout['nonProduct'] = [];
  const covered = (p: string) => nonProduct.some((n) => p === n.path || p.startsWith(n.path + '/'));
  const served = servedDirs(facts, byDir);
  const isServed = (p: string) => served.some((d) => p === d || p.startsWith(d + '/'));
  // the standard Maven/Gradle test tree, Cargo's auto-discovered targets
  for (const d of ['src/test', 'src/it', 'src/integrationTest', 'src/testFixtures'])
    if (byDir.has(d)) nonProduct.push({ path: d, role: 'tests' });
  for (const d of jvmSrcSiblings(byDir, (p) => src.has(p))) nonProduct.push(d);
  if (byDir.has('gradle/wrapper')) nonProduct.push({ path: 'gradle', role: 'build' });
  for (const d of facts.cargo?.toolCrates ?? []) nonProduct.push({ path: d, role: 'tools' });
  // build and tool configuration at the root (vite.config.ts, gulpfile.js, a test runner's
  // karma.conf.cjs or jest.preset.js…) is code, but not product
  for (const p of paths)
    if (!p.includes('/') && (TOOL_CONFIG.test(p) || TEST_RUNNER_CONFIG.test(p) || GEMSPEC.test(p)))
      nonProduct.push({ path: p, role: 'build' });
  // shallow folders first, so a tests/ folder covers everything below it
  const dirs = [...byDir.keys()].sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
  const npmPkg = facts.npm?.pkg;
  const scripts = npmPkg?.scripts;
  const repo: RepoContext = {
    src,
    generated: new Set(generated.map((g) => g.path)),
    rootDirs: new Set(dirs.filter((d) => !d.includes('/'))),
    scriptCommands: scripts && typeof scripts === 'object' ? Object.values(scripts).map(String) : [],
    otherCode: paths.some((p) => CODE.test(p)),
  };
  for (const d of dirs) {
    if (covered(d) || d.split('/').length > 4) continue;
    const name = baseName(d);
    const below = byDir.get(d)!;
    const root = !dirName(d);
    let role = roleOfName(name);
    if (role === 'scripts' && mostlyCode(below) && !root) role = null; // src/tools is product code
    // a charts/ folder of components draws charts; Helm's holds templates and values, no code
    if (role === 'deployment' && /^charts$/i.test(name) && mostlyCode(below)) role = null;
    if (!role && root) role = ROOT_BY_NAME.find(([re]) => re.test(name))?.[1] ?? null;
    // an npm package installs commands only from its manifest's "bin": a root bin/ it does not name
    // there holds the maintainers' scripts (release bots, changelog writers), not what users run
    if (!role && root && name === 'bin' && npmPkg && npmPkg.bin === undefined) role = 'scripts';
    if (!role && (DOCS_NAME.test(name) || (root && ROOT_DOCS_NAME.test(name))) && !mostlyCode(below))
      role = 'docs';
    if (!role && root && !isServed(d)) role = roleOfContent(d, below, repo);
    // what the site serves (templates/docs/ pages) is product, whatever its folder is called
    if (role === 'docs' && isServed(d)) role = null;
    if (role) nonProduct.push({ path: d, role });
  }
  // a root folder holding no code that only the maintainers' scripts read (the changelog's
  // Handlebars templates a release script renders) is theirs: nothing the product runs names it
  for (const d of repo.rootDirs) {
    if (covered(d) || mostlyCode(byDir.get(d)!)) continue;
    const named = new RegExp(`(^|[^\\w.-])(\\.{1,2}/)?${d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);
    const readers = paths.filter(
      (p) => CODE.test(p) && !p.startsWith(`${d}/`) && named.test(src.text(p) ?? ''),
    );
    if (readers.length && readers.every((p) => roleOf(p, { nonProduct }) === 'scripts'))
      nonProduct.push({ path: d, role: 'scripts' });
  }
  // a package's own build files beside its manifest (a sibling gem's gemspec and Rakefile, a
  // member crate's build.rs) build it, as the root's build the root package
  for (const p of paths) {
    const dir = dirName(p);
    if (dir && !covered(p) && (TOOL_CONFIG.test(baseName(p)) || GEMSPEC.test(p)) && isPackageDir(dir, byDir))
      nonProduct.push({ path: p, role: 'build' });
  }
  for (const d of examplePackages(byDir)) if (!covered(d)) nonProduct.push({ path: d, role: 'examples' });
  for (const d of benchmarkModules(dependencies))
    if (!covered(d)) nonProduct.push({ path: d, role: 'benchmarks' });
  // what a multi-module build does not publish is not what users get
  for (const d of [...(facts.maven?.unpublished ?? []), ...(facts.gradleProjects?.unpublished ?? [])])
    if (!covered(d)) nonProduct.push({ path: d, role: 'unpublished' });
  // a Python module can be its folder's test package in one file (an app's tests.py)
  for (const p of paths)
    if (!covered(p) && isPythonTestModule(p, codeText(src, p, 'Python') ?? ''))
      nonProduct.push({ path: p, role: 'tests' });
  toolConfigFiles(facts, byDir, covered).forEach((p) => nonProduct.push({ path: p, role: 'config' }));
  const productPaths = [...productFromManifests(src, byDir, facts, covered, paths), ...served];
  // shipped files that are still not code: a README or licence, an example script
  const kept = [...new Set(productPaths)].filter((p) => !covered(p) && !DOC_FILE.test(baseName(p)));
  for (const p of kept) {
    const role = byDir.has(p)
      ? null
      : roleOfName(
          baseName(p)
            .replace(/^\.+/, '')
            .replace(/\.[^.]*$/, '')
            .replace(/^.*[._-](?=examples?$)/i, ''),
        );
    if (role) nonProduct.push({ path: p, role });
  }
  // a library copied whole is named as its folder, even inside a folder of another role (the build
  // folder whose script compiles it): it is neither that role's work nor the team's
  for (const dir of new Set(generated.map((g) => g.copyIn)))
    if (dir && roleOf(dir, { nonProduct }) !== 'vendored') nonProduct.push({ path: dir, role: 'vendored' });
  // a compiled stylesheet or a copied library inside a shipped folder (src/main/resources) ships, but
  // the team did not write it
  for (const g of generated) if (!covered(g.path)) nonProduct.push({ path: g.path, role: g.role });
  const shipped = kept.filter((p) => !covered(p));
  // what the package publishes ships, whatever its folder is called (hono/testing in src/helper/testing)
  const published = publishedPaths(src, facts).filter(covered);
  const carved = carvePublished(nonProduct, published, byDir);
  nonProduct.splice(0, nonProduct.length, ...carved);
  for (const p of published)
    if (!shipped.some((d) => p === d || p.startsWith(d + '/')) && !covered(p)) shipped.push(p);
  // hc/api says nothing hc does not already say
  const inOther = (p: string) => shipped.some((d) => d !== p && p.startsWith(d + '/'));
  return { productPaths: shipped.filter((p) => !inOther(p)), nonProduct };
}

// roles that say who wrote a folder, not whether it ships: a published file there keeps them
const AUTHORSHIP_ROLES = new Set<NonProductRole>(['generated', 'vendored', 'assets']);

/**
 * The files and folders a package names as what it publishes: package.json `exports`, `main`,
 * `module` and `bin` (a `dist/` target read as its `src/` source), jsr.json or deno.json `exports`,
 * Cargo binaries' paths, and the Python packages the build configuration lists.
 */
export function publishedPaths(src: Sources, facts: ManifestFacts): string[] {
  const out: string[] = [];
  const pkg = facts.npm?.pkg;
  if (pkg) {
    const bin = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values((pkg.bin ?? {}) as object);
    const targets = [pkg.main, pkg.module, ...bin, ...exportFiles(pkg.exports)];
    for (const t of targets) {
      const p = typeof t === 'string' ? resolveJs(src, t) : undefined;
      if (p) out.push(p);
    }
  }
  for (const manifest of ['jsr.json', 'deno.json', 'deno.jsonc']) {
    const exports = jsonField(src.text(manifest), 'exports');
    for (const t of exportFiles(exports))
      if (src.has(t.replace(/^\.\//, ''))) out.push(t.replace(/^\.\//, ''));
  }
  for (const b of facts.cargo?.bins ?? []) if (b.path && src.has(b.path)) out.push(b.path);
  for (const name of facts.pyPackages) {
    const dir = name.replace(/\./g, '/');
    const hit = [dir, `src/${dir}`].find((d) => src.files.some((f) => f.path.startsWith(d + '/')));
    if (hit) out.push(hit);
  }
  return [...new Set(out)];
}

function jsonField(text: string | null, key: string): unknown {
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Record<string, unknown>)[key];
  } catch {
    return undefined; // deno.jsonc with comments, or a broken file: it names nothing
  }
}

/**
 * The non-product folders with every published path taken out: a folder holding one is split into
 * its other files and folders, which keep the folder's role, down to the published path itself.
 */
function carvePublished(
  nonProduct: Layout['nonProduct'],
  published: string[],
  byDir: Map<string, string[]>,
): Layout['nonProduct'] {
  const under = (p: string, d: string) => p === d || p.startsWith(d + '/');
  const out: Layout['nonProduct'] = [];
  const split = (dir: string, role: NonProductRole, keep: string[]) => {
    // the folder's own files and sub-folders, from the files below it
    const childOf = (f: string) => {
      const slash = f.indexOf('/', dir.length + 1);
      return slash < 0 ? f : f.slice(0, slash);
    };
    const children = new Set((byDir.get(dir) ?? []).map(childOf));
    for (const c of children) {
      const inside = keep.filter((k) => under(k, c));
      if (keep.includes(c)) continue;
      if (inside.length) split(c, role, inside);
      else out.push({ path: c, role });
    }
  };
  for (const n of nonProduct) {
    const inside = AUTHORSHIP_ROLES.has(n.role) ? [] : published.filter((p) => under(p, n.path));
    if (!inside.length) out.push(n);
    else if (!inside.includes(n.path)) split(n.path, n.role, inside);
  }
  return out;
}

/**
 * Configuration files in a root folder named after a development tool the project uses (supabase/config.toml
 * for the Supabase CLI, cypress/tsconfig.json): the tool's settings, not the product.
 */
function toolConfigFiles(
  facts: ManifestFacts,
  byDir: Map<string, string[]>,
  covered: (p: string) => boolean,
): string[] {
  const devDependencies = facts.npm?.pkg.devDependencies;
  if (!devDependencies || typeof devDependencies !== 'object') return [];
  const deps = devDependencies as object;
  const out: string[] = [];
  for (const [d, below] of byDir)
    if (!d.includes('/') && d in deps && !covered(d))
      out.push(...below.filter((f) => dirName(f) === d && CONFIG_EXT.test(f)));
  return out;
}

function productFromManifests(
  src: Sources,
  byDir: Map<string, string[]>,
  facts: ManifestFacts,
  covered: (p: string) => boolean,
  paths: string[],
): string[] {
  const out: string[] = [];
  const exists = (p: string) => byDir.has(p) || src.has(p);
  const norm = (p: string) => trimEndChars(p.replace(/^\.\//, ''), '/').replace(/\/\*\*?.*$/, '');
  const pkg = facts.npm?.pkg;
  if (pkg) {
    if (Array.isArray(pkg.files))
      for (const f of pkg.files)
        if (typeof f === 'string' && !f.startsWith('!') && exists(norm(f))) out.push(norm(f));
    const ws = Array.isArray(pkg.workspaces)
      ? pkg.workspaces
      : (pkg.workspaces as { packages?: unknown[] } | undefined)?.packages;
    for (const w of ws ?? []) {
      if (typeof w !== 'string') continue;
      const base = norm(w.replace(/\/\*$/, ''));
      if (w.endsWith('/*')) out.push(...[...byDir.keys()].filter((d) => dirName(d) === base));
      else if (exists(base)) out.push(base);
    }
    if (!out.length) {
      for (const key of ['main', 'module', 'types']) {
        if (typeof pkg[key] !== 'string') continue;
        const top = topOf(norm(pkg[key]));
        // "main": "dist/server.js" is built from src/, which is what the repository holds
        if (exists(top)) out.push(top);
        else if (/^(dist|build|out)$/.test(top) && exists('src')) out.push('src');
      }
    }
  }
  for (const p of facts.pyPackages) {
    const dir = p.replace(/\./g, '/');
    const hit = [dir, `src/${dir}`].find(exists);
    if (hit) out.push(hit);
  }
  if (facts.cargo) {
    for (const m of facts.cargo.members) {
      const base = norm(m.replace(/\/\*$/, ''));
      if (m.endsWith('/*')) out.push(...[...byDir.keys()].filter((d) => dirName(d) === base));
      else if (exists(base)) out.push(base);
    }
    for (const b of facts.cargo.bins) if (b.path) out.push(dirName(b.path) || b.path);
    if (exists('src')) out.push('src');
  }
  if (facts.maven || facts.gradle) {
    for (const m of [...(facts.maven?.modules ?? []), ...(facts.gradleProjects?.modules ?? [])])
      if (exists(m)) out.push(m);
    for (const d of [
      'src/main/java',
      'src/main/kotlin',
      'src/main/scala',
      'src/main/groovy',
      'src/main/resources',
      'src/main/webapp',
    ])
      if (exists(d)) out.push(d);
  }
  // RubyGems: each gem ships its folder's lib/, the path `require` loads it from (sibling gems too)
  for (const p of paths
    .filter((x) => GEMSPEC.test(x))
    .sort((a, b) => a.split('/').length - b.split('/').length)) {
    const lib = dirName(p) ? `${dirName(p)}/lib` : 'lib';
    if (byDir.has(lib) && !covered(lib)) out.push(lib);
  }
  if (facts.goModule) {
    // Go: the root package's files and every folder holding a package, outside tests and examples
    for (const p of paths) {
      if (!p.endsWith('.go') || p.endsWith('_test.go')) continue;
      const d = dirName(p);
      if (covered(p)) continue;
      out.push(d ? d.split('/')[0]! : p);
    }
  }
  if (
    !facts.pyPackages.length &&
    (src.has('pyproject.toml') || src.has('setup.py') || src.has('setup.cfg'))
  ) {
    // Python without a declared package list: the folders holding an __init__.py (src layout first)
    for (const p of paths) {
      if (baseName(p) !== '__init__.py' || covered(p)) continue;
      const parts = p.split('/');
      const top =
        parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}` : parts.length > 1 ? parts[0]! : '';
      if (top) out.push(top);
    }
  }
  if (facts.django) {
    // a Django project is its settings package, the apps it installs, and manage.py
    const { project, apps } = facts.django;
    out.push(...(project ? [project] : []), ...apps, ...(src.has('manage.py') ? ['manage.py'] : []));
  }
  if (!out.length) {
    for (const d of SOURCE_ROOTS) if (byDir.has(d) && !covered(d)) out.push(d);
  }
  if (!out.length) {
    // no manifest and no conventional folder: every code folder and root code file that is not something else
    for (const p of paths) if (CODE.test(p) && !covered(p)) out.push(p.includes('/') ? p.split('/')[0]! : p);
  }
  // the database schema the application runs on (supabase/migrations/*.sql)
  for (const [d, below] of byDir)
    if (
      baseName(d) === 'migrations' &&
      d.split('/').length <= 3 &&
      !covered(d) &&
      below.some((f) => /\.sql$/i.test(f))
    )
      out.push(d);
  return out;
}

const topOf = (p: string) => (p.includes('/') ? p.split('/')[0]! : p);

/**
 * Folders the product's entry points reach through imports: a package without a `files` list that
 * ships `index.js` plus the `lib/` it requires ships both.
 */
export function addReachable(
  layout: Layout,
  reached: string[],
  hasManifest: (dir: string) => boolean = () => false,
): void {
  const inProduct = (p: string) => layout.productPaths.some((d) => p === d || p.startsWith(d + '/'));
  for (const p of reached) {
    if (inProduct(p) || roleOf(p, layout) !== 'product' || isTestCode(p)) continue;
    layout.productPaths.push(shippedFolder(p, layout, hasManifest));
  }
}

/**
 * The folder a reached file ships in: its package's root (the nearest folder with a manifest), else
 * its top-level folder when nothing in that folder has another role (components/ rather than each
 * components/ui/X), else its own folder. A file at the root ships alone.
 */
function shippedFolder(p: string, layout: Layout, hasManifest: (dir: string) => boolean): string {
  const dirs = dirName(p).split('/').filter(Boolean);
  if (!dirs.length) return p;
  for (let i = dirs.length; i > 0; i--) {
    const dir = dirs.slice(0, i).join('/');
    if (hasManifest(dir)) return dir;
  }
  const top = dirs[0]!;
  const mixed = layout.nonProduct.some((n) => n.path === top || n.path.startsWith(top + '/'));
  return mixed ? dirName(p) : top;
}

/** The role of a path, or 'product' when it lies in no non-product folder. */
export function roleOf(p: string, layout: Pick<Layout, 'nonProduct'>): NonProductRole | 'product' {
  let best: { path: string; role: NonProductRole } | undefined;
  for (const n of layout.nonProduct)
    if ((p === n.path || p.startsWith(n.path + '/')) && (!best || n.path.length > best.path.length)) best = n;
  return best?.role ?? 'product';
}

/** Whose a file is: the role of its folder, 'tests' for a test file beside the code, else 'product'. */
export function areaOf(p: string, layout: Pick<Layout, 'nonProduct'>): NonProductRole | 'product' {
  const role = roleOf(p, layout);
  return role === 'product' && isTestCode(p) ? 'tests' : role;
}

/** True when a file is part of the product: inside a product path (or any file when none was found) and in no non-product folder. */
export function isProductFile(p: string, layout: Layout): boolean {
  if (roleOf(p, layout) !== 'product' || isTestCode(p)) return false;
  if (!layout.productPaths.length) return true;
  return layout.productPaths.some((d) => p === d || p.startsWith(d + '/'));
}
