// Pass: how the project is started and built: package.json scripts, bin, main/module/exports,
// the scripts HTML pages load (Vite/webpack apps), Makefile targets and justfile recipes, Dockerfiles,
// compose services,
// CI workflows, Procfile processes and the daemons a process manager attaches.

import { parse as parseYaml } from 'yaml';
import { attachedProcesses, isProcessManagerFile } from './process-managers.ts';
import { baseName, dirName, matchesWithLines, type Sources } from './sources.ts';
import { isJustfile, isTaskfile, justRecipes, makeTargets, taskfileTasks } from './task-files.ts';
import type { EntryPoint } from './types.ts';

export function isDockerfile(p: string): boolean {
  const b = baseName(p);
  return (
    /^(Dockerfile|Containerfile)(\..+)?$/.test(b) || b.endsWith('.Dockerfile') || b.endsWith('.dockerfile')
  );
}

export function isComposeFile(p: string): boolean {
  return /^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(baseName(p));
}

export function isCiWorkflow(p: string): boolean {
  return (
    /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p) ||
    p === '.gitlab-ci.yml' ||
    p === '.circleci/config.yml' ||
    p === 'azure-pipelines.yml' ||
    p === '.travis.yml' ||
    p === 'bitbucket-pipelines.yml' ||
    p === 'Jenkinsfile'
  );
}

/** Parses YAML leniently: a broken file yields null instead of failing the pass. */
export function safeYaml(text: string): unknown {
  try {
    return parseYaml(text, { maxAliasCount: 100, merge: false, uniqueKeys: false });
  } catch {
    return null;
  }
}

function lineOf(lines: string[], re: RegExp, from = 0): number | undefined {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i]!)) return i + 1;
  return undefined;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `./src/index.ts` in `packages/engine/package.json` → `packages/engine/src/index.ts`. */
function joinPath(dir: string, rel: string): string {
  const out: string[] = dir && dir !== '.' ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** The file each "exports" entry points at: a string, or the import/default/node condition. */
function exportTargets(exp: unknown, key = '.'): [string, string][] {
  if (typeof exp === 'string') return [[key, exp]];
  if (Array.isArray(exp)) return exp.length ? exportTargets(exp[0], key) : [];
  if (!exp || typeof exp !== 'object') return [];
  const o = exp as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.some((k) => k.startsWith('.')))
    return keys.filter((k) => k.startsWith('.')).flatMap((k) => exportTargets(o[k], k));
  for (const cond of ['import', 'node', 'default', 'require', 'types'])
    if (cond in o) return exportTargets(o[cond], key);
  return [];
}

// <script type="module" src="/src/main.tsx"></script>; the src is local when it is not a URL
const SCRIPT_TAG = /<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;

function htmlEntries(src: Sources, path: string, text: string): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const { m, line } of matchesWithLines(text, SCRIPT_TAG)) {
    const ref = m[1]!.split(/[?#]/)[0]!;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(ref)) continue;
    // Vite serves the page's folder as the root, so "/src/main.tsx" sits beside index.html
    const file = joinPath(dirName(path), ref.replace(/^\//, ''));
    if (src.has(file)) out.push({ kind: 'html-script', name: file, path, line });
  }
  return out;
}

export function entryPointsPass(src: Sources): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const f of src.files) {
    const b = baseName(f.path);
    if (/\.html?$/i.test(b)) {
      const text = src.text(f.path);
      if (text != null) out.push(...htmlEntries(src, f.path, text));
      continue;
    }
    const relevant =
      b === 'package.json' ||
      b === 'composer.json' ||
      /^(GNU)?[Mm]akefile$/.test(b) ||
      b.endsWith('.mk') ||
      isJustfile(b) ||
      isTaskfile(b) ||
      isDockerfile(f.path) ||
      isComposeFile(f.path) ||
      isCiWorkflow(f.path) ||
      b === 'Procfile' ||
      isProcessManagerFile(f.path);
    if (!relevant) continue;
    const text = src.text(f.path);
    if (text == null) continue;
    const lines = text.split('\n');
    // composer's scripts are the package scripts of a PHP project (`composer test`); a list runs in turn
    if (b === 'composer.json') {
      let composer: { scripts?: Record<string, unknown> };
      try {
        composer = JSON.parse(text) as typeof composer;
      } catch {
        continue;
      }
      const start = (lineOf(lines, /"scripts"\s*:/) ?? 1) - 1;
      for (const [name, command] of Object.entries(composer.scripts ?? {})) {
        const commands = (Array.isArray(command) ? command : [command]).filter((c) => typeof c === 'string');
        if (!commands.length) continue;
        out.push({
          kind: 'npm-script',
          name,
          command: commands.join(' && '),
          path: f.path,
          line: lineOf(lines, new RegExp(`"${esc(name)}"\\s*:`), start),
        });
      }
      continue;
    }
    if (b === 'package.json') {
      let pkg: Record<string, unknown>;
      try {
        pkg = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      const scripts = pkg.scripts as Record<string, string> | undefined;
      const start = (lineOf(lines, /"scripts"\s*:/) ?? 1) - 1;
      for (const [name, command] of Object.entries(scripts ?? {})) {
        out.push({
          kind: 'npm-script',
          name,
          command: String(command),
          path: f.path,
          line: lineOf(lines, new RegExp(`"${esc(name)}"\\s*:`), start),
        });
      }
      const bin = pkg.bin;
      const bins =
        typeof bin === 'string'
          ? { [String(pkg.name ?? 'bin')]: bin }
          : ((bin as Record<string, string>) ?? {});
      for (const [name, target] of Object.entries(bins))
        out.push({
          kind: 'bin',
          name,
          command: String(target),
          path: f.path,
          line: lineOf(lines, /"bin"\s*:/),
        });
      if (typeof pkg.main === 'string')
        out.push({ kind: 'main', name: pkg.main, path: f.path, line: lineOf(lines, /"main"\s*:/) });
      if (typeof pkg.module === 'string')
        out.push({
          kind: 'main',
          field: 'module',
          name: pkg.module,
          path: f.path,
          line: lineOf(lines, /"module"\s*:/),
        });
      const pkgName = typeof pkg.name === 'string' ? pkg.name : dirName(f.path) || '.';
      const expLine = lineOf(lines, /"exports"\s*:/);
      // a subpath pattern (`./utils/*`) is an export too: it maps a whole folder
      for (const [key, target] of exportTargets(pkg.exports)) {
        const name = key === '.' ? pkgName : `${pkgName}/${key.replace(/^\.\//, '')}`;
        const at =
          expLine === undefined ? undefined : lineOf(lines, new RegExp(`"${esc(target)}"`), expLine - 1);
        out.push({
          kind: 'export',
          name,
          command: joinPath(dirName(f.path), target),
          path: f.path,
          line: at ?? expLine,
        });
      }
    } else if (/^(GNU)?[Mm]akefile$/.test(b) || b.endsWith('.mk')) {
      out.push(...makeTargets(f.path, text));
    } else if (isJustfile(b)) {
      out.push(...justRecipes(f.path, text));
    } else if (isTaskfile(b)) {
      out.push(...taskfileTasks(f.path, text));
    } else if (isDockerfile(f.path)) {
      let cmd: { command: string; line: number } | undefined;
      for (const { m, line } of matchesWithLines(text, /^[ \t]*(CMD|ENTRYPOINT)\s+([^\n]+)/gim))
        cmd = { command: `${m[1]!.toUpperCase()} ${m[2]!.trim()}`, line };
      out.push({ kind: 'dockerfile', name: f.path, command: cmd?.command, path: f.path, line: cmd?.line });
    } else if (isComposeFile(f.path)) {
      const doc = safeYaml(text) as {
        services?: Record<string, { command?: unknown; image?: string }>;
      } | null;
      for (const [name, svc] of Object.entries(doc?.services ?? {})) {
        const command = svc?.command !== undefined ? [svc.command].flat().join(' ') : svc?.image;
        out.push({
          kind: 'compose-service',
          name,
          command,
          path: f.path,
          line: lineOf(lines, new RegExp(`^\\s{1,4}${esc(name)}\\s*:`)),
        });
      }
    } else if (isCiWorkflow(f.path)) {
      const doc = b === 'Jenkinsfile' ? null : (safeYaml(text) as { name?: string } | null);
      out.push({
        kind: 'ci-workflow',
        name: typeof doc?.name === 'string' ? doc.name : f.path,
        path: f.path,
        line: 1,
      });
    } else if (b === 'Procfile') {
      for (const { m, line } of matchesWithLines(text, /^([\w-]+):[^\S\n]*(\S.*)$/gm))
        out.push({ kind: 'procfile', name: m[1]!, command: m[2]!.trim(), path: f.path, line });
    } else out.push(...attachedProcesses(src, f.path, text));
  }
  return out;
}
