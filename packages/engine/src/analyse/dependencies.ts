// Pass: manifests and the dependencies they declare (npm, pip, Go, Cargo, Maven, Gradle,
// Composer, Bundler, NuGet), each with the manifest line it is declared on; the lockfiles committed
// beside them, the package managers those show, and settings that turn lockfiles off on purpose.

import { iniEntries, type IniEntry } from './setup-cfg.ts';
import { dependencyRole, registryName } from './package-roles.ts';
import { pathRole } from './path-role.ts';
import { baseName, type Sources } from './sources.ts';
import type {
  Analysis,
  Dependency,
  Ecosystem,
  Lockfile,
  LockfileOptOut,
  Manifest,
  PackageManager,
} from './types.ts';

export interface DependenciesResult {
  manifests: Manifest[];
  dependencies: Dependency[];
  lockfiles?: Lockfile[];
  packageManagers?: PackageManager[];
  lockfileOptOuts?: LockfileOptOut[];
}

type Scope = Dependency['scope'];
type Parser = (text: string, path: string) => DependenciesResult;

/** Line (1-based) of the first line at or after `from` that matches; undefined when none. */
function findLine(lines: string[], re: RegExp, from = 0): number | undefined {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i]!)) return i + 1;
  return undefined;
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const npm: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return out;
  }
  const lines = text.split('\n');
  // the runtimes it asks for: `engines` (node, bun, deno) and the package manager it pins
  const requires: NonNullable<Manifest['requires']> = [];
  const engines =
    pkg.engines && typeof pkg.engines === 'object' ? (pkg.engines as Record<string, unknown>) : {};
  const enginesAt = (findLine(lines, /"engines"\s*:/) ?? 1) - 1;
  for (const [name, version] of Object.entries(engines))
    if (typeof version === 'string')
      requires.push({
        name,
        version,
        line: findLine(lines, new RegExp(`^\\s*"${esc(name)}"\\s*:`), enginesAt),
      });
  const pm = typeof pkg.packageManager === 'string' ? /^(@?[\w.-]+)@(.+)$/.exec(pkg.packageManager) : null;
  if (pm && !requires.some((r) => r.name === pm[1]))
    requires.push({ name: pm[1]!, version: pm[2]!, line: findLine(lines, /^\s*"packageManager"\s*:/) });
  out.manifests.push({
    path,
    ecosystem: 'npm',
    ...str(pkg, 'name', 'version', 'description'),
    ...(requires.length ? { requires } : {}),
  });
  const sections: [string, Scope][] = [
    ['dependencies', 'runtime'],
    ['devDependencies', 'dev'],
    ['peerDependencies', 'peer'],
    ['optionalDependencies', 'optional'],
  ];
  const peerMeta =
    pkg.peerDependenciesMeta && typeof pkg.peerDependenciesMeta === 'object'
      ? (pkg.peerDependenciesMeta as Record<string, unknown>)
      : {};
  // `"react": { "optional": true }`: a peer only some of the package's files import
  const optionalPeer = (name: string) => {
    const meta = peerMeta[name];
    return !!meta && typeof meta === 'object' && (meta as { optional?: unknown }).optional === true;
  };
  for (const [key, scope] of sections) {
    const deps = pkg[key];
    if (!deps || typeof deps !== 'object') continue;
    const start = (findLine(lines, new RegExp(`"${key}"\\s*:`)) ?? 1) - 1;
    for (const [name, version] of Object.entries(deps as Record<string, unknown>)) {
      out.dependencies.push({
        ecosystem: 'npm',
        name,
        version: String(version),
        scope,
        manifest: path,
        line: findLine(lines, new RegExp(`"${esc(name)}"\\s*:`), start),
        ...(scope === 'peer' && optionalPeer(name) ? { optionalPeer: true as const } : {}),
      });
    }
  }
  return out;
};

function str(o: Record<string, unknown>, ...keys: ('name' | 'version' | 'description')[]): Partial<Manifest> {
  const r: Partial<Manifest> = {};
  for (const k of keys) if (typeof o[k] === 'string') r[k] = o[k] as string;
  return r;
}

/** `requests[security]>=2.31 ; python_version>"3"` → name and version spec. */
function pep508(spec: string): { name: string; version: string } | null {
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;#]*)/.exec(spec);
  if (!m) return null;
  return { name: m[1]!, version: m[2]!.trim().replace(/^\(|\)$/g, '') || '*' };
}

// a requirement that installs the project itself (`-e .`, `-e .[cli,http2]`, `.`): the file sets up a
// checkout to work on the package, so the rest of it is the development environment (docs builders,
// test runners, release tools), not what the package needs to run
const INSTALLS_ITSELF = /^(?:(?:-e|--editable)[ \t]+)?\.{1,2}\/?(?:\[[\w,. -]*\])?[ \t]*(?:#.*)?$/m;

const requirements: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'pip' }], dependencies: [] };
  const scope: Scope = /dev|test/i.test(baseName(path)) || INSTALLS_ITSELF.test(text) ? 'dev' : 'runtime';
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\s#.*$/, '').trim();
    if (!line || line.startsWith('#') || line.startsWith('-') || line.includes('://')) return;
    const d = pep508(line);
    if (d) out.dependencies.push({ ecosystem: 'pip', ...d, scope, manifest: path, line: i + 1 });
  });
  return out;
};

/** A small line-oriented TOML reader: enough for [sections], `key = value` and multi-line arrays. */
export function tomlEntries(text: string): { section: string; key: string; value: string; line: number }[] {
  const out: { section: string; key: string; value: string; line: number }[] = [];
  const lines = text.split('\n');
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/^\s+/, '');
    const h = /^\[\[?([^\]]+)\]\]?/.exec(line);
    if (h) {
      section = h[1]!.trim().replace(/\s+/g, '');
      continue;
    }
    const kv = /^("[^"]+"|'[^']+'|[A-Za-z0-9_.-]+)\s*=/.exec(line);
    if (!kv) continue;
    let value = line.slice(kv[0].length).trim();
    const start = i;
    if (value.startsWith('[') && !balanced(value)) {
      while (i + 1 < lines.length && !balanced(value)) value += '\n' + lines[++i]!;
    }
    out.push({ section, key: kv[1]!.replace(/^["']|["']$/g, ''), value, line: start + 1 });
  }
  return out;
}

function balanced(v: string): boolean {
  const stripped = v
    .replace(/"[^"]*"|'[^']*'/g, '')
    .split('\n')
    .map((line) => (line.includes('#') ? line.slice(0, line.indexOf('#')) : line))
    .join('\n');
  return (stripped.match(/\[/g)?.length ?? 0) <= (stripped.match(/\]/g)?.length ?? 0);
}

export function unquote(v: string): string {
  const m = /^\s*["']([^"']*)["']/.exec(v);
  return m ? m[1]! : v.trim();
}

/** Version from `"1.2"` or `{ version = "1.2", … }`. */
function tomlVersion(v: string): string {
  if (v.trim().startsWith('{')) {
    const m = /version\s*=\s*["']([^"']+)["']/.exec(v);
    if (m) return m[1]!;
    const g = /(git|path)\s*=\s*["']([^"']+)["']/.exec(v);
    return g ? `${g[1]}:${g[2]}` : '*';
  }
  return unquote(v) || '*';
}

/** Dependencies listed in a (possibly multi-line) TOML array of PEP 508 strings, with their lines. */
function arrayDeps(value: string, firstLine: number, scope: Scope, path: string): Dependency[] {
  const out: Dependency[] = [];
  value.split('\n').forEach((l, k) => {
    // a PEP 735 `{ include-group = "test" }` names another group, not a package
    for (const m of l.replace(/\{[^{}]*\}/g, '').matchAll(/["']([^"']+)["']/g)) {
      const d = pep508(m[1]!);
      if (d) out.push({ ecosystem: 'pip', ...d, scope, manifest: path, line: firstLine + k });
    }
  });
  return out;
}

// an extra named for a chore (`dev`, `test`, `docs`, `typing`…) is how older projects spell a
// development group; any other extra is a feature a user installs with `pkg[extra]`
const TOOLING_GROUP =
  /(^|[-_])(dev|develop|development|tests?|testing|lint|linting|docs?|documentation|typing|types|typecheck|mypy|check|coverage|cov|bench|benchmarks?|style|format|ci|pre-commit|tooling)([-_]|$)/i;

// a group named for where the application is deployed holds what it runs with there: gunicorn,
// a database driver, an error tracker
const PRODUCTION_GROUP = /^(prod|production|deploy|deployment|runtime|server|live)$/i;

// `{ version = "1", optional = true }`: installed only with an extra (Poetry) or a feature (Cargo)
const OPTIONAL_ENTRY = /^\{.*\boptional\s*=\s*true\b/s;

const pyproject: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'pip' };
  for (const e of tomlEntries(text)) {
    if (
      (e.section === 'project' || e.section === 'tool.poetry') &&
      ['name', 'version', 'description'].includes(e.key)
    ) {
      man[e.key as 'name'] ??= unquote(e.value);
    } else if (e.section === 'project' && e.key === 'requires-python') {
      (man.requires ??= []).push({ name: 'python', version: unquote(e.value), line: e.line });
    } else if (e.section === 'project' && e.key === 'dependencies') {
      out.dependencies.push(...arrayDeps(e.value, e.line, 'runtime', path));
    } else if (e.section === 'project.optional-dependencies') {
      out.dependencies.push(
        ...arrayDeps(e.value, e.line, TOOLING_GROUP.test(e.key) ? 'dev' : 'optional', path),
      );
    } else if (e.section === 'dependency-groups') {
      // PEP 735 groups are never installed with the package: they are the developers' environments,
      // or the deployed application's (`prod`)
      const scope = PRODUCTION_GROUP.test(e.key) ? 'runtime' : /test/i.test(e.key) ? 'test' : 'dev';
      out.dependencies.push(...arrayDeps(e.value, e.line, scope, path));
    } else if (e.section === 'build-system' && e.key === 'requires') {
      out.dependencies.push(...arrayDeps(e.value, e.line, 'build', path));
    } else if (/^tool\.poetry\.(dependencies|dev-dependencies|group\.[^.]+\.dependencies)$/.test(e.section)) {
      if (e.key === 'python') continue;
      const scope: Scope =
        e.section !== 'tool.poetry.dependencies'
          ? /test/.test(e.section)
            ? 'test'
            : 'dev'
          : OPTIONAL_ENTRY.test(e.value)
            ? 'optional'
            : 'runtime';
      out.dependencies.push({
        ecosystem: 'pip',
        name: e.key,
        version: tomlVersion(e.value),
        scope,
        manifest: path,
        line: e.line,
      });
    }
  }
  out.manifests.push(man);
  // `pkg[extra]` in a group installs the project itself with an extra: not a third-party package
  const self = man.name && registryName('pip', man.name);
  if (self) out.dependencies = out.dependencies.filter((d) => registryName('pip', d.name) !== self);
  return out;
};

const pipfile: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'pip' }], dependencies: [] };
  for (const e of tomlEntries(text)) {
    if (e.section !== 'packages' && e.section !== 'dev-packages') continue;
    out.dependencies.push({
      ecosystem: 'pip',
      name: e.key,
      version: tomlVersion(e.value),
      scope: e.section === 'packages' ? 'runtime' : 'dev',
      manifest: path,
      line: e.line,
    });
  }
  return out;
};

const setupPy: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'pip' }], dependencies: [] };
  const name = /\bname\s*=\s*["']([^"']+)["']/.exec(text);
  if (name) out.manifests[0]!.name = name[1];
  const lines = text.split('\n');
  for (const [key, scope] of [
    ['install_requires', 'runtime'],
    ['setup_requires', 'build'],
    ['tests_require', 'test'],
  ] as const) {
    const start = lines.findIndex((l) => l.includes(key));
    if (start < 0) continue;
    for (let i = start; i < lines.length; i++) {
      const l = i === start ? lines[i]!.slice(lines[i]!.indexOf(key)) : lines[i]!;
      for (const m of l.matchAll(/["']([^"']+)["']/g)) {
        const d = pep508(m[1]!);
        if (d) out.dependencies.push({ ecosystem: 'pip', ...d, scope, manifest: path, line: i + 1 });
      }
      if (l.includes(']')) break;
    }
  }
  return out;
};

const setupCfg: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'pip' }], dependencies: [] };
  const man = out.manifests[0]!;
  const add = (items: IniEntry['items'], scope: Scope) => {
    for (const it of items) {
      const d = pep508(it.text);
      if (d) out.dependencies.push({ ecosystem: 'pip', ...d, scope, manifest: path, line: it.line });
    }
  };
  for (const e of iniEntries(text)) {
    if (e.section === 'metadata' && (e.key === 'name' || e.key === 'version')) man[e.key] ??= e.value;
    else if (e.section === 'options' && e.key === 'python_requires')
      (man.requires ??= []).push({ name: 'python', version: e.value, line: e.line });
    else if (e.section === 'options' && e.key === 'install_requires') add(e.items, 'runtime');
    else if (e.section === 'options' && e.key === 'tests_require') add(e.items, 'test');
    else if (e.section === 'options' && e.key === 'setup_requires') add(e.items, 'build');
    else if (e.section === 'options.extras_require')
      add(e.items, TOOLING_GROUP.test(e.key) ? 'dev' : 'optional');
  }
  return out;
};

const gomod: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'go' };
  let inBlock = false;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const mod = /^module\s+(\S+)/.exec(line);
    if (mod) man.name = mod[1];
    const goV = /^go\s+(\S+)/.exec(line);
    if (goV) {
      man.version = `go ${goV[1]}`;
      // the `go` directive is the oldest Go release the module builds with
      (man.requires ??= []).push({ name: 'go', version: `>=${goV[1]}`, line: i + 1 });
    }
    if (/^require\s*\($/.test(line)) return void (inBlock = true);
    if (inBlock && line === ')') return void (inBlock = false);
    const m = inBlock ? /^(\S+)\s+(v\S+)/.exec(line) : /^require\s+(\S+)\s+(v\S+)/.exec(line);
    if (m)
      out.dependencies.push({
        ecosystem: 'go',
        name: m[1]!,
        version: m[2]!,
        scope: line.includes('// indirect') ? 'optional' : 'runtime',
        manifest: path,
        line: i + 1,
      });
  });
  out.manifests.push(man);
  return out;
};

// a Cargo dependency table: `[dependencies]`, `[dev-dependencies.insta]`,
// `[target.'cfg(unix)'.build-dependencies]`; group 1 the kind, group 2 the crate of a table that
// declares one crate (`[dependencies.gix]`)
const CARGO_DEPS = /^(?:.*\.)?(dependencies|dev-dependencies|build-dependencies)(?:\.([^.]+))?$/;

const cargo: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'cargo' };
  const scopeOf = (kind: string): Scope =>
    kind === 'dev-dependencies' ? 'dev' : kind === 'build-dependencies' ? 'build' : 'runtime';
  // each table header as written, by the name tomlEntries gives its section (spaces removed)
  const headers = new Map<string, { line: number; raw: string }>();
  text.split('\n').forEach((l, i) => {
    const h = /^\s*\[([^[\]]+)\]/.exec(l);
    const key = h?.[1]!.trim().replace(/\s+/g, '');
    if (h && key && !headers.has(key)) headers.set(key, { line: i + 1, raw: h[1]!.trim() });
  });
  // a crate declared key by key, in its own table (`[dependencies.gix]` with `optional = true` on a
  // line of its own) or with dotted keys (`gix.optional = true`), reads as the inline table
  // `gix = { version = "0.86", optional = true }` would
  const split = new Map<string, { dep: Dependency; keys: string[] }>();
  const entries = tomlEntries(text);
  for (const e of entries) {
    if (e.section === 'package' && ['name', 'version', 'description'].includes(e.key))
      man[e.key as 'name'] = unquote(e.value);
    // `rust-version` is the oldest Rust toolchain the crate builds with (its MSRV)
    // (`rust-version = { workspace = true }` inherits the workspace's, read from the root's manifest)
    if (e.section === 'package' && e.key === 'rust-version' && !/^\{/.test(e.value.trim()))
      (man.requires ??= []).push({ name: 'rust', version: `>=${unquote(e.value)}`, line: e.line });
    // a workspace root's package that inherits it (`rust-version.workspace = true`) builds with the
    // toolchain `[workspace.package]` names, and so do the members of a root with no package of its own
    if (
      e.section === 'workspace.package' &&
      e.key === 'rust-version' &&
      (entries.every((p) => p.section !== 'package') ||
        entries.some(
          (p) =>
            (p.section === 'package' &&
              /^rust-version(?:\.workspace)?$/.test(p.key) &&
              /^true\b|^\{\s*workspace\s*=\s*true\b/.test(p.value.trim())) ||
            (p.section === 'package.rust-version' && p.key === 'workspace'),
        ))
    )
      (man.requires ??= []).push({ name: 'rust', version: `>=${unquote(e.value)}`, line: e.line });
    const table = CARGO_DEPS.exec(e.section);
    if (!table) continue;
    const dot = e.key.indexOf('.');
    const name = table[2] ?? (dot > 0 ? e.key.slice(0, dot) : e.key);
    const tableSection = table[2] ? e.section.slice(0, -table[2].length - 1) : e.section;
    // `[target.'cfg(unix)'.dependencies]`: only built for the targets the cfg (or triple) names
    const spec = /^\s*target\.(?:'([^']+)'|"([^"]+)"|([^.'"]+))\.(?:dev-|build-)?dependencies\b/.exec(
      headers.get(tableSection)?.raw ?? headers.get(e.section)?.raw ?? '',
    );
    const target = spec && (spec[1] ?? spec[2] ?? spec[3]);
    const dep: Dependency = {
      ecosystem: 'cargo',
      name,
      version: '*',
      scope: scopeOf(table[1]!),
      manifest: path,
      line: e.line,
      ...(target ? { platform: target } : {}),
    };
    if (!table[2] && dot < 0) {
      out.dependencies.push(withCargoKeys(dep, e.value));
      continue;
    }
    const k = `${tableSection}\0${name}`;
    let group = split.get(k);
    if (!group) {
      group = {
        dep: { ...dep, ...(table[2] ? { line: headers.get(e.section)?.line ?? e.line } : {}) },
        keys: [],
      };
      split.set(k, group);
      out.dependencies.push(group.dep);
    }
    group.keys.push(`${table[2] ? e.key : e.key.slice(dot + 1)} = ${e.value}`);
  }
  for (const { dep, keys } of split.values())
    Object.assign(dep, withCargoKeys(dep, `{ ${keys.join(', ')} }`));
  const byDefault = defaultFeatureCrates(entries);
  for (const d of out.dependencies)
    if (d.scope === 'optional' && byDefault.has(d.name)) d.inDefaultBuild = true;
  out.manifests.push(man);
  return out;
};

/**
 * The crates the default features turn on, through the features they name: `default = ["git"]` with
 * `git = ["gix"]` (or `["dep:gix"]`, or `["gix/sha1"]`) builds gix; `gix?/sha1` only adds to a gix
 * something else turns on.
 */
function defaultFeatureCrates(entries: ReturnType<typeof tomlEntries>): Set<string> {
  const features = new Map<string, string[]>();
  for (const e of entries)
    if (e.section === 'features')
      features.set(
        e.key,
        [...e.value.matchAll(/"([^"]+)"/g)].map((m) => m[1]!),
      );
  const on = new Set<string>();
  const seen = new Set<string>();
  const visit = (feature: string) => {
    if (seen.has(feature)) return;
    seen.add(feature);
    for (const item of features.get(feature) ?? []) {
      const slash = item.indexOf('/');
      if (slash >= 0) {
        if (item[slash - 1] !== '?') on.add(item.slice(0, slash).replace(/^dep:/, ''));
      } else if (item.startsWith('dep:')) on.add(item.slice(4));
      else {
        // a plain name is a feature, or the feature an optional crate implicitly is
        on.add(item);
        visit(item);
      }
    }
  };
  visit('default');
  return on;
}

/** A Cargo dependency with what its value says: `"1.0"` or `{ version = "1.0", optional = true, workspace = true }`. */
function withCargoKeys(dep: Dependency, value: string): Dependency {
  return {
    ...dep,
    version: tomlVersion(value),
    // an optional crate is compiled in only when a feature asks for it
    scope: dep.scope === 'runtime' && OPTIONAL_ENTRY.test(value) ? 'optional' : dep.scope,
    // `serde = { workspace = true }` takes the version [workspace.dependencies] sets
    ...(/\bworkspace\s*=\s*true\b/.test(value) ? { managedBy: 'the workspace' } : {}),
  };
}

/** [start, end) offsets of every `<tag>…</tag>` block in an XML text. */
function blocks(text: string, tag: string): [number, number][] {
  const out: [number, number][] = [];
  const re = new RegExp(`<${tag}>[^]*?</${tag}>`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
  return out;
}

const within = (at: number, spans: [number, number][]) => spans.some(([a, b]) => at >= a && at < b);

const pom: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'maven' };
  const lines = text.split('\n');
  const withoutBlocks = text.replace(
    /<parent>[^]*?<\/parent>|<dependencies>[^]*?<\/dependencies>|<build>[^]*?<\/build>|<dependencyManagement>[^]*?<\/dependencyManagement>|<profiles>[^]*?<\/profiles>/g,
    '',
  );
  man.name = /<artifactId>([^<]+)<\/artifactId>/.exec(withoutBlocks)?.[1];
  man.version = /<version>([^<]+)<\/version>/.exec(withoutBlocks)?.[1];
  man.description = /<description>([^<]+)<\/description>/.exec(withoutBlocks)?.[1]?.trim();
  // the Java release the build compiles for, as Spring Boot's parent reads it (`<java.version>17`)
  const java = /<(java\.version|maven\.compiler\.release)>(\d+)<\//.exec(text);
  if (java)
    man.requires = [
      {
        name: 'java',
        version: java[2]!,
        line: findLine(lines, new RegExp(`<${java[1]!.replace(/\./g, '\\.')}>`)),
      },
    ];
  const props = new Map<string, string>();
  for (const m of (/<properties>([^]*?)<\/properties>/.exec(text)?.[1] ?? '').matchAll(
    /<([\w.-]+)>([^<]*)<\/\1>/g,
  ))
    props.set(m[1]!, m[2]!);
  const resolve = (v: string) => v.replace(/\$\{([^}]+)\}/g, (all, k: string) => props.get(k) ?? all);
  const tag = (body: string, t: string) => new RegExp(`<${t}>([^<]+)<`).exec(body)?.[1]?.trim();
  // dependencyManagement only sets versions; plugin dependencies are the build's own classpath
  const managed = blocks(text, 'dependencyManagement');
  const build = [...blocks(text, 'build'), ...blocks(text, 'reporting')];
  const boms: Manager[] = [];
  const pinnedHere = new Set<string>();
  const re = /<dependency>([^]*?)<\/dependency>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!within(m.index, managed)) continue;
    const body = m[1]!;
    if (tag(body, 'scope') === 'import') {
      const v = tag(body, 'version') && resolve(tag(body, 'version')!);
      boms.push({
        says: `the BOM ${tag(body, 'artifactId')}${v ? ` ${v}` : ''}`,
        group: tag(body, 'groupId'),
        version: v,
      });
    } else pinnedHere.add(`${tag(body, 'groupId')}:${tag(body, 'artifactId')}`);
  }
  const parentMatch = /<parent>([^]*?)<\/parent>/.exec(text);
  const parentBody = parentMatch?.[1];
  // the parent's version line, where a reader sees which release sets the versions
  const parentLine =
    parentMatch &&
    text.slice(0, parentMatch.index + parentMatch[0].search(/<version>|<\/parent>/)).split('\n').length;
  const parent = parentBody && tag(parentBody, 'artifactId');
  const parentVersion = parentBody && tag(parentBody, 'version') && resolve(tag(parentBody, 'version')!);
  // Maven refuses a dependency with no version unless a dependencyManagement section sets one:
  // this POM's own, an imported BOM's or the parent's
  const managers: Manager[] = [
    ...(parent
      ? [
          {
            says: `the parent POM ${parent}${parentVersion ? ` ${parentVersion}` : ''}`,
            group: tag(parentBody, 'groupId'),
            version: parentVersion || undefined,
            ...(parentLine ? { line: parentLine } : {}),
          },
        ]
      : []),
    ...boms,
  ];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (within(m.index, managed)) continue;
    const body = m[1]!;
    const g = tag(body, 'groupId');
    const a = tag(body, 'artifactId');
    if (!a) continue;
    const declared = tag(body, 'version');
    const s = tag(body, 'scope');
    const scope: Scope = within(m.index, build)
      ? 'build'
      : s === 'test'
        ? 'test'
        : s === 'provided'
          ? 'build'
          : tag(body, 'optional') === 'true'
            ? 'optional'
            : 'runtime';
    const line = text.slice(0, m.index + m[0].indexOf('<artifactId>')).split('\n').length;
    const name = g ? `${g}:${a}` : a;
    out.dependencies.push({
      ecosystem: 'maven',
      name,
      version: declared ? resolve(declared) : '*',
      scope,
      manifest: path,
      line: Math.min(line, lines.length),
      ...(declared
        ? {}
        : pinnedHere.has(name)
          ? { managedBy: 'the dependencyManagement of this POM' }
          : managedFields(managers, g, 'a dependencyManagement section')),
    });
  }
  out.manifests.push(man);
  return out;
};

/** A parent POM, BOM or plugin that sets versions; `group` and `version` when it is a release of its own. */
interface Manager {
  says: string;
  /** The line of the manifest that names the manager's version (the parent's `<version>`, the plugin's `version`). */
  line?: number;
  group?: string;
  version?: string;
}

/**
 * managedBy (and managedVersion, when the manager is a release of the package's own group, as a
 * parent or BOM of the same group ships in step with it) for a dependency that names no version.
 */
function managedFields(
  managers: Manager[],
  group: string | undefined,
  unknown: string,
): Pick<Dependency, 'managedBy' | 'managedVersion' | 'managedLine'> {
  if (!managers.length) return { managedBy: unknown };
  const own = managers.find((m) => m.group && m.group === group && m.version);
  return {
    managedBy: joinOr(managers.map((m) => m.says)),
    ...(own ? { managedVersion: own.version, ...(own.line ? { managedLine: own.line } : {}) } : {}),
  };
}

function joinOr(xs: string[]): string {
  return xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;
}

const GRADLE_SCOPES: Record<string, Scope> = {
  implementation: 'runtime',
  api: 'runtime',
  compile: 'runtime',
  runtimeOnly: 'runtime',
  compileOnly: 'build',
  annotationProcessor: 'build',
  kapt: 'build',
  ksp: 'build',
  testImplementation: 'test',
  testRuntimeOnly: 'test',
  testCompileOnly: 'test',
  testAnnotationProcessor: 'test',
  testFixturesImplementation: 'test',
  androidTestImplementation: 'test',
  debugImplementation: 'dev',
  developmentOnly: 'dev',
  // the code-quality plugins' own configurations: tools the build runs on the code, not the program's
  checkstyle: 'dev',
  pmd: 'dev',
  spotbugs: 'dev',
  spotbugsPlugins: 'dev',
  detekt: 'dev',
  detektPlugins: 'dev',
  ktlint: 'dev',
  // buildscript { dependencies { classpath … } }: plugins of the build, not of the program
  classpath: 'build',
};

/** `ext.x = "1.2"`, `ext { x = "1.2" }`, `def x = "1.2"`, `val x = "1.2"`: variables a version can name. */
function gradleVariables(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const m of text.matchAll(
    /^[ \t]*(?:(?:ext\.|def[ \t]+|val[ \t]+|set\(["'])(?![ \t]))?([A-Za-z_][\w.]*)["']?[ \t]*[=,][ \t]*["']([^"'$]+)["']/gm,
  ))
    vars.set(m[1]!, m[2]!);
  return vars;
}

/** What sets the versions a Gradle build leaves out: platforms/BOMs it imports, else its plugins. */
function gradleManagers(text: string): Manager[] {
  const out: Manager[] = [];
  for (const m of text.matchAll(
    /\b(?:platform|enforcedPlatform|mavenBom)(?:\(|[ \t]+)["']([^"':]+):([^"':]+)(?::([^"']+))?["']/g,
  ))
    out.push({ says: `the BOM ${m[2]}${m[3] ? ` ${m[3]}` : ''}`, group: m[1], version: m[3] });
  if (out.length) return out;
  const plugin = (id: string) =>
    new RegExp(`id\\s*\\(?\\s*["']${esc(id)}["']\\s*\\)?(?:\\s*version\\s*\\(?\\s*["']([^"']+)["'])?`).exec(
      text,
    );
  const boot = plugin('org.springframework.boot');
  const dm = plugin('io.spring.dependency-management');
  // the dependency-management plugin imports Spring Boot's BOM when the Boot plugin is applied
  if (dm && boot)
    return [
      {
        says: `the Spring Boot plugin${boot[1] ? ` ${boot[1]}` : ''} through io.spring.dependency-management`,
        group: 'org.springframework.boot',
        version: boot[1],
        line: text.slice(0, boot.index).split('\n').length,
      },
    ];
  if (dm) return [{ says: 'the io.spring.dependency-management plugin' }];
  return [];
}

const gradle: Parser = (text, path) => {
  // the Java toolchain the build asks for: `languageVersion = JavaLanguageVersion.of(17)`
  const toolchain = /JavaLanguageVersion\.of\(\s*(\d+)\s*\)/.exec(text);
  const requires = toolchain
    ? [{ name: 'java', version: toolchain[1]!, line: text.slice(0, toolchain.index).split('\n').length }]
    : [];
  const out: DependenciesResult = {
    manifests: [{ path, ecosystem: 'gradle', ...(requires.length ? { requires } : {}) }],
    dependencies: [],
  };
  const vars = gradleVariables(text);
  const managers = gradleManagers(text);
  const re = /^[ \t]*(\w+)[ \t]*(?:\([ \t]*)?["']([^"':]+):([^"':]+)(?::([^"']+))?["']/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const scope = GRADLE_SCOPES[m[1]!];
    if (!scope) continue;
    const declared = m[4]?.replace(/\$\{?([\w.]+)\}?/g, (all, k: string) => vars.get(k) ?? all);
    out.dependencies.push({
      ecosystem: 'gradle',
      name: `${m[2]}:${m[3]}`,
      version: declared ?? '*',
      scope,
      manifest: path,
      line: text.slice(0, m.index + m[0].length).split('\n').length,
      // Gradle cannot resolve a dependency without a version: a platform, plugin or constraint sets it
      ...(declared ? {} : managedFields(managers, m[2], 'a platform or constraint of the build')),
    });
  }
  return out;
};

const composer: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return out;
  }
  out.manifests.push({ path, ecosystem: 'composer', ...str(j, 'name', 'version', 'description') });
  const lines = text.split('\n');
  for (const [key, scope] of [
    ['require', 'runtime'],
    ['require-dev', 'dev'],
  ] as const) {
    const deps = j[key];
    if (!deps || typeof deps !== 'object') continue;
    const start = (findLine(lines, new RegExp(`"${key}"\\s*:`)) ?? 1) - 1;
    for (const [name, version] of Object.entries(deps as Record<string, unknown>)) {
      if (name === 'php' || name.startsWith('ext-')) continue;
      out.dependencies.push({
        ecosystem: 'composer',
        name,
        version: String(version),
        scope,
        manifest: path,
        line: findLine(lines, new RegExp(`"${esc(name)}"\\s*:`), start),
      });
    }
  }
  return out;
};

/** Every constraint a gem declaration gives (`'>= 3.0.0', '< 4'`), joined as Bundler reads them; `*` for none. */
function gemRequirement(list: string): string {
  const parts = [...list.matchAll(/["']([^"']+)["']/g)].map((x) => x[1]!);
  return parts.length ? parts.join(', ') : '*';
}

const gemfile: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'bundler' }], dependencies: [] };
  const groups: Scope[] = [];
  // a gem's Gemfile (`gemspec`) sets up its development: the gemspec declares what it needs to run,
  // the Gemfile's other gems are for its tests, builds and docs
  const gem = /^[ \t]*gemspec\b/m.test(text);
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const g = /^group\s(.*)\sdo\b/.exec(line);
    if (g)
      return void groups.push(/test/.test(g[1]!) ? 'test' : /development/.test(g[1]!) ? 'dev' : 'runtime');
    if (/^end\b/.test(line) && groups.length) return void groups.pop();
    const m = /^gem\s+["']([^"']+)["']((?:\s*,\s*["'][^"']+["'])*)/.exec(line);
    // a gem taken from a folder of the repository (`path: '..'`) is the project's own code
    if (m && !/\bpath:|:path\s*=>/.test(line))
      out.dependencies.push({
        ecosystem: 'bundler',
        name: m[1]!,
        version: gemRequirement(m[2]!),
        scope: groups.at(-1) ?? (gem ? 'dev' : 'runtime'),
        manifest: path,
        line: i + 1,
      });
  });
  return out;
};

const gemspec: Parser = (text, path) => {
  // `s.name = 'tune'`, or the name handed to the specification (`Gem::Specification.new 'tune', version`)
  const name =
    /^[ \t]*\w+\.name[ \t]*=[ \t]*["']([^"']+)["']/m.exec(text)?.[1] ??
    /Gem::Specification\.new[ \t(]+["']([^"']+)["']/.exec(text)?.[1];
  const out: DependenciesResult = {
    manifests: [{ path, ecosystem: 'bundler', ...(name ? { name } : {}) }],
    dependencies: [],
  };
  text.split('\n').forEach((raw, i) => {
    const m =
      /\.add_(runtime_|development_)?dependency[\s(]+["']([^"']+)["']((?:\s*,\s*["'][^"']+["'])*)/.exec(raw);
    if (m)
      out.dependencies.push({
        ecosystem: 'bundler',
        name: m[2]!,
        version: gemRequirement(m[3]!),
        scope: m[1] === 'development_' ? 'dev' : 'runtime',
        manifest: path,
        line: i + 1,
      });
  });
  return out;
};

const csproj: Parser = (text, path) => {
  const out: DependenciesResult = {
    manifests: [{ path, ecosystem: 'nuget', name: baseName(path).replace(/\.\w+proj$/, '') }],
    dependencies: [],
  };
  const re =
    /<PackageReference\s+Include="([^"]+)"(?:\s+Version="([^"]+)")?[^>]*?(?:\/>|>([^]*?)<\/PackageReference>)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const v = m[2] ?? /<Version>([^<]+)</.exec(m[3] ?? '')?.[1] ?? '*';
    out.dependencies.push({
      ecosystem: 'nuget',
      name: m[1]!,
      version: v,
      scope: 'runtime',
      manifest: path,
      line: text.slice(0, m.index).split('\n').length,
    });
  }
  return out;
};

function parserFor(path: string): Parser | null {
  const b = baseName(path);
  if (b === 'package.json') return npm;
  if (/^requirements.*\.txt$/.test(b) || (path.includes('requirements/') && b.endsWith('.txt')))
    return requirements;
  if (b === 'pyproject.toml') return pyproject;
  if (b === 'Pipfile') return pipfile;
  if (b === 'setup.py') return setupPy;
  if (b === 'setup.cfg') return setupCfg;
  if (b === 'go.mod') return gomod;
  if (b === 'Cargo.toml') return cargo;
  if (b === 'pom.xml') return pom;
  if (b === 'build.gradle' || b === 'build.gradle.kts') return gradle;
  if (b === 'composer.json') return composer;
  if (b === 'Gemfile') return gemfile;
  if (b.endsWith('.gemspec')) return gemspec;
  if (/\.(cs|fs|vb)proj$/.test(b)) return csproj;
  return null;
}

// lockfile name → the tool that writes it
const LOCKFILES: Record<string, [string, Ecosystem]> = {
  'package-lock.json': ['npm', 'npm'],
  'npm-shrinkwrap.json': ['npm', 'npm'],
  'yarn.lock': ['Yarn', 'npm'],
  'pnpm-lock.yaml': ['pnpm', 'npm'],
  'bun.lock': ['Bun', 'npm'],
  'bun.lockb': ['Bun', 'npm'],
  'uv.lock': ['uv', 'pip'],
  'poetry.lock': ['Poetry', 'pip'],
  'Pipfile.lock': ['Pipenv', 'pip'],
  'pdm.lock': ['PDM', 'pip'],
  'Cargo.lock': ['Cargo', 'cargo'],
  'go.sum': ['Go modules', 'go'],
  'Gemfile.lock': ['Bundler', 'bundler'],
  'composer.lock': ['Composer', 'composer'],
  'packages.lock.json': ['NuGet', 'nuget'],
  'gradle.lockfile': ['Gradle', 'gradle'],
};

/** The lockfile a path is, if it is one. */
export function lockfileOf(path: string): Lockfile | undefined {
  const hit = LOCKFILES[baseName(path)];
  return hit && { path, manager: hit[0], ecosystem: hit[1] };
}

/**
 * A requirements file exported from a lock (pip-compile, `uv export`, `poetry export`): it pins
 * what another manifest declares, so it is a lockfile, not a manifest of its own.
 */
export function exportedRequirementsTool(text: string): string | undefined {
  const head = text.slice(0, 2000);
  const tool = /autogenerated by (uv|pip-compile)\b/i.exec(head)?.[1];
  if (tool) return tool === 'uv' ? 'uv' : 'pip-tools';
  // hashes on every pin are what only an export writes
  const lines = head.split('\n');
  return lines.some(
    (line, i) =>
      /^[^\s=]+==\S/.test(line) &&
      (/--hash=sha256:/.test(line) || /^[ \t]*--hash=sha256:/.test(lines[i + 1] ?? '')),
  )
    ? 'pip'
    : undefined;
}

/** `package-lock=false` in an .npmrc: the project keeps no npm lockfile by decision. */
function npmrcOptOut(text: string, path: string): LockfileOptOut | undefined {
  const i = text.split('\n').findIndex((l) => /^\s*package-lock\s*=\s*false\s*$/.test(l));
  return i < 0 ? undefined : { path, line: i + 1, ecosystem: 'npm' };
}

/** `"packageManager": "pnpm@9.1.0"` in a package.json (Corepack's setting). */
function corepackManager(text: string, path: string): PackageManager | undefined {
  const m = /"packageManager"\s*:\s*"(npm|pnpm|yarn|bun)@/.exec(text);
  const names: Record<string, string> = { npm: 'npm', pnpm: 'pnpm', yarn: 'Yarn', bun: 'Bun' };
  return m ? { name: names[m[1]!]!, ecosystem: 'npm', evidence: path } : undefined;
}

/** Package managers: the settings' choice, else the lockfile's tool, one per ecosystem and folder. */
function packageManagersOf(lockfiles: Lockfile[], settings: PackageManager[]): PackageManager[] {
  const dir = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  const out = new Map<string, PackageManager>();
  for (const s of settings) out.set(`${s.ecosystem}:${dir(s.evidence)}`, s);
  for (const l of lockfiles) {
    const key = `${l.ecosystem}:${dir(l.path)}`;
    if (!out.has(key)) out.set(key, { name: l.manager, ecosystem: l.ecosystem, evidence: l.path });
  }
  return [...out.values()];
}

/** Manifests, dependencies and lockfiles; `skipped` are paths ingest kept no text of (lockfiles among them). */
export function dependenciesPass(src: Sources, skipped: string[] = []): DependenciesResult {
  const out = {
    manifests: [] as Manifest[],
    dependencies: [] as Dependency[],
    lockfiles: [] as Lockfile[],
    packageManagers: [] as PackageManager[],
    lockfileOptOuts: [] as LockfileOptOut[],
  };
  const settings: PackageManager[] = [];
  for (const path of [...src.files.map((f) => f.path), ...skipped]) {
    const lock = lockfileOf(path);
    if (lock && !out.lockfiles.some((l) => l.path === path)) out.lockfiles.push(lock);
  }
  for (const f of src.files) {
    const parse = parserFor(f.path);
    const text = (parse || baseName(f.path) === '.npmrc') && src.text(f.path);
    if (text == null || text === false) continue;
    if (!parse) {
      const optOut = npmrcOptOut(text, f.path);
      if (optOut) out.lockfileOptOuts.push(optOut);
      continue;
    }
    const exported = parse === requirements && exportedRequirementsTool(text);
    if (exported) {
      out.lockfiles.push({ path: f.path, manager: exported, ecosystem: 'pip' });
      continue;
    }
    const r = parse(text, f.path);
    out.manifests.push(...r.manifests);
    out.dependencies.push(...r.dependencies);
    const manager = parse === npm && corepackManager(text, f.path);
    if (manager) settings.push(manager);
  }
  // a package another manifest of the repository publishes (sinatra-contrib's dependency on sinatra,
  // one workspace's on its sibling) is the project's own code, not a dependency from outside
  const own = new Set(out.manifests.flatMap((m) => (m.name ? [`${m.ecosystem}:${m.name}`] : [])));
  out.dependencies = out.dependencies.filter((d) => !own.has(`${d.ecosystem}:${d.name}`));
  out.packageManagers = packageManagersOf(out.lockfiles, settings);
  // a development requirement the production image installs by name is an optional runtime one
  const imaged = imagePipPackages(src);
  for (const d of out.dependencies)
    if (d.ecosystem === 'pip' && d.scope === 'dev' && imaged.has(pipKey(d.name))) d.scope = 'optional';
  // a Gemfile beside no Ruby product (no gemspec, no Rack app, every Ruby file under the tests or the
  // maintainers' scripts) installs the tools that test and lint the project: development gems
  const ruby = src.files.map((f) => f.path).filter((p) => /\.(rb|gemspec|ru)$|(^|\/)Rakefile$/.test(p));
  if (ruby.length && !ruby.some((p) => /\.(gemspec|ru)$/.test(p) || pathRole(p) === 'product'))
    for (const d of out.dependencies)
      if (d.ecosystem === 'bundler' && d.scope === 'runtime' && baseName(d.manifest) === 'Gemfile')
        d.scope = 'dev';
  // a Go module that only test files import is needed to test the product, not to build it
  const goImports = goImportSites(src);
  for (const d of out.dependencies)
    if (d.ecosystem === 'go' && d.scope === 'runtime' && testOnlyImport(d.name, goImports)) d.scope = 'dev';
  for (const d of out.dependencies) {
    const role = dependencyRole(d);
    if (role) d.role = role;
  }
  return out;
}

/** The import paths of the module's Go files, split between test files (`_test.go`) and the others. */
export function goImportSites(src: Sources): { code: Set<string>; tests: Set<string> } {
  const out = { code: new Set<string>(), tests: new Set<string>() };
  for (const f of src.files) {
    if (!f.path.endsWith('.go')) continue;
    const text = src.text(f.path);
    if (!text) continue;
    const into = f.path.endsWith('_test.go') ? out.tests : out.code;
    // the import block ends the file's header: imports are read to its first declaration
    const end = text.search(/^(?:func|type|var|const)\b/m);
    const head = end < 0 ? text : text.slice(0, end);
    for (const m of head.matchAll(/^[ \t]*(?:import[ \t]+)?(?:[\w.]+[ \t]+)?"([^"\n]+)"/gm)) into.add(m[1]!);
  }
  return out;
}

/** A module whose packages only test files import, where the module's code imports none of them. */
export function testOnlyImport(module: string, sites: { code: Set<string>; tests: Set<string> }): boolean {
  const ofModule = (path: string) => path === module || path.startsWith(`${module}/`);
  return [...sites.tests].some(ofModule) && ![...sites.code].some(ofModule);
}

/** A PyPI name as pip compares it: `Foo_Bar` and `foo-bar` are one package. */
const pipKey = (name: string) => name.toLowerCase().replace(/[._]+/g, '-');

/**
 * The packages a Dockerfile's `pip install` or `pip wheel` names on its command line (`pip wheel
 * --wheel-dir /wheels apprise minio==7.2 -r requirements.txt` → apprise, minio), without the options,
 * their values, files and version pins.
 */
export function imagePipPackages(src: Sources): Set<string> {
  const out = new Set<string>();
  for (const f of src.files) {
    if (!/^(?:Dockerfile|Containerfile)(?:\..+)?$|\.Dockerfile$/.test(baseName(f.path))) continue;
    const joined = (src.text(f.path) ?? '').replace(/\\\r?\n/g, ' ');
    for (const line of joined.split('\n')) {
      if (!/^\s*RUN\b/i.test(line)) continue;
      for (const command of line.split(/&&|;|\|\|/)) {
        const words = command.trim().split(/\s+/);
        const at = words.findIndex(
          (w, i) => /^pip3?$/.test(w) && /^(?:install|wheel)$/.test(words[i + 1] ?? ''),
        );
        if (at < 0) continue;
        for (let i = at + 2; i < words.length; i++) {
          const w = words[i]!.replace(/^["']|["']$/g, '');
          // an option and the value it takes (`-r file`, `--wheel-dir /wheels`)
          if (w.startsWith('-')) {
            if (
              !w.includes('=') &&
              /^-(?:r|c|e|t|i|f)$|^--(?:requirement|constraint|editable|target|wheel-dir|index-url|extra-index-url|find-links|prefix|root)$/.test(
                w,
              )
            )
              i++;
            continue;
          }
          const name = /^[A-Za-z0-9][\w.-]*/.exec(w)?.[0];
          if (name && !w.includes('/') && !/\.(?:whl|txt|tar\.gz|zip)$/.test(w)) out.add(pipKey(name));
        }
      }
    }
  }
  return out;
}

type Area = NonNullable<Manifest['area']>;

/** Whose a manifest or lockfile is; a root build file (a Gradle build beside the Maven one) is the product's. */
export function manifestArea(path: string, areaOf: (path: string) => Area): Area {
  const area = areaOf(path);
  // a package's build manifest (the root's, a sibling gem's gemspec) declares what that package needs
  if (area !== 'build') return area;
  return !path.includes('/') ? 'product' : areaOf(path.slice(0, path.lastIndexOf('/')));
}

/** Marks every manifest, dependency, lockfile and package manager with the area of its file. */
export function setDependencyAreas(r: DependenciesResult, areaOf: (path: string) => Area): void {
  for (const m of r.manifests) m.area = manifestArea(m.path, areaOf);
  for (const d of r.dependencies) d.area = manifestArea(d.manifest, areaOf);
  for (const l of r.lockfiles ?? []) l.area = manifestArea(l.path, areaOf);
  for (const p of r.packageManagers ?? []) p.area = manifestArea(p.evidence, areaOf);
}

/**
 * Requirements files that pin every requirement exactly (`pip freeze` style): an application's way
 * to fix what pip installs, short of a lockfile that also pins the transitive dependencies.
 */
export function frozenRequirements(deps: Dependency[]): string[] {
  const files = new Map<string, boolean>();
  for (const d of deps) {
    if (d.ecosystem !== 'pip' || d.scope !== 'runtime' || !/(^|\/)requirements[^/]*\.txt$/.test(d.manifest))
      continue;
    files.set(d.manifest, (files.get(d.manifest) ?? true) && versionConstraint(d) === 'exact');
  }
  return [...files].filter(([, frozen]) => frozen).map(([path]) => path);
}

/** Dependencies the product itself declares: not an example's, a benchmark's or a tool's. */
export function isProductOwned(x: { area?: Area }): boolean {
  return !x.area || x.area === 'product';
}

/**
 * What a declared version allows, read with the ecosystem's own rules:
 * 'exact' one version; 'range' a bounded set (npm `^1.2`, Cargo's bare `1.0.75` = `^1.0.75`,
 * PyPI `~=`); 'minimum' a lower bound only (PyPI `>=2`, every Go requirement, NuGet's bare
 * `1.2.3`); 'any' no constraint; 'source' a path, git or workspace reference, not a version;
 * 'managed' left to a parent POM, a BOM, a Gradle platform or a Cargo workspace, which fix it.
 */
export type VersionConstraint = 'exact' | 'range' | 'minimum' | 'any' | 'source' | 'managed';

const PLAIN = /^v?\d+\.\d+\.\d+(?:[-+][\w.-]*)?$/;

export function versionConstraint(
  d: Pick<Dependency, 'ecosystem' | 'version' | 'managedBy'>,
): VersionConstraint {
  const v = d.version.trim();
  // Maven and Gradle refuse a dependency without a version unless the build manages it
  if ((d.managedBy || d.ecosystem === 'maven' || d.ecosystem === 'gradle') && /^\*?$/.test(v))
    return 'managed';
  if (/^(\*|latest|x|)$/i.test(v)) return 'any';
  if (/^(git|path|file|link|workspace|github|portal|npm):|:\/\//.test(v)) return 'source';
  switch (d.ecosystem) {
    case 'go':
      // minimal version selection: a requirement is the least version; go.sum locks the build
      return 'minimum';
    case 'pip':
      if (/^===?[^*,;]+$/.test(v)) return 'exact';
      return v.includes('<') || v.includes('~=') || (v.includes('==') && v.includes('*', v.indexOf('==')))
        ? 'range'
        : 'minimum';
    case 'cargo':
      if (/^=\s*\d/.test(v)) return 'exact';
      return lowerBoundOnly(v) ? 'minimum' : 'range';
    case 'maven':
    case 'gradle':
      if (/^\[[^,\]]+\]$/.test(v)) return 'exact';
      if (/^[[(]/.test(v)) return /,\s*[)\]]$/.test(v) ? 'minimum' : 'range';
      return /\+|^latest\./.test(v) ? 'range' : 'exact';
    case 'nuget':
      if (/^\[[^,\]]+\]$/.test(v)) return 'exact';
      if (/^[[(]/.test(v)) return /,\s*[)\]]$/.test(v) ? 'minimum' : 'range';
      return 'minimum';
    case 'bundler':
      if (PLAIN.test(v) || /^=\s*\d/.test(v)) return 'exact';
      return lowerBoundOnly(v) ? 'minimum' : 'range';
    default:
      // npm and Composer: a full version is exact, `^`/`~`/x-ranges/partial versions are ranges
      if (PLAIN.test(v) || /^=\s*v?\d+\.\d+\.\d+$/.test(v)) return 'exact';
      return lowerBoundOnly(v) ? 'minimum' : 'range';
  }
}

/** `>=1.2` or `>1` with no upper bound anywhere in the requirement. */
function lowerBoundOnly(v: string): boolean {
  return /^>/.test(v) && !/</.test(v) && !/\|\|/.test(v);
}

/**
 * An open requirement that can pull in a new major version at the next install: no constraint, or a
 * minimum under a resolver that picks the newest (not Go's or NuGet's, which pick the least).
 */
export function isUnbounded(d: Pick<Dependency, 'ecosystem' | 'version' | 'managedBy'>): boolean {
  const c = versionConstraint(d);
  return c === 'any' || (c === 'minimum' && d.ecosystem !== 'go' && d.ecosystem !== 'nuget');
}

/** A library, framework, plugin or build tool: its users' applications resolve and lock its dependencies. */
export function isPackageKind(a: Pick<Analysis, 'identity'>): boolean {
  const kind = a.identity?.kind;
  return kind === 'library' || kind === 'framework' || kind === 'plugin' || kind === 'build-tool';
}

/** Ecosystems whose installs the product fixes: a committed lockfile, a deliberate opt-out, frozen requirements. */
export function lockedEcosystems(
  a: Pick<Analysis, 'lockfiles' | 'lockfileOptOuts'>,
  own: Dependency[],
  lockfiles: string[],
): Set<Ecosystem> {
  const locked = new Set<Ecosystem>([
    ...(a.lockfiles ?? []).filter((l) => lockfiles.includes(l.path)).map((l) => l.ecosystem),
    ...(a.lockfileOptOuts ?? []).map((o) => o.ecosystem),
  ]);
  // an application's requirements file pinning every package with == is pip's conventional lock
  if (frozenRequirements(own).length) locked.add('pip');
  // a lockfile for files that only the old analyses knew by name
  if (!a.lockfiles && lockfiles.length) for (const d of own) locked.add(d.ecosystem);
  return locked;
}

/**
 * Open requirements that are a risk: what the product ships (not its development tools) with no
 * upper bound, in an application whose installs no lockfile fixes. A library or framework keeps
 * ranges on purpose (its users' applications resolve and lock them), and a managed version is fixed.
 */
export function openVersionRisks(
  a: Pick<Analysis, 'identity' | 'lockfiles' | 'lockfileOptOuts'>,
  own: Dependency[],
  lockfiles: string[],
): Dependency[] {
  if (isPackageKind(a)) return [];
  const locked = lockedEcosystems(a, own, lockfiles);
  return own.filter(
    (d) =>
      (d.scope === 'runtime' || d.scope === 'peer' || d.scope === 'optional') &&
      !locked.has(d.ecosystem) &&
      isUnbounded(d),
  );
}

export type { Ecosystem };
