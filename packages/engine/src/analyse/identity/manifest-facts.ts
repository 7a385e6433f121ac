// The root manifests' statements about the project: its name, description, entry files, shipped
// files, binaries, package folders and workspace members (npm, pyproject, Cargo, go.mod, Maven/Gradle),
// and a Django project's settings (its apps, template and static folders).

import { consoleScripts, iniEntries } from '../setup-cfg.ts';
import { trimEndChars } from '@atr/shared';
import { tomlEntries, unquote } from '../dependencies.ts';
import { baseName, dirName, type Sources } from '../sources.ts';

export interface Located {
  text: string;
  path: string;
  line: number;
}

export interface ManifestFacts {
  name?: string;
  description?: Located;
  /** The root package.json, parsed, with its path. */
  npm?: { pkg: Record<string, unknown>; path: string; lines: string[] };
  /** Python: console scripts (name → "module:func"), package folders declared by the build backend. */
  pyScripts: { name: string; target: string; line: number }[];
  pyPackages: string[];
  cargo?: {
    bins: { name?: string; path?: string; line: number }[];
    lib: boolean;
    members: string[];
    categories: string[];
    /** The root Cargo.toml declares a [package], not only a [workspace]. */
    rootPackage: boolean;
    /** The member crates' folders, globs expanded ('.' is the root package). */
    memberDirs: string[];
    /** Members with `publish = false`: parts of the product or tools, never products of their own. */
    unpublished: string[];
    /** Members that are maintainer tools: `publish = false`, and no other crate depends on them. */
    toolCrates: string[];
  };
  django?: DjangoFacts;
  goModule?: string;
  maven?: {
    artifactId?: string;
    packaging?: string;
    modules: string[];
    /**
     * Modules the build does not publish, where some others are: when the root turns deployment off
     * and only some modules turn it back on (gson-parent skips maven-deploy-plugin, and only `gson`
     * declares the publishing plugin), or a module skips it (`maven.deploy.skip`). Modules a
     * published one depends on are left out: they ship inside it.
     */
    unpublished?: string[];
  };
  gradle: boolean;
  /**
   * A multi-project Gradle build: the sub-projects settings.gradle includes, as folders, and those it
   * does not publish where it publishes others (no publishing plugin, or publishing turned off).
   */
  gradleProjects?: { modules: string[]; unpublished: string[] };
  /** What other ecosystems' manifests say the project is (composer type, gemspec, .csproj SDK/OutputType, Rails). */
  declared: { kind: 'library' | 'application' | 'web-application' | 'cli'; evidence: string }[];
}

export interface DjangoFacts {
  /** The settings module's file. */
  settings: string;
  /** The package holding the settings, '' when they sit at the root. */
  project: string;
  /** Folders of the project's own apps in INSTALLED_APPS (third-party apps have none here). */
  apps: string[];
  /** Folders the settings name in TEMPLATES "DIRS" and STATICFILES_DIRS: the site serves them. */
  servedDirs: string[];
}

const lineOf = (lines: string[], re: RegExp) => Math.max(1, lines.findIndex((l) => re.test(l)) + 1);
const strings = (v: string) => [...v.matchAll(/["']([^"']+)["']/g)].map((m) => m[1]!);

function readNpm(text: string, path: string, out: ManifestFacts): void {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return;
  }
  const lines = text.split('\n');
  out.npm = { pkg, path, lines };
  if (typeof pkg.name === 'string') out.name ??= pkg.name;
  if (typeof pkg.description === 'string' && pkg.description.trim())
    out.description ??= { text: pkg.description.trim(), path, line: lineOf(lines, /"description"\s*:/) };
}

function readPyproject(text: string, path: string, out: ManifestFacts): void {
  for (const e of tomlEntries(text)) {
    const project = e.section === 'project' || e.section === 'tool.poetry';
    if (project && e.key === 'name') out.name ??= unquote(e.value);
    else if (project && e.key === 'description' && unquote(e.value))
      out.description ??= { text: unquote(e.value), path, line: e.line };
    else if (e.section === 'project.scripts' || e.section === 'tool.poetry.scripts')
      out.pyScripts.push({ name: e.key, target: unquote(e.value), line: e.line });
    else if (e.section === 'tool.flit.module' && e.key === 'name') out.pyPackages.push(unquote(e.value));
    else if (e.section === 'tool.setuptools' && e.key === 'packages')
      out.pyPackages.push(...strings(e.value));
    else if (e.section === 'tool.hatch.build.targets.wheel' && e.key === 'packages')
      out.pyPackages.push(...strings(e.value));
    else if (e.section === 'tool.poetry' && e.key === 'packages')
      out.pyPackages.push(...[...e.value.matchAll(/include\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!));
  }
}

/** setuptools' declarative `setup.cfg`: name, description, console scripts and declared packages. */
function readSetupCfg(text: string, path: string, out: ManifestFacts): void {
  for (const e of iniEntries(text)) {
    if (e.section === 'metadata' && e.key === 'name' && e.value) out.name ??= e.value;
    else if (e.section === 'metadata' && e.key === 'description' && e.value)
      out.description ??= { text: e.value, path, line: e.line };
    else if (e.section === 'options.entry_points' && e.key === 'console_scripts')
      out.pyScripts.push(...consoleScripts(e.items));
    else if (e.section === 'options' && e.key === 'packages' && !/^find(?:_namespace)?:/.test(e.value))
      out.pyPackages.push(...e.items.map((i) => i.text).filter((t) => /^[\w.]+$/.test(t)));
  }
}

/** The `console_scripts` strings of a `setup.py`'s entry_points: `'http = httpie.__main__:main'`. */
function readSetupPyScripts(text: string, out: ManifestFacts): void {
  const at = text.indexOf('console_scripts');
  if (at < 0) return;
  const close = text.indexOf(']', at);
  const body = text.slice(at, close < 0 ? at + 2000 : close);
  const first = text.slice(0, at).split('\n').length;
  const items = body
    .split('\n')
    .flatMap((l, i) => [...l.matchAll(/["']([^"'\n]+)["']/g)].map((m) => ({ text: m[1]!, line: first + i })));
  out.pyScripts.push(...consoleScripts(items.filter((it) => it.text.includes('='))));
}

function readCargo(text: string, path: string, out: ManifestFacts): void {
  const cargo: NonNullable<ManifestFacts['cargo']> = {
    bins: [],
    lib: false,
    members: [],
    categories: [],
    rootPackage: false,
    memberDirs: [],
    unpublished: [],
    toolCrates: [],
  };
  const lines = text.split('\n');
  // [[bin]] tables repeat, so they are split by their headers rather than by section name
  lines.forEach((l, i) => {
    if (/^\s*\[\[bin\]\]/.test(l)) cargo.bins.push({ line: i + 1 });
    if (/^\s*\[lib\]/.test(l)) cargo.lib = true;
  });
  let bin = -1;
  for (const e of tomlEntries(text)) {
    if (e.section === 'package') cargo.rootPackage = true;
    if (e.section === 'package' && e.key === 'name') out.name ??= unquote(e.value);
    else if (e.section === 'package' && e.key === 'description')
      out.description ??= { text: unquote(e.value), path, line: e.line };
    else if (e.section === 'package' && e.key === 'categories') cargo.categories.push(...strings(e.value));
    else if (e.section === 'workspace' && e.key === 'members') cargo.members.push(...strings(e.value));
    if (e.section === 'bin') {
      while (bin + 1 < cargo.bins.length && cargo.bins[bin + 1]!.line < e.line) bin++;
      const b = cargo.bins[bin];
      if (b && e.key === 'name') b.name = unquote(e.value);
      if (b && e.key === 'path') b.path = unquote(e.value);
    }
  }
  out.cargo = cargo;
  // a crate's single binary is what users know it by (crate "fd-find" installs the command "fd")
  if (cargo.bins.length === 1 && cargo.bins[0]!.name && !cargo.lib) out.name = cargo.bins[0]!.name;
}

function readPom(text: string, path: string, out: ManifestFacts): void {
  // the parent's and the dependencies' artifactIds come in blocks; the project's own is outside them
  const own = text.replace(
    /<(parent|dependencies|dependencyManagement|build|profiles|plugins|reporting)>[\s\S]*?<\/\1>/g,
    '',
  );
  const artifactId = /<artifactId>([^<]+)<\/artifactId>/.exec(own)?.[1]?.trim();
  const packaging = /<packaging>([^<]+)<\/packaging>/.exec(own)?.[1]?.trim();
  const modules = [
    ...(/<modules>([\s\S]*?)<\/modules>/.exec(own)?.[1] ?? '').matchAll(/<module>([^<]+)<\/module>/g),
  ].map((m) => m[1]!.trim());
  out.maven = { ...(artifactId ? { artifactId } : {}), ...(packaging ? { packaging } : {}), modules };
  if (artifactId) out.name ??= artifactId;
  const desc = /<description>([^<]+)<\/description>/.exec(own);
  // Spring Initializr's placeholder says nothing about the project
  if (desc && desc[1]!.trim() && !/^demo project for spring boot\.?$/i.test(desc[1]!.trim()))
    out.description ??= {
      text: desc[1]!.trim().replace(/\s+/g, ' '),
      path,
      line: text.slice(0, desc.index).split('\n').length,
    };
}

// the plugins that put a Maven module's artifact in a repository users install from
const MAVEN_PUBLISHERS =
  /^(maven-deploy-plugin|central-publishing-maven-plugin|nexus-staging-maven-plugin|jreleaser-maven-plugin)$/;

interface PomPublishing {
  artifactId?: string;
  properties: Map<string, string>;
  /** The publishing plugins the POM declares: skipped, inherited by its modules, or only managed. */
  plugins: { id: string; skip: string | undefined; inherited: boolean; managed: boolean }[];
  /** The artifactIds of the POM's own dependencies. */
  dependsOn: Set<string>;
}

/** What a POM says about publishing: its publishing plugins, as the build section and plugin management declare them. */
function pomPublishing(text: string): PomPublishing {
  // profiles only apply when activated; comments say nothing
  const pom = text.replace(/<!--[\s\S]*?-->/g, '').replace(/<profiles>[\s\S]*?<\/profiles>/g, '');
  const properties = new Map<string, string>();
  for (const m of (/<properties>([\s\S]*?)<\/properties>/.exec(pom)?.[1] ?? '').matchAll(
    /<([\w.-]{1,100})>([^<]*)<\/\1>/g,
  ))
    properties.set(m[1]!, m[2]!.trim());
  const managed = /<pluginManagement>([\s\S]*?)<\/pluginManagement>/.exec(pom)?.[1] ?? '';
  const build = pom.replace(/<pluginManagement>[\s\S]*?<\/pluginManagement>/g, '');
  const plugins: PomPublishing['plugins'] = [];
  for (const [part, isManaged] of [
    [build, false],
    [managed, true],
  ] as const)
    for (const m of part.matchAll(/<plugin>([\s\S]*?)<\/plugin>/g)) {
      const body = m[1]!.replace(/<dependencies>[\s\S]*?<\/dependencies>/g, '');
      const id = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(body)?.[1];
      if (!id || !MAVEN_PUBLISHERS.test(id)) continue;
      const skip = /<(?:skip|skipPublishing|skipNexusStagingDeployMojo)>([^<]*)<\//.exec(body)?.[1]?.trim();
      plugins.push({ id, skip, inherited: !/<inherited>\s*false\s*</.test(body), managed: isManaged });
    }
  const own = pom.replace(/<(parent|dependencyManagement|build|reporting)>[\s\S]*?<\/\1>/g, '');
  const artifactId = /<artifactId>([^<]+)<\/artifactId>/.exec(own)?.[1]?.trim();
  const deps = /<dependencies>([\s\S]*?)<\/dependencies>/.exec(own)?.[1] ?? '';
  const dependsOn = new Set(
    [...deps.matchAll(/<artifactId>([^<]+)<\/artifactId>/g)].map((m) => m[1]!.trim()),
  );
  return { ...(artifactId ? { artifactId } : {}), properties, plugins, dependsOn };
}

/**
 * The modules of a multi-module Maven build that it does not publish, where it publishes others.
 * A module publishes unless it skips deployment (`maven.deploy.skip`, a publishing plugin's `skip`);
 * where the root skips it for all, only the modules that declare a publishing plugin of their own
 * (or inherit one the root runs) publish. Nothing is said when no module publishes.
 */
export function publishedModules(
  src: Sources,
  modules: string[],
): { published: { dir: string; artifactId?: string }[]; unpublished: string[] } {
  const root = pomPublishing(src.text('pom.xml') ?? '');
  // a value, or the property it names, from the module's properties, else the root's
  const value = (v: string | undefined, pom: PomPublishing) => {
    const ref = /^\$\{([\w.-]+)\}$/.exec(v ?? '')?.[1];
    return ref ? (pom.properties.get(ref) ?? root.properties.get(ref)) : v;
  };
  const isTrue = (v: string | undefined, pom: PomPublishing) => value(v, pom) === 'true';
  // the root's default: deployment on, unless it skips it and runs no publisher its modules inherit
  const rootSkips =
    isTrue(root.properties.get('maven.deploy.skip'), root) ||
    root.plugins.some((p) => p.id === 'maven-deploy-plugin' && isTrue(p.skip, root));
  const inherited = root.plugins.some(
    (p) => !p.managed && p.inherited && p.id !== 'maven-deploy-plugin' && !isTrue(p.skip, root),
  );
  const defaultOn = !rootSkips || inherited;
  const publishes = (pom: PomPublishing) => {
    const own = pom.plugins.filter((p) => !p.managed);
    if (isTrue(pom.properties.get('maven.deploy.skip'), pom) || own.some((p) => isTrue(p.skip, pom)))
      return false;
    // a publisher of its own, or the deploy plugin turned back on
    const turnsOn = own.some((p) => (p.id === 'maven-deploy-plugin' ? value(p.skip, pom) === 'false' : true));
    return turnsOn || defaultOn;
  };
  const poms = modules
    .filter((m) => src.has(`${m}/pom.xml`))
    .map((m) => ({ dir: m, pom: pomPublishing(src.text(`${m}/pom.xml`) ?? '') }));
  const published = poms.filter((m) => publishes(m.pom));
  if (!published.length) return { published: [], unpublished: [] };
  // a module a published one depends on ships with it (shaded in, or installed beside it)
  const needed = new Set(published.flatMap((m) => [...m.pom.dependsOn]));
  return {
    published: published.map((m) => ({ dir: m.dir, artifactId: m.pom.artifactId })),
    unpublished: poms
      .filter((m) => !publishes(m.pom) && !(m.pom.artifactId && needed.has(m.pom.artifactId)))
      .map((m) => m.dir),
  };
}

/** The sub-projects a settings.gradle includes (`include 'core', ':ext:json'`), as folders. */
export function gradleIncludes(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t]*include[ \t(]([^\n]*)/gm))
    for (const name of strings(m[1]!)) out.push(name.replace(/^:/, '').replace(/:/g, '/'));
  return [...new Set(out)];
}

/** A Gradle project's build file text, null when the folder has none. */
function gradleBuild(src: Sources, dir: string): string | null {
  const at = (f: string) => (dir ? `${dir}/${f}` : f);
  const file = ['build.gradle', 'build.gradle.kts'].map(at).find((p) => src.has(p));
  return file ? (src.text(file) ?? '') : null;
}

// a publishing plugin applied: Gradle's own, a Maven Central one, a plugin portal one, or a
// convention plugin named for publishing
const GRADLE_PUBLISHES =
  /\bmaven-publish\b|\bcom\.vanniktech\.maven\.publish\b|\bcom\.gradle\.plugin-publish\b|["'][\w.-]{0,60}publish[\w.-]{0,60}["']|^[ \t]*publishing[ \t]*\{/m;
// publishing turned off for the project
const GRADLE_NO_PUBLISH = /\b(?:publish\w{0,40}|PublishToMavenRepository)\b.{0,80}\benabled\s*=\s*false/;

/**
 * The sub-projects of a Gradle build that it does not publish, where it publishes others: a project
 * publishes when it applies a publishing plugin (or the root applies one to all its sub-projects)
 * and does not turn publishing off.
 */
export function unpublishedProjects(src: Sources, projects: string[]): string[] {
  const root = (gradleBuild(src, '') ?? '').replace(/\/\/[^\n]*/g, '');
  const defaultOn = /\b(?:subprojects|allprojects)\s*\{/.test(root) && GRADLE_PUBLISHES.test(root);
  const publishes = (d: string) => {
    const text = (gradleBuild(src, d) ?? '').replace(/\/\/[^\n]*/g, '');
    return !GRADLE_NO_PUBLISH.test(text) && (defaultOn || GRADLE_PUBLISHES.test(text));
  };
  if (!projects.some(publishes)) return [];
  return projects.filter((d) => !publishes(d));
}

/** Facts from the manifests at the repository root (the project's own, not a sub-package's). */
export function readManifestFacts(src: Sources): ManifestFacts {
  const out: ManifestFacts = { pyScripts: [], pyPackages: [], gradle: false, declared: [] };
  const read = (p: string, fn: (text: string, path: string, out: ManifestFacts) => void) => {
    const t = src.has(p) ? src.text(p) : null;
    if (t != null) fn(t, p, out);
  };
  read('package.json', readNpm);
  read('Cargo.toml', readCargo);
  if (out.cargo) readCargoMembers(src, out.cargo);
  read('pyproject.toml', readPyproject);
  read('setup.cfg', readSetupCfg);
  if (!out.pyScripts.length) read('setup.py', (t) => readSetupPyScripts(t, out));
  read('pom.xml', readPom);
  if (out.maven?.modules.length) {
    const { published, unpublished } = publishedModules(src, out.maven.modules);
    out.maven.unpublished = unpublished;
    // a parent POM that only aggregates is not the product: the one module it publishes is
    if (
      out.maven.packaging === 'pom' &&
      published.length === 1 &&
      unpublished.length &&
      published[0]!.artifactId
    )
      out.name = published[0]!.artifactId;
  }
  const mod = src.has('go.mod') ? /^module\s+(\S+)/m.exec(src.text('go.mod') ?? '')?.[1] : undefined;
  if (mod) {
    out.goModule = mod;
    out.name ??= mod
      .replace(/\/v\d+$/, '')
      .split('/')
      .pop();
  }
  if (!out.name && src.has('setup.py'))
    out.name = /\bname\s*=\s*["']([^"']+)["']/.exec(src.text('setup.py') ?? '')?.[1];
  out.gradle = src.has('build.gradle') || src.has('build.gradle.kts');
  const settings = ['settings.gradle', 'settings.gradle.kts'].find((p) => src.has(p));
  const included = settings
    ? gradleIncludes(src.text(settings) ?? '').filter((d) => gradleBuild(src, d) !== null)
    : [];
  if (included.length)
    out.gradleProjects = { modules: included, unpublished: unpublishedProjects(src, included) };
  readOtherEcosystems(src, out);
  out.django = readDjango(src);
  if (!out.name) {
    for (const p of ['settings.gradle', 'settings.gradle.kts']) {
      const m = /rootProject\.name\s*=\s*["']([^"']+)["']/.exec((src.has(p) ? src.text(p) : null) ?? '');
      if (m) out.name = m[1];
    }
  }
  return out;
}

/** Composer, RubyGems and .NET project files at the root, and a Rails application's layout. */
function readOtherEcosystems(src: Sources, out: ManifestFacts): void {
  const composer = src.has('composer.json') ? src.text('composer.json') : null;
  if (composer) {
    try {
      const c = JSON.parse(composer) as {
        name?: string;
        type?: string;
        bin?: unknown;
        description?: unknown;
      };
      if (c.name) out.name ??= c.name.split('/').pop();
      if (typeof c.description === 'string' && c.description.trim())
        out.description ??= {
          text: c.description.trim(),
          path: 'composer.json',
          line: lineOf(composer.split('\n'), /"description"\s*:/),
        };
      if (c.bin) out.declared.push({ kind: 'cli', evidence: 'composer.json "bin"' });
      else if (c.type === 'project')
        out.declared.push({ kind: 'application', evidence: 'composer.json "type": "project"' });
      else if (c.type === 'library' || !c.type)
        out.declared.push({ kind: 'library', evidence: 'composer.json' });
    } catch {
      // a broken composer.json says nothing
    }
  }
  const root = src.files.map((f) => f.path).filter((p) => !p.includes('/'));
  const gemspec = root.find((p) => p.endsWith('.gemspec'));
  if (gemspec) {
    const t = src.text(gemspec) ?? '';
    out.name ??= /\.name\s*=\s*["']([^"']+)["']/.exec(t)?.[1];
    // the one-line summary is what the gem says it is (its description may run for paragraphs)
    const lines = t.split('\n');
    const summary = lines.findIndex((l) => /\.summary\s*=\s*["'][^"']+["']/.test(l));
    if (summary >= 0)
      out.description ??= {
        text: /\.summary\s*=\s*["']([^"']+)["']/.exec(lines[summary]!)![1]!.trim(),
        path: gemspec,
        line: summary + 1,
      };
    out.declared.push(
      /\.executables\s*=|\bbindir\b/.test(t) &&
        src.files.some((f) => f.path.startsWith('exe/') || f.path.startsWith('bin/'))
        ? { kind: 'cli', evidence: gemspec }
        : { kind: 'library', evidence: gemspec },
    );
  }
  if (src.has('config/routes.rb') && src.has('config/application.rb'))
    out.declared.push({ kind: 'web-application', evidence: 'config/routes.rb' });
  const csproj =
    root.find((p) => /\.(cs|fs|vb)proj$/.test(p)) ??
    src.files
      .map((f) => f.path)
      .find((p) => /^src\/[^/]+\/[^/]+\.(cs|fs|vb)proj$/.test(p) && !/tests?\b/i.test(p));
  if (csproj) {
    const t = src.text(csproj) ?? '';
    const lines = t.split('\n');
    const described = lines.findIndex((l) => /<Description>[^<]+<\/Description>/.test(l));
    if (described >= 0)
      out.description ??= {
        text: /<Description>([^<]+)<\/Description>/.exec(lines[described]!)![1]!.trim(),
        path: csproj,
        line: described + 1,
      };
    if (/Sdk="Microsoft\.NET\.Sdk\.(Web|BlazorWebAssembly|Razor)"/.test(t))
      out.declared.push({ kind: 'web-application', evidence: csproj });
    else if (/<OutputType>\s*(Win)?Exe\s*<\/OutputType>/i.test(t))
      out.declared.push({ kind: 'application', evidence: csproj });
    else out.declared.push({ kind: 'library', evidence: csproj });
  }
}

/** Expands the workspace members and finds the unpublished tool crates the product does not depend on. */
function readCargoMembers(src: Sources, cargo: NonNullable<ManifestFacts['cargo']>): void {
  const crates = src.files.map((f) => f.path).filter((p) => baseName(p) === 'Cargo.toml');
  for (const m of cargo.members) {
    const base = trimEndChars(m.replace(/^\.\//, ''), '/');
    if (base.endsWith('/*')) {
      const parent = base.slice(0, -2);
      cargo.memberDirs.push(...crates.map(dirName).filter((d) => d && dirName(d) === parent));
    } else if (base === '.' || src.has(`${base}/Cargo.toml`)) cargo.memberDirs.push(base);
  }
  const manifest = (d: string) => src.text(d === '.' ? 'Cargo.toml' : `${d}/Cargo.toml`) ?? '';
  const unpublished = (d: string) =>
    tomlEntries(manifest(d)).some(
      (e) => e.section === 'package' && e.key === 'publish' && e.value.trim() === 'false',
    );
  // the product's crates: the root package (else every published member) and the crates they depend on
  const reached = cargo.rootPackage ? ['.'] : cargo.memberDirs.filter((d) => !unpublished(d));
  for (let at = 0; at < reached.length; at++) {
    const dir = reached[at]!;
    for (const m of manifest(dir).matchAll(/\bpath\s*=\s*"([^"\n]{1,200})"/g)) {
      const dep = joinPath(dir === '.' ? '' : dir, m[1]!);
      if (!reached.includes(dep)) reached.push(dep);
    }
  }
  cargo.unpublished = cargo.memberDirs.filter((d) => d !== '.' && unpublished(d));
  cargo.toolCrates = cargo.unpublished.filter((d) => !reached.includes(d));
}

/** `dir` joined with a relative path, `..` resolved. */
function joinPath(dir: string, rel: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const seg of rel.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** The settings module: the one manage.py names, else a settings file declaring INSTALLED_APPS. */
function djangoSettings(src: Sources): string | undefined {
  const named = /DJANGO_SETTINGS_MODULE["']?\s*,\s*["']([\w.]{1,100})["']/.exec(
    (src.has('manage.py') ? src.text('manage.py') : null) ?? '',
  )?.[1];
  if (named) {
    const mod = named.replace(/\./g, '/');
    const hit = [`${mod}.py`, `${mod}/__init__.py`, `${mod}/base.py`].find((p) => src.has(p));
    if (hit) return hit;
  }
  return src.files
    .map((f) => f.path)
    .filter((p) => /(^|\/)settings(\/(base|common|__init__))?\.py$/.test(p) && p.split('/').length <= 4)
    .find((p) => /^INSTALLED_APPS\s*\+?=/m.test(src.text(p) ?? ''));
}

/** The text of the bracketed literal that starts at `from` (a list, tuple or dict), brackets included. */
function bracketed(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') depth--;
    if (depth === 0) return text.slice(from, i + 1);
  }
  return text.slice(from);
}

/** The literals assigned to a name matching `name` (`X = [...]`, `X += (...)`), bracketed. */
function assignedLiterals(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^([A-Z_]{1,60})\s*\+?=\s*(?=[[(])/gm))
    if (name.test(m[1]!)) out.push(bracketed(text, m.index + m[0].length));
  return out;
}

/** A list literal's elements, split at its top-level commas. */
function elements(literal: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 1;
  for (let i = 0; i < literal.length; i++) {
    const c = literal[i];
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') depth--;
    if ((c === ',' && depth === 1) || depth === 0) {
      out.push(literal.slice(start, i));
      start = i + 1;
    }
    if (depth === 0) break;
  }
  return out;
}

/** The folder a path expression names: BASE_DIR / "web" / "templates", os.path.join(BASE_DIR, "static"). */
const pathOf = (element: string) => stringsIn(element).join('/');

const stringsIn = (s: string) => [...s.matchAll(/(["'])([^"'\n]{1,200})\1/g)].map((m) => m[2]!);

function readDjango(src: Sources): DjangoFacts | undefined {
  const settings = djangoSettings(src);
  if (!settings) return undefined;
  const text = src.text(settings) ?? '';
  const isDir = (d: string) => !!d && src.files.some((f) => f.path.startsWith(d + '/'));
  // "hc.accounts" is hc/accounts; "shop.apps.ShopConfig" is shop/
  const apps = assignedLiterals(text, /APPS$/)
    .flatMap(stringsIn)
    .map((app) => {
      const parts = app.split('.');
      for (let n = parts.length; n > 0; n--) {
        const d = parts.slice(0, n).join('/');
        if (isDir(d)) return d;
      }
      return '';
    })
    .filter(Boolean);
  // the package holding the settings (hc/settings.py, config/settings/base.py) is the project's
  const project = settings.includes('/')
    ? settings.replace(/\/settings(\/[^/]+)?\.py$|\/[^/]+\.py$/, '')
    : '';
  // BASE_DIR / "templates", os.path.join(BASE_DIR, "static"): from the folder holding that package
  const base = dirName(project);
  const templates = /["']DIRS["']\s*:\s*(?=[[(])/.exec(text);
  const served = [
    ...(templates ? [bracketed(text, templates.index + templates[0].length)] : []),
    ...assignedLiterals(text, /^STATICFILES_DIRS$/),
  ]
    .flatMap(elements)
    .map(pathOf)
    .map((p) => trimEndChars(p.replace(/^\.?\//, ''), '/'))
    .map((p) => (base ? `${base}/${p}` : p))
    .filter(isDir);
  return { settings, project, apps: [...new Set(apps)], servedDirs: [...new Set(served)] };
}
