// A method that tries the values it holds in turn and settles on the first that does not fail: a
// loop whose `catch` for one error kind goes on to the next value, and whose success breaks out
// (a composite router trying its routers, a loader trying its sources, a client trying its hosts).
// Brace languages only (JavaScript/TypeScript, Java, C#, Go, Kotlin): the loop's end is found by
// its braces.

import type { MainPathStep } from '../types.ts';

type Fallback = NonNullable<MainPathStep['fallback']>;

const LOOP = /^\s*for\b/;
const CATCH = /\bcatch\b/;
/** The error a `catch` passes over: `instanceof X`, or the type in `catch (X e)`. */
const ERROR = /\binstanceof\s+([A-Z]\w*)|\bcatch\s*\(\s*([A-Z]\w*)\s+\w+\s*\)/;

/** The line that closes the block a line opens, counting braces (strings are already emptied). */
function blockEnd(bare: string[], from: number, last: number): number {
  let depth = 0;
  let opened = false;
  for (let i = from; i <= last; i++) {
    for (const ch of bare[i - 1] ?? '') {
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
  }
  return last;
}

/**
 * The fallback loop in the lines `line`..`end` (1-based) of a definition, if it has one: what the loop
 * goes through (the field a local alias was read from, `this.#routers`), the error kind it passes
 * over, the loop's lines, and the line where it keeps the value that succeeded (`this.#routers = [router]`).
 */
export function fallbackLoop(bare: string[], line: number, end: number): Fallback | undefined {
  const last = Math.min(end, bare.length);
  for (let i = line + 1; i <= last; i++) {
    if (!LOOP.test(bare[i - 1]!)) continue;
    const close = blockEnd(bare, i, last);
    const body = bare.slice(i - 1, close);
    const at = body.findIndex((l) => CATCH.test(l));
    if (at < 0) continue;
    // the catch goes on to the next value, within its next few lines, and a success leaves the loop
    const handler = body.slice(at, at + 5);
    if (!handler.some((l) => /\bcontinue\b/.test(l))) continue;
    if (!body.slice(at + 1).some((l) => /\bbreak\b/.test(l))) continue;
    const error = handler.map((l) => ERROR.exec(l)).find((m) => m);
    // the value each turn takes: `const router = routers[i]`, or `for (const x of xs)`
    const indexed = body
      .map((l) => /\b(?:const|let|var)\s+(\w+)\s*=\s*([\w.#]+)\[\w+\]/.exec(l))
      .find((m) => m);
    const ofLoop = /\(\s*(?:(?:const|let|var)\s+)?(\w+)\s+(?:of|in)\s+([\w.#]+)\s*\)/.exec(body[0]!);
    const [, item, list] = indexed ?? ofLoop ?? [];
    if (!item || !list) continue;
    // a local alias of a field, read before the loop: `const routers = this.#routers`
    const alias = bare
      .slice(line - 1, i - 1)
      .map((l) => new RegExp(`\\b(?:const|let|var)\\s+${list}\\s*=\\s*([\\w.#]+)\\s*;?\\s*$`).exec(l))
      .find((m) => m);
    const over = alias?.[1] ?? list;
    const keeps = body.findIndex((l) =>
      new RegExp(`\\.[\\w#]+\\s*=\\s*\\[?\\s*${item}\\s*\\]?\\s*;?\\s*$`).test(l),
    );
    return {
      over,
      ...(error ? { error: (error[1] ?? error[2])! } : {}),
      line: i,
      end: close,
      ...(keeps >= 0 ? { keeps: i + keeps } : {}),
    };
  }
  return undefined;
}
