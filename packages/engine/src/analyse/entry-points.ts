// Pass: how the project is started and built: package.json scripts, bin and main, Makefile
// targets, Dockerfiles, compose services, CI workflows and Procfile processes.

import { parse as parseYaml } from 'yaml';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { EntryPoint } from './types.ts';

export function isDockerfile(p: string): boolean {
  const b = baseName(p);
  return /^(Dockerfile|Containerfile)(\..+)?$/.test(b) || b.endsWith('.Dockerfile') || b.endsWith('.dockerfile');
}

export function isComposeFile(p: string): boolean {
  return /^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(baseName(p));
}

export function isCiWorkflow(p: string): boolean {
  return /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p) || p === '.gitlab-ci.yml' || p === '.circleci/config.yml' || p === 'azure-pipelines.yml' ||
    p === '.travis.yml' || p === 'bitbucket-pipelines.yml' || p === 'Jenkinsfile';
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

export function entryPointsPass(src: Sources): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const f of src.files) {
    const b = baseName(f.path);
    const relevant = b === 'package.json' || /^(GNU)?[Mm]akefile$/.test(b) || b.endsWith('.mk') || isDockerfile(f.path) || isComposeFile(f.path) || isCiWorkflow(f.path) || b === 'Procfile';
    if (!relevant) continue;
    const text = src.text(f.path);
    if (text == null) continue;
    const lines = text.split('\n');
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
        out.push({ kind: 'npm-script', name, command: String(command), path: f.path, line: lineOf(lines, new RegExp(`"${esc(name)}"\\s*:`), start) });
      }
      const bin = pkg.bin;
      const bins = typeof bin === 'string' ? { [String(pkg.name ?? 'bin')]: bin } : ((bin as Record<string, string>) ?? {});
      for (const [name, target] of Object.entries(bins)) out.push({ kind: 'bin', name, command: String(target), path: f.path, line: lineOf(lines, /"bin"\s*:/) });
      if (typeof pkg.main === 'string') out.push({ kind: 'main', name: pkg.main, path: f.path, line: lineOf(lines, /"main"\s*:/) });
    } else if (/^(GNU)?[Mm]akefile$/.test(b) || b.endsWith('.mk')) {
      for (const { m, line } of matchesWithLines(text, /^([A-Za-z0-9_][A-Za-z0-9_./-]*)\s*:(?!=)([^\n]*)/gm)) {
        if (m[1]!.startsWith('.') || m[1]!.includes('%')) continue;
        const recipe = lines[line]?.startsWith('\t') ? lines[line]!.trim() : undefined;
        out.push({ kind: 'make-target', name: m[1]!, command: recipe, path: f.path, line });
      }
    } else if (isDockerfile(f.path)) {
      let cmd: { command: string; line: number } | undefined;
      for (const { m, line } of matchesWithLines(text, /^[ \t]*(CMD|ENTRYPOINT)\s+([^\n]+)/gim)) cmd = { command: `${m[1]!.toUpperCase()} ${m[2]!.trim()}`, line };
      out.push({ kind: 'dockerfile', name: f.path, command: cmd?.command, path: f.path, line: cmd?.line });
    } else if (isComposeFile(f.path)) {
      const doc = safeYaml(text) as { services?: Record<string, { command?: unknown; image?: string }> } | null;
      for (const [name, svc] of Object.entries(doc?.services ?? {})) {
        const command = svc?.command !== undefined ? [svc.command].flat().join(' ') : svc?.image;
        out.push({ kind: 'compose-service', name, command, path: f.path, line: lineOf(lines, new RegExp(`^\\s{1,4}${esc(name)}\\s*:`)) });
      }
    } else if (isCiWorkflow(f.path)) {
      const doc = b === 'Jenkinsfile' ? null : (safeYaml(text) as { name?: string } | null);
      out.push({ kind: 'ci-workflow', name: typeof doc?.name === 'string' ? doc.name : f.path, path: f.path, line: 1 });
    } else if (b === 'Procfile') {
      for (const { m, line } of matchesWithLines(text, /^([\w-]+):\s*(.+)$/gm)) out.push({ kind: 'procfile', name: m[1]!, command: m[2]!.trim(), path: f.path, line });
    }
  }
  return out;
}
