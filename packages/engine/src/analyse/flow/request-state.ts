// What a Go main path leaves in the request for the steps after it: a value stored in the request's
// context under a key (`context.WithValue(r.Context(), RouteCtxKey, rctx)`), which a later step reads
// back with `Value(RouteCtxKey)`, and what a step writes into the `*http.Request` before it hands the
// request on (`r.SetPathValue(key, value)`, `r.Pattern = …`). That state, not only the calls, is how a
// router hands its lookup result to the handler. Read from the steps' bodies, never from names.

import type { MainPathStep } from '../types.ts';
import type { FileModel } from './definitions.ts';

/** `context.WithValue(parent, key, value)`: the key and value a request context is given. */
const WITH_VALUE = /\bcontext\.WithValue\((?:[^,()]|\([^()]*\))*,\s*([\w.]+),\s*&?([\w.]+)\s*\)/;
/** The `*http.Request` parameter of a Go signature: `r *http.Request` → r. */
const REQUEST_PARAM = /\b(\w+)\s+\*http\.Request\b/;
const MAX_ACCESSORS = 4;

/** The lines of a step's body, with their 1-based numbers, when the step is a definition of its file. */
function body(file: FileModel, line: number): { text: string; line: number }[] {
  const def = file.defs.find((d) => d.line === line && d.kind !== 'type');
  if (!def) return [];
  return file.lines.slice(def.line, def.end).map((text, i) => ({ text, line: def.line + 1 + i }));
}

/** The request parameter's writes in a body: setter calls (`r.SetPathValue(`) and field assignments. */
function writes(lines: { text: string; line: number }[], r: string): NonNullable<MainPathStep['sets']> {
  const setter = new RegExp(`(?<![\\w.])${r}\\.(Set[A-Z]\\w*)\\(`);
  const field = new RegExp(`^\\s*${r}\\.([A-Z]\\w*)\\s*=(?!=)`);
  const out: NonNullable<MainPathStep['sets']> = [];
  for (const { text, line } of lines) {
    const m = setter.exec(text) ?? field.exec(text);
    if (!m || out.some((o) => o.name === m[1])) continue;
    out.push({ name: `${r}.${m[1]}`, call: m[0].endsWith('('), line });
  }
  return out;
}

/**
 * The exported package functions through which users get at the stored value: those that read the key
 * themselves (`RouteContext`), then those that call one of them (`URLParam`), at most `MAX_ACCESSORS`.
 */
function accessors(models: FileModel[], reads: RegExp): { name: string; path: string; line: number }[] {
  const fns = models
    .filter((m) => m.language === 'Go')
    .flatMap((file) =>
      file.defs
        .filter((d) => d.kind === 'function' && !d.owner && /^[A-Z]/.test(d.name))
        .map((def) => ({ file, def, lines: body(file, def.line) })),
    );
  const direct = fns.filter((f) => f.lines.some((l) => reads.test(l.text)));
  const calls = (f: (typeof fns)[number]) =>
    direct.some(
      (d) => d !== f && f.lines.some((l) => new RegExp(`(?<![\\w.])${d.def.name}\\(`).test(l.text)),
    );
  const through = fns.filter((f) => !direct.includes(f) && calls(f));
  return [...direct, ...through]
    .slice(0, MAX_ACCESSORS)
    .map((f) => ({ name: f.def.name, path: f.file.path, line: f.def.line }));
}

/**
 * Marks the Go steps of a main path with the request state they set up: `context` where a step stores
 * a value in the request's context (with the later step that reads it back), `sets` where it writes
 * into its `*http.Request` before a later step it calls runs.
 */
export function requestState(path: MainPathStep[], models: FileModel[]): MainPathStep[] {
  const byPath = new Map(models.filter((m) => m.language === 'Go').map((m) => [m.path, m]));
  return path.map((s, i) => {
    const file = byPath.get(s.path);
    if (!file || s.external || s.handedIn) return s;
    const lines = body(file, s.line);
    if (!lines.length) return s;
    const out: MainPathStep = { ...s };
    const stored = lines.map((l) => ({ m: WITH_VALUE.exec(l.text), line: l.line })).find((x) => x.m);
    if (stored?.m) {
      const key = stored.m[1]!;
      const reads = new RegExp(`\\.Value\\(${key.replace(/\./g, '\\.')}\\)`);
      // the first later step of the product whose body reads the key back
      const reader = path.slice(i + 1).find((t) => {
        const f = byPath.get(t.path);
        return f && !t.external && body(f, t.line).some((l) => reads.test(l.text));
      });
      const read = accessors(models, reads);
      out.context = {
        key,
        value: stored.m[2]!,
        line: stored.line,
        ...(reader
          ? { readBy: { name: reader.name, ...(reader.owner ? { owner: reader.owner } : {}) } }
          : {}),
        ...(read.length ? { accessors: read } : {}),
      };
    }
    const r = REQUEST_PARAM.exec(file.lines[s.line - 1] ?? '')?.[1];
    // only writes made before a step this one calls: they hand something on to it
    const handed = path.slice(i + 1).find((t) => t.from === i && t.path === s.path && t.line > s.line);
    const sets = r && handed ? writes(lines, r).filter((w) => w.line < handed.line) : [];
    if (sets.length && handed) {
      out.sets = sets;
      out.setsBefore = { name: handed.name, ...(handed.owner ? { owner: handed.owner } : {}) };
    }
    return out;
  });
}

/**
 * The fields of the request's stored state that a method rewrites: a value it reads through one of the
 * accessors or the key itself (`rctx := RouteContext(r.Context())`), then assigns a field of
 * (`rctx.RoutePath = …`). A mount shifting the routing path for the router it attaches does this.
 */
export function rewrites(
  file: FileModel,
  line: number,
  context: NonNullable<MainPathStep['context']>,
): { name: string; line: number }[] {
  const lines = body(file, line);
  const readers = [
    ...(context.accessors ?? []).map((a) => `${a.name}\\(`),
    `\\.Value\\(${context.key.replace(/\./g, '\\.')}\\)`,
  ];
  const reads = new RegExp(`(?:${readers.join('|')})`);
  const vars = new Set(
    lines.flatMap((l) => {
      const m = /^\s*(\w+)(?:\s*,\s*\w+)?\s*:?=(.*)$/.exec(l.text);
      return m && reads.test(m[2]!) ? [m[1]!] : [];
    }),
  );
  const out: { name: string; line: number }[] = [];
  for (const l of lines) {
    const m = /^\s*(\w+)\.([A-Z]\w*)\s*=(?!=)/.exec(l.text);
    if (m && vars.has(m[1]!) && !out.some((o) => o.name === `${m[1]}.${m[2]}`))
      out.push({ name: `${m[1]}.${m[2]}`, line: l.line });
  }
  return out;
}
