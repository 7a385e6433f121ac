// Product code vs the rest: which folders ship (from the manifests and the ecosystem's layout) and
// what every other folder is (tests, docs, examples, CI…), after github-linguist's documentation and
// vendor rules and the usual test-folder names.

import { baseName, dirName, type Sources } from '../sources.ts';
import { isTestCode } from '../test-code.ts';
import type { FileInfo, NonProductRole } from '../types.ts';
import type { GeneratedFile } from './generated.ts';
import type { ManifestFacts } from './manifest-facts.ts';

// folder names, case- and separator-insensitive, to the role they have wherever they appear
const BY_NAME: [RegExp, NonProductRole][] = [
  [
    /^(tests?|__tests__|spec|specs|e2e|integration[-_]?tests?|test[-_]?helpers?|test[-_]?utils?|testing)$/i,
    'tests',
  ],
  [/^(fixtures?|__fixtures__|testdata|test[-_]?data|__mocks__|mocks|__snapshots__)$/i, 'fixtures'],
  [/^(bench|benches|benchmarks?)$/i, 'benchmarks'],
  [/^(examples?|samples?|demos?|_examples)$/i, 'examples'],
  [/^(playgrounds?|sandbox)$/i, 'playground'],
  [/^(vendor|vendors|third[-_]?party|node_modules|bower_components|externals?)$/i, 'vendored'],
  [/^(\.github|\.circleci|\.gitlab|\.buildkite|\.azure-pipelines|\.woodpecker|\.drone)$/i, 'ci'],
  [/^(\.devcontainer|\.vscode|\.idea|\.husky|\.changeset|\.config)$/i, 'config'],
  [/^(\.cargo|\.mvn|\.gradle|\.yarn)$/i, 'build'],
  [/^(k8s|kubernetes|helm|charts|deploy|deployment|deployments|terraform|infra|ansible)$/i, 'deployment'],
  [/^(scripts?|hack|tools?)$/i, 'scripts'],
];
// documentation folders only count as docs where they hold prose, not a package of code
const DOCS_NAME = /^(docs?|documentation|site|website|man|javadoc|wiki)$/i;
const PROSE_OR_MEDIA =
  /\.(md|mdx|markdown|rst|txt|adoc|asciidoc|html?|css|svg|png|jpe?g|gif|webp|ico|pdf|1|[1-9]|ya?ml|json|toml|xml|cast|mp4|webm|ttf|woff2?)$/i;
const CODE =
  /\.(js|jsx|ts|tsx|mjs|cjs|py|go|rs|java|kt|scala|rb|php|cs|c|cc|cpp|h|hpp|swift|dart|ex|exs|clj|hs|ml|lua)$/i;
const TOOL_CONFIG =
  /^([\w.-]+\.config\.[cm]?[jt]s|gulpfile\.[cm]?[jt]s|gruntfile\.[cm]?[jt]s|jakefile\.[cm]?js|\.eslintrc\.[cm]?js|\.prettierrc\.[cm]?js|conftest\.py|noxfile\.py|fabfile\.py|tasks\.py|setup\.py|build\.rs|build\.gradle(\.kts)?|settings\.gradle(\.kts)?|Gemfile|Rakefile)$/i;
// linguist's documentation files
const DOC_FILE =
  /^(readme|licen[cs]e|copying|changelog|changes|history|contributing|authors|notice|code_of_conduct|security|citation|third[-_]?party[-_]?notice\w*)(\.[\w.-]*)?$/i;
const SOURCE_ROOTS = ['src', 'lib', 'pkg', 'internal', 'cmd', 'app', 'source', 'crates', 'packages'];

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
): Layout {
  const paths = files.map((f) => f.path);
  const byDir = filesByDir([...paths, ...skipped]);
  const nonProduct: Layout['nonProduct'] = [];
  const covered = (p: string) => nonProduct.some((n) => p === n.path || p.startsWith(n.path + '/'));
  // the standard Maven/Gradle test tree, Cargo's auto-discovered targets
  for (const d of ['src/test', 'src/it', 'src/integrationTest', 'src/testFixtures'])
    if (byDir.has(d)) nonProduct.push({ path: d, role: 'tests' });
  if (byDir.has('gradle/wrapper')) nonProduct.push({ path: 'gradle', role: 'build' });
  // build and tool configuration at the root (vite.config.ts, gulpfile.js…) is code, but not product
  for (const p of paths)
    if (!p.includes('/') && TOOL_CONFIG.test(p)) nonProduct.push({ path: p, role: 'build' });
  // shallow folders first, so a tests/ folder covers everything below it
  const dirs = [...byDir.keys()].sort(
    (a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b),
  );
  for (const d of dirs) {
    if (covered(d) || d.split('/').length > 4) continue;
    const name = baseName(d);
    const below = byDir.get(d)!;
    let role = roleOfName(name);
    if (role === 'scripts' && mostlyCode(below) && dirName(d) !== '') role = null; // src/tools is product code
    if (!role && DOCS_NAME.test(name) && !mostlyCode(below)) role = 'docs';
    // a root folder of nothing but images and prose (assets/, media/) is documentation material
    if (
      !role &&
      !dirName(d) &&
      below.every((f) => PROSE_OR_MEDIA.test(f)) &&
      !below.some((f) => /\.(html?|css|json|ya?ml|toml|xml)$/i.test(f))
    )
      role = 'docs';
    if (!role && /^(dist|build|out|target|coverage|htmlcov)$/i.test(name) && !dirName(d)) role = 'generated';
    if (role) nonProduct.push({ path: d, role });
  }
  const productPaths = productFromManifests(src, byDir, facts, covered, paths);
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
  // a compiled stylesheet or a copied library inside a shipped folder (src/main/resources) ships, but
  // the team did not write it
  for (const g of generated) if (!covered(g.path)) nonProduct.push({ path: g.path, role: g.role });
  return { productPaths: kept.filter((p) => !covered(p)), nonProduct };
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
  const norm = (p: string) =>
    p
      .replace(/^\.\//, '')
      .replace(/\/+$/, '')
      .replace(/\/\*\*?.*$/, '');
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
    for (const m of facts.maven?.modules ?? []) if (exists(m)) out.push(m);
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
  if (facts.goModule) {
    // Go: the root package's files and every folder holding a package, outside tests and examples
    for (const p of paths) {
      if (!p.endsWith('.go') || p.endsWith('_test.go')) continue;
      const d = dirName(p);
      if (covered(p)) continue;
      out.push(d ? d.split('/')[0]! : p);
    }
  }
  if (!facts.pyPackages.length && (src.has('pyproject.toml') || src.has('setup.py'))) {
    // Python without a declared package list: the folders holding an __init__.py (src layout first)
    for (const p of paths) {
      if (baseName(p) !== '__init__.py' || covered(p)) continue;
      const parts = p.split('/');
      const top =
        parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}` : parts.length > 1 ? parts[0]! : '';
      if (top) out.push(top);
    }
  }
  if (!out.length) {
    for (const d of SOURCE_ROOTS) if (byDir.has(d) && !covered(d)) out.push(d);
  }
  if (!out.length) {
    // no manifest and no conventional folder: every code folder and root code file that is not something else
    for (const p of paths) if (CODE.test(p) && !covered(p)) out.push(p.includes('/') ? p.split('/')[0]! : p);
  }
  return out;
}

const topOf = (p: string) => (p.includes('/') ? p.split('/')[0]! : p);

/**
 * Folders the product's entry points reach through imports: a package without a `files` list that
 * ships `index.js` plus the `lib/` it requires ships both.
 */
export function addReachable(layout: Layout, reached: string[]): void {
  const inProduct = (p: string) => layout.productPaths.some((d) => p === d || p.startsWith(d + '/'));
  for (const p of reached) {
    if (inProduct(p) || roleOf(p, layout) !== 'product' || isTestCode(p)) continue;
    layout.productPaths.push(dirName(p) || p);
  }
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
