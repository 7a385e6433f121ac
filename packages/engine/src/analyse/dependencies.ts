// Pass: manifests and the dependencies they declare (npm, pip, Go, Cargo, Maven, Gradle,
// Composer, Bundler, NuGet), each with the manifest line it is declared on.

import { baseName, type Sources } from './sources.ts';
import type { Dependency, Ecosystem, Manifest } from './types.ts';

export interface DependenciesResult {
  manifests: Manifest[];
  dependencies: Dependency[];
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
  out.manifests.push({ path, ecosystem: 'npm', ...str(pkg, 'name', 'version', 'description') });
  const sections: [string, Scope][] = [
    ['dependencies', 'runtime'],
    ['devDependencies', 'dev'],
    ['peerDependencies', 'peer'],
    ['optionalDependencies', 'optional'],
  ];
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

const requirements: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'pip' }], dependencies: [] };
  const scope: Scope = /dev|test/i.test(baseName(path)) ? 'dev' : 'runtime';
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
    const kv = /^("[^"]+"|'[^']+'|[A-Za-z0-9_.-]+)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2]!.trim();
    const start = i;
    if (value.startsWith('[') && !balanced(value)) {
      while (i + 1 < lines.length && !balanced(value)) value += '\n' + lines[++i]!;
    }
    out.push({ section, key: kv[1]!.replace(/^["']|["']$/g, ''), value, line: start + 1 });
  }
  return out;
}

function balanced(v: string): boolean {
  const stripped = v.replace(/"[^"]*"|'[^']*'/g, '').replace(/#.*$/gm, '');
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
    for (const m of l.matchAll(/["']([^"']+)["']/g)) {
      const d = pep508(m[1]!);
      if (d) out.push({ ecosystem: 'pip', ...d, scope, manifest: path, line: firstLine + k });
    }
  });
  return out;
}

const pyproject: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'pip' };
  for (const e of tomlEntries(text)) {
    if (
      (e.section === 'project' || e.section === 'tool.poetry') &&
      ['name', 'version', 'description'].includes(e.key)
    ) {
      man[e.key as 'name'] ??= unquote(e.value);
    } else if (e.section === 'project' && e.key === 'dependencies') {
      out.dependencies.push(...arrayDeps(e.value, e.line, 'runtime', path));
    } else if (e.section === 'project.optional-dependencies' || e.section === 'dependency-groups') {
      out.dependencies.push(
        ...arrayDeps(e.value, e.line, /dev|test|lint/i.test(e.key) ? 'dev' : 'optional', path),
      );
    } else if (e.section === 'build-system' && e.key === 'requires') {
      out.dependencies.push(...arrayDeps(e.value, e.line, 'build', path));
    } else if (/^tool\.poetry\.(dependencies|dev-dependencies|group\.[^.]+\.dependencies)$/.test(e.section)) {
      if (e.key === 'python') continue;
      const scope: Scope =
        e.section === 'tool.poetry.dependencies' ? 'runtime' : /test/.test(e.section) ? 'test' : 'dev';
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

const gomod: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'go' };
  let inBlock = false;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const mod = /^module\s+(\S+)/.exec(line);
    if (mod) man.name = mod[1];
    const goV = /^go\s+(\S+)/.exec(line);
    if (goV) man.version = `go ${goV[1]}`;
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

const cargo: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  const man: Manifest = { path, ecosystem: 'cargo' };
  const scopeOf = (s: string): Scope | null =>
    /(^|\.)dependencies$/.test(s)
      ? 'runtime'
      : /(^|\.)dev-dependencies$/.test(s)
        ? 'dev'
        : /(^|\.)build-dependencies$/.test(s)
          ? 'build'
          : null;
  const lines = text.split('\n');
  for (const e of tomlEntries(text)) {
    if (e.section === 'package' && ['name', 'version', 'description'].includes(e.key))
      man[e.key as 'name'] = unquote(e.value);
    const scope = scopeOf(e.section);
    if (scope)
      out.dependencies.push({
        ecosystem: 'cargo',
        name: e.key,
        version: tomlVersion(e.value),
        scope,
        manifest: path,
        line: e.line,
      });
    // [dependencies.serde] tables: the name is in the header
    const table = /^(?:.*\.)?(dependencies|dev-dependencies|build-dependencies)\.([^.]+)$/.exec(e.section);
    if (table && e.key === 'version' && !out.dependencies.some((d) => d.name === table[2])) {
      out.dependencies.push({
        ecosystem: 'cargo',
        name: table[2]!,
        version: unquote(e.value),
        scope: scopeOf(table[1]!)!,
        manifest: path,
        line: findLine(lines, new RegExp(`^\\[.*\\.${esc(table[2]!)}\\]`)),
      });
    }
  }
  out.manifests.push(man);
  return out;
};

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
  const props = new Map<string, string>();
  for (const m of (/<properties>([^]*?)<\/properties>/.exec(text)?.[1] ?? '').matchAll(
    /<([\w.-]+)>([^<]*)<\/\1>/g,
  ))
    props.set(m[1]!, m[2]!);
  const re = /<dependency>([^]*?)<\/dependency>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[1]!;
    const g = /<groupId>([^<]+)</.exec(body)?.[1]?.trim();
    const a = /<artifactId>([^<]+)</.exec(body)?.[1]?.trim();
    if (!a) continue;
    let v = /<version>([^<]+)</.exec(body)?.[1]?.trim() ?? '*';
    v = v.replace(/\$\{([^}]+)\}/g, (all, k: string) => props.get(k) ?? all);
    const s = /<scope>([^<]+)</.exec(body)?.[1]?.trim();
    const scope: Scope =
      s === 'test'
        ? 'test'
        : s === 'provided'
          ? 'build'
          : s === 'runtime' || !s || s === 'compile'
            ? 'runtime'
            : 'optional';
    const line = text.slice(0, m.index + m[0].indexOf('<artifactId>')).split('\n').length;
    out.dependencies.push({
      ecosystem: 'maven',
      name: g ? `${g}:${a}` : a,
      version: v,
      scope,
      manifest: path,
      line: Math.min(line, lines.length),
    });
  }
  out.manifests.push(man);
  return out;
};

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
  androidTestImplementation: 'test',
  debugImplementation: 'dev',
  classpath: 'build',
};

const gradle: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'gradle' }], dependencies: [] };
  const re = /^\s*(\w+)\s*\(?\s*["']([^"':]+):([^"':]+)(?::([^"']+))?["']/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const scope = GRADLE_SCOPES[m[1]!];
    if (!scope) continue;
    out.dependencies.push({
      ecosystem: 'gradle',
      name: `${m[2]}:${m[3]}`,
      version: m[4] ?? '*',
      scope,
      manifest: path,
      line: text.slice(0, m.index + m[0].length).split('\n').length,
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

const gemfile: Parser = (text, path) => {
  const out: DependenciesResult = { manifests: [{ path, ecosystem: 'bundler' }], dependencies: [] };
  const groups: Scope[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const g = /^group\s+(.+?)\s+do\b/.exec(line);
    if (g)
      return void groups.push(/test/.test(g[1]!) ? 'test' : /development/.test(g[1]!) ? 'dev' : 'runtime');
    if (/^end\b/.test(line) && groups.length) return void groups.pop();
    const m = /^gem\s+["']([^"']+)["'](?:\s*,\s*["']([^"']+)["'])?/.exec(line);
    if (m)
      out.dependencies.push({
        ecosystem: 'bundler',
        name: m[1]!,
        version: m[2] ?? '*',
        scope: groups.at(-1) ?? 'runtime',
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
  if (b === 'go.mod') return gomod;
  if (b === 'Cargo.toml') return cargo;
  if (b === 'pom.xml') return pom;
  if (b === 'build.gradle' || b === 'build.gradle.kts') return gradle;
  if (b === 'composer.json') return composer;
  if (b === 'Gemfile') return gemfile;
  if (/\.(cs|fs|vb)proj$/.test(b)) return csproj;
  return null;
}

export function dependenciesPass(src: Sources): DependenciesResult {
  const out: DependenciesResult = { manifests: [], dependencies: [] };
  for (const f of src.files) {
    const parse = parserFor(f.path);
    const text = parse && src.text(f.path);
    if (!parse || text == null) continue;
    const r = parse(text, f.path);
    out.manifests.push(...r.manifests);
    out.dependencies.push(...r.dependencies);
  }
  return out;
}

export type { Ecosystem };
