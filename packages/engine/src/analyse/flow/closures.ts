// Where a JavaScript main path stops setting up and starts handling each unit of work: a step that
// builds a function and returns it (`callback()` returns `handleRequest = (req, res) => {…}`) runs
// once; the steps called inside that returned function run for every request it is handed. Read from
// the caller's body: the call's line lies inside a closure the caller returns.

import type { MainPathStep } from '../types.ts';
import type { FileModel } from './definitions.ts';

const JS = new Set(['JavaScript', 'TypeScript', 'JSX']);
/** `const handleRequest = (req, res) => {`, `const handle = async req => {`, `function handle (req) {`. */
const CLOSURE =
  /^(\s*)(?:(?:const|let|var)\s+(\w+)\s*(?::[^=]{1,80})?=\s*(?:async\s+)?(?:\([^()]*\)|\w+)\s*=>\s*\{|(?:async\s+)?function\s+(\w+)\s*\([^()]*\)\s*\{)\s*$/;
/** A closure whose body is one expression on its line: `const useBoundStore: any = (selector) => useStore(api, selector)`. */
const ONE_LINE_CLOSURE =
  /^(\s*)(?:const|let|var)\s+(\w+)\s*(?::[^=]{1,80})?=\s*(?:async\s+)?(?:\([^()]*\)|\w+)\s*=>\s*(?![\s{])\S/;

const escape = (s: string) => s.replace(/[$]/g, '\\$');

/** The closures a definition's body declares and returns, each with its first and last line. */
function returnedClosures(file: FileModel, start: number, end: number) {
  const out: { name: string; line: number; end: number; oneLine?: boolean }[] = [];
  for (let i = start; i < end && i < file.bare.length; i++) {
    const one = ONE_LINE_CLOSURE.exec(file.bare[i]!);
    const m = one ?? CLOSURE.exec(file.bare[i]!);
    if (!m) continue;
    const name = (m[2] ?? m[3])!;
    const indent = m[1]!;
    // a one-line closure ends on its own line: the calls on that line are inside it
    let last = one ? i : i + 1;
    if (!one) while (last < end && !new RegExp(`^${indent}\\}`).test(file.bare[last] ?? '')) last++;
    const returned = new RegExp(`^\\s*return\\s+${escape(name)}\\s*;?\\s*$`);
    if (file.bare.slice(last + (one ? 1 : 0), end).some((l) => returned.test(l)))
      out.push({ name, line: i + 1, end: last + 1, ...(one ? { oneLine: true } : {}) });
  }
  return out;
}

/**
 * Marks the steps of a JavaScript main path that run inside a function their caller returns: they run
 * once per unit of work handed to that function, the steps before them once at set-up.
 */
export function perCallSteps(path: MainPathStep[], models: FileModel[]): MainPathStep[] {
  return setUpFirst(marked(path, models));
}

/**
 * Every set-up step before the first that runs per call: `listen()` hands `callback()`'s result to
 * `http.createServer()`, which runs at set-up, before any request reaches the returned function. The
 * order within each part is kept, and each step's caller index follows its caller.
 */
function setUpFirst(path: MainPathStep[]): MainPathStep[] {
  const inside = (i: number): boolean =>
    !!path[i]!.perCall || (path[i]!.from !== undefined && inside(path[i]!.from!));
  const order = [...path.keys()].sort((x, y) => Number(inside(x)) - Number(inside(y)) || x - y);
  if (order.every((i, k) => i === k)) return path;
  const at = new Map(order.map((i, k) => [i, k]));
  return order.map((i) => {
    const s = path[i]!;
    return s.from === undefined ? s : { ...s, from: at.get(s.from)! };
  });
}

function marked(path: MainPathStep[], models: FileModel[]): MainPathStep[] {
  return path.map((s) => {
    const caller = s.from !== undefined ? path[s.from] : undefined;
    const file = caller && !caller.external ? models.find((m) => m.path === caller.path) : undefined;
    const def = file?.defs.find((d) => d.line === caller!.line && d.kind !== 'type');
    if (!file || !def || !JS.has(file.language)) return s;
    const closures = returnedClosures(file, def.line, def.end);
    if (!closures.length) return s;
    // the line of the call: an outside step's own line, else the first line of the body that calls it
    const call = new RegExp(`(?<![\\w$])${escape(s.name)}\\s*\\(`);
    const at = s.external
      ? s.line
      : file.bare.slice(def.line, def.end).findIndex((l) => call.test(l)) + def.line + 1;
    const inside = closures.find((c) => (c.oneLine ? at === c.line : at > c.line && at < c.end));
    return inside ? { ...s, perCall: { name: inside.name, line: inside.line } } : s;
  });
}
