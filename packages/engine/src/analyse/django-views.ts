// The methods a Django view answers, from the decorators above it: Django's own (`@require_POST`,
// `@require_http_methods([…])`) and a project's decorator found to do the same from its code.

import type { Route } from './types.ts';

const HTTP_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'CONNECT',
]);

// Django's view decorators that restrict the methods a view answers
const DJANGO_METHOD_DECORATORS: Record<string, string[]> = {
  require_POST: ['POST'],
  require_GET: ['GET'],
  require_safe: ['GET'],
};

/** A decorator as written above a def: its dotted name and the text between its brackets, if called. */
interface Decorator {
  name: string;
  args: string | null;
}

/**
 * How a project's decorator restricts methods, read from what its code does: it compares the
 * request's method and answers 405 otherwise. `args`: a factory handed the method names
 * (`@cors("GET", "POST")`); `fixed`: the methods its own code lets through (`@post_only`).
 */
export type MethodGate = { kind: 'args' } | { kind: 'fixed'; methods: string[] };

/** Finds what a decorator named in a file does, or null when it is not the project's or restricts nothing. */
export type GateLookup = (file: string, text: string, name: string) => MethodGate | null;

const literals = (s: string) => [...s.matchAll(/['"]([A-Za-z]+)['"]/g)].map((m) => m[1]!.toUpperCase());

/** The decorators right above a def, nearest first; a decorator may run over several lines. */
function decoratorsAbove(lines: string[]): Decorator[] {
  const out: Decorator[] = [];
  let pending = '';
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 40; i--) {
    const line = lines[i]!.trim();
    if (!pending && (!line || line.startsWith('#'))) continue;
    pending = pending ? `${line} ${pending}` : line;
    const depth = (pending.match(/\(/g)?.length ?? 0) - (pending.match(/\)/g)?.length ?? 0);
    // more closing than opening brackets: the decorator's head is further up
    if (depth < 0) continue;
    const head = /^@([\w.]+)/.exec(pending);
    const rest = head ? pending.slice(head[0].length).trim() : '';
    // a bare name, or a call whose brackets close the decorator
    if (!head || (rest && !(rest.startsWith('(') && rest.endsWith(')')))) break;
    out.push({ name: head[1]!, args: rest ? rest.slice(1, -1) : null });
    pending = '';
  }
  return out;
}

/** The methods a gate lets through at one use, or null when they cannot be read from the use. */
function gateMethods(gate: MethodGate, d: Decorator): string[] | null {
  if (gate.kind === 'fixed') return gate.methods;
  if (d.args == null) return null;
  // `@allow("GET", "POST")` or `@allow(["GET", "POST"])`
  const inner = d.args.trim().replace(/^[[(](.*)[\])]$/s, '$1');
  const args = inner
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  // every argument must be a method name written out: a variable hides which ones
  const methods = args.map((a) => /^['"]([A-Za-z]+)['"]$/.exec(a)?.[1]?.toUpperCase());
  if (!methods.length || methods.some((x) => !x || !HTTP_METHODS.has(x))) return null;
  return [...new Set(methods as string[])];
}

/**
 * The methods a Python function's decorators allow (`@require_POST`, `@require_http_methods([…])`, or
 * a project decorator `lookup` finds to restrict them), if any. `file` is where `text` comes from.
 */
export function decoratedMethods(
  text: string,
  name: string,
  file = '',
  lookup?: GateLookup,
): string[] | null {
  const def = new RegExp(`^([ \\t]*)(?:async[ \\t]+)?def[ \\t]+${name}\\b`, 'm').exec(text);
  if (!def) return null;
  const above = text.slice(0, def.index).split('\n');
  above.pop(); // the part of the def line before `def`
  for (const d of decoratorsAbove(above)) {
    const short = d.name.split('.').pop()!;
    if (DJANGO_METHOD_DECORATORS[short]) return DJANGO_METHOD_DECORATORS[short];
    if (short === 'require_http_methods') {
      const methods = literals(d.args ?? '');
      if (methods.length) return [...new Set(methods)];
    }
    const gate = lookup?.(file, text, d.name);
    const methods = gate ? gateMethods(gate, d) : null;
    if (methods) return methods;
  }
  return null;
}

/** The body of a top-level def in a Python file (its signature included), or null. */
function topLevelDef(text: string, name: string): string | null {
  const def = new RegExp(`^(?:async[ \\t]+)?def[ \\t]+${name}\\b`, 'm').exec(text);
  if (!def) return null;
  const lines = text.slice(def.index).split('\n');
  let end = 1;
  // the signature may run over several lines: the body ends at the next line back at the margin
  while (end < lines.length && (!lines[end]!.trim() || /^[ \t)\]]/.test(lines[end]!))) end++;
  return lines.slice(0, end).join('\n');
}

/**
 * What a decorator's definition does to the methods a view answers: it compares the request's
 * method (`request.method in methods`, `!= "POST"`) and answers 405 (`status=405`,
 * `HttpResponseNotAllowed`) otherwise. A factory whose parameters take the method names lets
 * through those its use names; a plain decorator, the methods its own code allows.
 */
export function methodGate(def: string): MethodGate | null {
  if (!/\.method\s*(?:==|!=|\bnot\s+in\b|\bin\b)/.test(def)) return null;
  if (!/\bstatus(?:_code)?\s*=\s*405\b|\bHttpResponseNotAllowed\s*\(|\bMETHOD_NOT_ALLOWED\b/.test(def))
    return null;
  const params = /^(?:async\s+)?def\s+\w+\s*\(([^)]*)\)/.exec(def)?.[1] ?? '';
  // the names holding what the factory was handed: its parameters and values made from them
  const handed = new Set(
    params
      .split(',')
      .map((p) => /^\*?(\w+)/.exec(p.trim())?.[1])
      .filter((p): p is string => !!p),
  );
  for (const m of def.matchAll(/^[ \t]+(\w+)[ \t]*=(?!=)([^\n]*)/gm))
    if ([...handed].some((h) => new RegExp(`\\b${h}\\b`).test(m[2]!))) handed.add(m[1]!);
  for (const m of def.matchAll(/\.method\s+(?:not\s+)?in\s+(\w+)/g))
    if (handed.has(m[1]!)) return { kind: 'args' };
  const allowed = [
    ...[...def.matchAll(/\bHttpResponseNotAllowed\s*\(\s*[[(]([^\])]*)[\])]/g)].flatMap((m) =>
      literals(m[1]!),
    ),
    ...[...def.matchAll(/\.method\s*(?:!=|\bnot\s+in\b)\s*([[(][^\])]*[\])]|['"][A-Za-z]+['"])/g)].flatMap(
      (m) => literals(m[1]!),
    ),
  ].filter((x) => HTTP_METHODS.has(x));
  return allowed.length ? { kind: 'fixed', methods: [...new Set(allowed)] } : null;
}

/** The module a Python file binds a name to (`from a.b import name` → a.b.name's module a.b), with its dots. */
function importedFrom(text: string, name: string): { module: string; original: string } | null {
  const head = name.split('.')[0]!;
  for (const m of text.matchAll(/^from[ \t]([\w. \t]+)\bimport\b([^\n]*)/gm)) {
    const module = m[1]!.trim();
    // `from x import (` … `)` runs over several lines
    const names =
      m[2]!.includes('(') && !m[2]!.includes(')') ? text.slice(m.index, text.indexOf(')', m.index)) : m[2]!;
    const listed = m[2] === names ? names : names.slice(names.indexOf('(') + 1);
    for (const part of listed.replace(/[()\\]/g, ' ').split(',')) {
      const [original, alias] = part.trim().replace(/\s+/g, ' ').split(' as ');
      if ((alias ?? original) !== head || !original) continue;
      // `from hc.api import decorators` then `@decorators.cors`: the module is hc.api.decorators
      return name.includes('.')
        ? {
            module: `${module}${module.endsWith('.') ? '' : '.'}${original}`,
            original: name.split('.').pop()!,
          }
        : { module, original };
    }
  }
  for (const m of text.matchAll(/^import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/gm)) {
    const bound = m[2] ?? m[1]!;
    if (name.startsWith(`${bound}.`)) return { module: m[1]!, original: name.slice(bound.length + 1) };
  }
  return null;
}

/** The product file a module path names from a file (`.decorators`, `hc.api.decorators`), if any. */
function moduleFile(from: string, module: string, known: Set<string>): string | undefined {
  let base: string;
  if (module.startsWith('.')) {
    const dots = /^\.+/.exec(module)![0].length;
    let dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
    for (let i = 1; i < dots; i++) dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    const rest = module.slice(dots).replace(/\./g, '/');
    base = [dir, rest].filter(Boolean).join('/');
  } else base = module.replace(/\./g, '/');
  const exact = [`${base}.py`, `${base}/__init__.py`].find((p) => known.has(p));
  if (exact || module.startsWith('.')) return exact;
  // a package below a source folder (`src/app/…`)
  for (const p of known) if (p.endsWith(`/${base}.py`) || p.endsWith(`/${base}/__init__.py`)) return p;
  return undefined;
}

/**
 * A Django URL pattern answers any method unless its view's decorators restrict them: the view is
 * looked up by name in the URL conf's own folder (`views.py`, or the module `views.x` names there);
 * a project's decorator is found in the view's file or the module it is imported from.
 */
export function djangoViewMethods(
  routes: Route[],
  textOf: (p: string) => string | null,
  paths: string[],
): Route[] {
  const known = new Set(paths);
  // many URL patterns share one views module: read each once
  const texts = new Map<string, string | null>();
  const read = (p: string) => {
    if (!texts.has(p)) texts.set(p, textOf(p));
    return texts.get(p)!;
  };
  const gates = new Map<string, MethodGate | null>();
  const seen = new Map<string, MethodGate | null>();
  const lookup: GateLookup = (file, text, name) => {
    const k = `${file}#${name}`;
    if (!seen.has(k)) seen.set(k, find(file, text, name));
    return seen.get(k)!;
  };
  const find: GateLookup = (file, text, name) => {
    const at = name.includes('.') ? null : topLevelDef(text, name);
    const from = at ? null : importedFrom(text, name);
    const holder = at ? file : from ? moduleFile(file, from.module, known) : undefined;
    if (!holder) return null;
    const original = from?.original ?? name;
    const k = `${holder}#${original}`;
    if (!gates.has(k)) {
      const def = at ?? topLevelDef(read(holder) ?? '', original);
      gates.set(k, def ? methodGate(def) : null);
    }
    return gates.get(k)!;
  };
  return routes.flatMap((r) => {
    if (r.framework !== 'Django' || r.method !== 'ANY' || !r.handler || r.handler.includes('(')) return [r];
    const parts = r.handler.split('.');
    const name = parts.pop()!;
    const dir = r.file.includes('/') ? r.file.slice(0, r.file.lastIndexOf('/') + 1) : '';
    const module = parts.length ? parts[parts.length - 1]! : 'views';
    const candidates = [`${dir}${module}.py`, `${dir}${module}/__init__.py`].filter((p) => known.has(p));
    for (const file of candidates) {
      const text = read(file);
      const methods = text ? decoratedMethods(text, name, file, lookup) : null;
      if (methods) return methods.map((method) => ({ ...r, method }));
    }
    return [r];
  });
}
