// Task files: a Makefile's targets, a justfile's recipes and a Taskfile's tasks, each with what it runs. A target is
// told by its commands (banner lines left out), by the prerequisites it runs when it has no commands
// of its own, or as printing a banner only; the first one is what a bare `make` or `just` runs (a
// Taskfile's is its task named `default`).

import { parse as parseYaml } from 'yaml';
import type { EntryPoint } from './types.ts';

/** A line that only prints (`@echo "***"`, `printf …`) or does nothing (`:`, `true`). */
const PRINTS_ONLY = /^[@+-]*\s*(?:(?:echo|printf|true)\b|:(?:\s|$)|\$\((?:info|warning)\s[^)]*\)\s*$)/;
const MAX_COMMAND = 160;

/** The commands as one string: the working lines, joined, shortened for a table cell. */
function commandOf(lines: string[]): string | undefined {
  const joined = lines.join('; ');
  if (!joined) return undefined;
  return joined.length > MAX_COMMAND ? `${joined.slice(0, MAX_COMMAND - 1)}…` : joined;
}

/** `$(VAR)` and `${VAR}` replaced by the Makefile's own simple assignments (for telling what a line does). */
function expander(text: string): (s: string) => string {
  const vars = new Map<string, string>();
  for (const m of text.matchAll(/^([A-Za-z_]\w*)[ \t]*[:?+]?=(.*)$/gm)) vars.set(m[1]!, m[2]!.trim());
  const expand = (s: string, depth = 0): string =>
    depth > 4
      ? s
      : s.replace(/\$[({](\w+)[)}]/g, (all, v: string) =>
          vars.has(v) ? expand(vars.get(v)!, depth + 1) : all,
        );
  return expand;
}

/** The target's parts: working command lines, and whether every line it has only prints. */
function work(recipe: string[], expand: (s: string) => string): { lines: string[]; printsOnly: boolean } {
  const lines = recipe.filter((l) => !PRINTS_ONLY.test(expand(l)));
  return { lines, printsOnly: recipe.length > 0 && lines.length === 0 };
}

/** A Makefile's targets (not `.PHONY` and the like, not `%` patterns), each with what it runs. */
export function makeTargets(path: string, text: string): EntryPoint[] {
  const out: EntryPoint[] = [];
  const lines = text.split('\n');
  const expand = expander(text);
  lines.forEach((raw, i) => {
    const m = /^([^\s:#=][^:#=]*)::?(?!=)(.*)$/.exec(raw);
    if (!m || /^(export|include|-include|override|define|ifn?eq|ifn?def|else|endif)\b/.test(m[1]!)) return;
    // a function call that holds a colon (`$(warning "… run: curl …")`) is no rule: its parentheses
    // do not close before the colon
    const names = m[1]!;
    if (/["']/.test(names) || names.split('(').length !== names.split(')').length) return;
    const recipe: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j]!.startsWith('\t'); j++) recipe.push(lines[j]!.trim());
    // a `#` before any `;` starts a comment (`check: lint vet ## Check project`, the help text a
    // `make help` target greps for): what follows it is neither a prerequisite nor a command
    const rest = m[2]!;
    const hash = rest.indexOf('#');
    const semi = rest.indexOf(';');
    const rule = hash >= 0 && (semi < 0 || hash < semi) ? rest.slice(0, hash) : rest;
    const [deps = '', ...inline] = rule.split(';');
    if (inline.join(';').trim()) recipe.unshift(inline.join(';').trim());
    const prereqs = deps.trim().split(/\s+/).filter(Boolean);
    for (const name of m[1]!.trim().split(/\s+/)) {
      if (name.startsWith('.') || name.includes('%')) continue;
      out.push(task(path, name, i + 1, recipe, prereqs, expand, !out.length));
    }
  });
  return out;
}

/** A justfile's recipes (not aliases, settings or assignments), each with what it runs. */
export function justRecipes(path: string, text: string): EntryPoint[] {
  const out: EntryPoint[] = [];
  const lines = text.split('\n');
  let isDefault = false;
  let group: string | undefined;
  lines.forEach((raw, i) => {
    if (/^\[\s*default\s*\]/.test(raw)) isDefault = true;
    // `[group: 'demo']` or `[group('demo')]` above the recipe it files
    const filed = /^\[\s*group\s*(?::\s*|\(\s*)(['"])([^'"\n]{1,60})\1/.exec(raw);
    if (filed) group = filed[2]!;
    // an assignment (`log := "warn"`) or a setting is no recipe
    if (/^[\w-]+\s*:=/.test(raw)) return;
    const m = /^@?([A-Za-z_][\w-]*)([^:\n\w-][^:\n]*)?:(?!=)(.*)$/.exec(raw);
    if (!m || /^(alias|set|export|import|mod)$/.test(m[1]!)) return;
    const recipe: string[] = [];
    for (let j = i + 1; j < lines.length && (/^[ \t]+\S/.test(lines[j]!) || !lines[j]!.trim()); j++)
      if (lines[j]!.trim() && !lines[j]!.trim().startsWith('#')) recipe.push(lines[j]!.trim());
    // dependencies: names, or `(recipe 'argument')` calls
    const deps = [...m[3]!.split('#')[0]!.matchAll(/\(([^()]*)\)|([\w-]+)/g)].map((d) =>
      (d[1] ?? d[2]!).trim(),
    );
    const recipeTask = task(path, m[1]!, i + 1, recipe, deps, (s) => s, isDefault || !out.length);
    out.push(group ? { ...recipeTask, group } : recipeTask);
    if (isDefault) isDefault = false;
    group = undefined;
  });
  // one default: the recipe marked `[default]`, else the first
  const marked = out.filter((e) => e.defaultGoal);
  if (marked.length > 1) marked[0]!.defaultGoal = false;
  return out;
}

function task(
  path: string,
  name: string,
  line: number,
  recipe: string[],
  prereqs: string[],
  expand: (s: string) => string,
  first: boolean,
): EntryPoint {
  const { lines, printsOnly } = work(recipe, expand);
  const command = commandOf(lines);
  return {
    kind: 'make-target',
    name,
    ...(command ? { command } : {}),
    path,
    line,
    ...(!command && !printsOnly && prereqs.length ? { prerequisites: prereqs } : {}),
    ...(printsOnly ? { printsOnly: true } : {}),
    ...(first ? { defaultGoal: true } : {}),
  };
}

/** A justfile by its name: `justfile`, `Justfile`, `.justfile`, `*.just`. */
export const isJustfile = (base: string) => /^\.?[Jj]ustfile$|\.just$/.test(base);
/** go-task's task file: `Taskfile.yml`, `taskfile.yaml`, `Taskfile.dist.yml`. */
export const isTaskfile = (base: string) => /^[Tt]askfile(\.dist)?\.ya?ml$/.test(base);

/** The program that runs a task file's entries, what it calls them, and what it calls their dependencies. */
export function taskRunner(base: string): { program: string; noun: string; deps: string } {
  if (isJustfile(base)) return { program: 'just', noun: 'recipe', deps: 'dependencies' };
  if (isTaskfile(base)) return { program: 'task', noun: 'task', deps: 'dependencies' };
  return { program: 'make', noun: 'target', deps: 'prerequisites' };
}

/**
 * A Taskfile's tasks (go-task, version 3), each with its commands (`cmds:` strings or `cmd:` entries; a
 * `task:` entry runs another task) or, without any, the tasks under `deps:`.
 */
export function taskfileTasks(path: string, text: string): EntryPoint[] {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 50 });
  } catch {
    return [];
  }
  const tasks = (doc as { tasks?: unknown } | null)?.tasks;
  if (!tasks || typeof tasks !== 'object' || Array.isArray(tasks)) return [];
  const lines = text.split('\n');
  const out: EntryPoint[] = [];
  for (const [name, body] of Object.entries(tasks as Record<string, unknown>)) {
    const spec: Record<string, unknown> =
      typeof body === 'string'
        ? { cmds: [body] }
        : Array.isArray(body)
          ? { cmds: body }
          : body && typeof body === 'object'
            ? (body as Record<string, unknown>)
            : {};
    const cmds = Array.isArray(spec.cmds) ? spec.cmds : typeof spec.cmd === 'string' ? [spec.cmd] : [];
    const recipe: string[] = [];
    for (const c of cmds) {
      if (typeof c === 'string') recipe.push(c.trim());
      else if (c && typeof c === 'object') {
        const o = c as Record<string, unknown>;
        if (typeof o.cmd === 'string') recipe.push(o.cmd.trim());
        else if (typeof o.task === 'string') recipe.push(`task ${o.task}`);
      }
    }
    const deps = (Array.isArray(spec.deps) ? spec.deps : [])
      .map((d) => (typeof d === 'string' ? d : (d as { task?: unknown } | null)?.task))
      .filter((d): d is string => typeof d === 'string');
    const at = lines.findIndex((l) =>
      new RegExp(`^\\s+["']?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`).test(l),
    );
    out.push(task(path, name, at + 1 || 1, recipe, deps, (x) => x, false));
  }
  // a bare `task` runs the task named default
  const def = out.find((e) => e.name === 'default');
  if (def) def.defaultGoal = true;
  return out;
}
