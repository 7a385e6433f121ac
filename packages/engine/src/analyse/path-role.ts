// What a file is for, from its path alone: the product's own code, its tests, examples,
// documentation, benchmarks, or everything else (CI, build and deployment files, manifests at the
// root). Conventional layouts only; a project-aware classification can replace it, and adds
// 'generated' for compiled or copied files found among the sources (identity/generated.ts).

import { dirName, packageJsons, type Sources } from './sources.ts';
import { isBenchPath, isTestCode } from './test-code.ts';
import type { PathRole } from './types.ts';

export const PATH_ROLES: readonly PathRole[] = [
  'product',
  'tests',
  'examples',
  'docs',
  'benchmarks',
  'generated',
  'other',
];

const TEST_SUPPORT_DIR =
  /(^|\/)(test[-_](helpers?|utils?|support|fixtures?|data)|testutils?|testing[-_]utils?)\//i;
const EXAMPLES_DIR = /(^|\/)(_?examples?|samples?|demos?|tutorials?|cookbooks?|playground|sandbox)\//i;
// the code a documentation site shows and includes (`docs_src/`, `docs-examples/`, `doc_code/`):
// runnable snippets of users' apps, kept beside the prose; examples, never the product
const DOCS_CODE_DIR = /(^|\/)docs?[-_](src|sources?|code|examples?|snippets?)\//i;
const DOCS_DIR = /(^|\/)(docs?|documentation|site|website|man|guides?)\//i;
const OTHER_DIR =
  /(^|\/)(\.(github|gitlab|circleci|buildkite|devcontainer|vscode|idea|husky|mvn|cargo|changeset|yarn)|scripts?|tools?|ci|gradle|k8s|kubernetes|helm|charts|deploy(ment)?s?|packaging|infra|terraform|ops)\//i;
// at the root, where the name speaks for the whole folder: a book or web site, performance checks,
// container files
const ROOT_DOCS_DIR = /^(book|books|manual|handbook|www)\//i;
const ROOT_BENCH_DIR = /^(bench(mark)?(s|suite|ing)?|perf(ormance)?|profiling)([-_][\w-]{1,40})?\//i;
const ROOT_OTHER_DIR = /^(docker|\.docker|bin)\//i;
// a root build/ holds the build's output, which ingest skips, or the scripts that run the build
// (`bun ./build/build.ts`): tooling either way, whatever its language
const ROOT_BUILD_DIR = /^build\//i;
// prose is documentation wherever it sits
const PROSE =
  /\.(md|markdown|mdx|rst|adoc|asciidoc)$|^[^/]+\.txt$|(^|\/)(README|CHANGELOG|CHANGES|HISTORY|CONTRIBUTING|AUTHORS|NOTICE|LICEN[CS]E|COPYING)(\.\w+)?$/i;
// a package's source tree: "samples" or "demo" there is a Java package name, not an examples folder
const SOURCE_ROOT = /(^|\/)src\/(main|test)\//;
const DOT_DIR =
  /(^|\/)\.(github|gitlab|circleci|buildkite|devcontainer|vscode|idea|husky|mvn|cargo|changeset|yarn)\//;
// a source file of a compiled package is code even in a folder named doc/ (Go's package doc)
const PACKAGE_SOURCE = /\.(go|rs|java|kt|scala|cs)$/;
// manifests, lockfiles, config and build files: "other" at the root, part of the product below it
const CONFIG_FILE =
  /\.(json|ya?ml|toml|xml|ini|cfg|properties|lock|sum|mod|gradle|kts|editorconfig|props|targets|sln|config)$|(^|\/)(Makefile|Dockerfile|Containerfile|Procfile|Gemfile|Rakefile|Justfile|Vagrantfile|mvnw(\.cmd)?|gradlew(\.bat)?|\.[\w.-]+)$/i;

// what packages or installs the product rather than being it, wherever it sits: container build
// files, Nix expressions, and shell-completion scripts (a `completions/` folder, a registration
// script) that the package manager drops into the user's shell; a program's own completion code in
// its language (`bash_completions.go`) is product. zsh names its completion functions `_<command>`,
// with no extension. A Homebrew formula (a Ruby file in brew/, Formula/ or HomebrewFormula/) tells
// Homebrew how to install the release, whatever the product's language
const PACKAGING =
  /(^|\/)(brew|homebrew[\w-]{0,40}|Formula)\/[^/]+\.rb$|(^|\/)(Dockerfile|Containerfile)([.-][\w.-]*)?$|\.Dockerfile$|\.nix$|(^|\/)(completions?|autocomplete)\/([^/]+\/)*([^/]+\.(bash|zsh|fish|ps1|powershell|nu|elv(ish)?|sh)|_[\w-]+)$|(^|\/)[^/]*completion[^/]*\.(bash|zsh|fish|ps1|powershell|nu|elv(ish)?|sh)$/i;

// a root script named for a task (`build.sh`, `Build.ps1`, `release.cmd`, `BuildContracts.ps1`) runs
// the project's chores, whatever the product's language; a root script named otherwise (`nvm.sh`)
// may be the product itself
const ROOT_TASK_SCRIPT =
  /^(build|push|release|publish|deploy|install|bootstrap|setup|package|pack|clean|lint|format|dist|ci|test)[\w.-]{0,40}\.(sh|bash|ps1|psm1|bat|cmd)$/i;

// a tool's settings at the root (eslint.config.mjs, vitest.config.ts, tailwind.config.js): tooling
const ROOT_TOOL_CONFIG = /^[\w-]+\.(config|conf)\.[cm]?[jt]s$|^\.[\w-]+rc\.[cm]?[jt]s$/;

/** The role of a repository file: product, tests, examples, docs, benchmarks or other. */
export function pathRole(path: string): PathRole {
  if (isTestCode(path) || TEST_SUPPORT_DIR.test(path)) return 'tests';
  if (isBenchPath(path) || ROOT_BENCH_DIR.test(path)) return 'benchmarks';
  if (DOT_DIR.test(path)) return 'other';
  if (EXAMPLES_DIR.test(path) && !SOURCE_ROOT.test(path)) return 'examples';
  if (DOCS_CODE_DIR.test(path)) return 'examples';
  if (PROSE.test(path)) return 'docs';
  if ((DOCS_DIR.test(path) || ROOT_DOCS_DIR.test(path)) && !PACKAGE_SOURCE.test(path)) return 'docs';
  if (ROOT_OTHER_DIR.test(path) && !/\.([cm]?[jt]s|py|rb)$/.test(path)) return 'other';
  // a charts/ folder's components draw charts: Helm's charts hold templates and values, never code
  const chartCode = /(^|\/)charts\/([^/]+\/)*[^/]+\.([cm]?[jt]sx?|vue|svelte|py|go|rs|java|kt|rb)$/i.test(
    path,
  );
  if (
    OTHER_DIR.test(chartCode ? path.replace(/(^|\/)charts\//gi, '$1') : path) ||
    ROOT_BUILD_DIR.test(path) ||
    PACKAGING.test(path)
  )
    return 'other';
  if (
    !path.includes('/') &&
    (CONFIG_FILE.test(path) || ROOT_TOOL_CONFIG.test(path) || ROOT_TASK_SCRIPT.test(path))
  )
    return 'other';
  return 'product';
}

// data a script feeds to a tool: JSON, YAML, CSV, SQL or XML
const DATA_FILE = /\.(json|ya?ml|csv|sql|xml)$/i;

/**
 * Data files a package script hands to a command (`stripe fixtures fixtures/stripe-fixtures.json`,
 * a seed file): seed data for the project's tooling, not tests, even in a fixtures/ folder.
 */
export function scriptDataFiles(src: Sources): Set<string> {
  const out = new Set<string>();
  for (const { path, pkg } of packageJsons(src)) {
    const scripts = pkg.scripts;
    if (!scripts || typeof scripts !== 'object') continue;
    const dir = dirName(path);
    for (const s of Object.values(scripts)) {
      if (typeof s !== 'string') continue;
      for (const word of s.split(/\s+/)) {
        const rel = word.replace(/^\.\//, '').replace(/^["']|["']$/g, '');
        const p = dir ? `${dir}/${rel}` : rel;
        if (DATA_FILE.test(rel) && src.has(p)) out.add(p);
      }
    }
  }
  return out;
}
