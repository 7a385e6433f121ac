// A step that picks its work by a value's kind: `switch (event.type) { case 'price.created': … }`. The
// path follows one arm; the others are the same step's other work (a webhook's product sync beside
// its subscription sync), told as a table of which cases lead to which of the product's functions.

import type { Dispatch } from '../types.ts';
import type { FileModel } from './definitions.ts';

const SWITCH = /^\s*switch\s*\((.+)\)\s*\{\s*$/;
const CASE = /^\s*case\s+(['"`])([^'"`]+)\1\s*:/;
const CALL = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g;

/**
 * The arms of the first `switch` over string cases in lines [from, to] (1-based) of a file, each with
 * the product functions (`isProduct`) it calls; undefined where there is none with two such arms.
 */
export function switchArms(
  file: FileModel,
  from: number,
  to: number,
  isProduct: (name: string) => boolean,
): Dispatch | undefined {
  const lines = file.lines;
  for (let i = from - 1; i < Math.min(to, lines.length); i++) {
    const s = SWITCH.exec(lines[i]!);
    if (!s) continue;
    const arms: Dispatch['arms'] = [];
    let cases: string[] = [];
    let calls: string[] = [];
    let line = 0;
    const close = () => {
      if (cases.length && calls.length) arms.push({ cases, calls: [...new Set(calls)], line });
      cases = [];
      calls = [];
    };
    for (let j = i + 1; j < Math.min(to, lines.length); j++) {
      const l = file.bare[j] ?? '';
      const c = CASE.exec(lines[j]!);
      if (c) {
        if (calls.length) close();
        if (!cases.length) line = j + 1;
        cases.push(c[2]!);
        continue;
      }
      if (/^\s*default\s*:/.test(l)) {
        close();
        break;
      }
      if (
        /^\s*\}\s*$/.test(l) &&
        (l.match(/^\s*/)?.[0].length ?? 0) <= (lines[i]!.match(/^\s*/)?.[0].length ?? 0)
      ) {
        close();
        break;
      }
      for (const m of l.matchAll(CALL)) if (cases.length && isProduct(m[1]!)) calls.push(m[1]!);
    }
    close();
    return arms.length >= 2 ? { subject: s[1]!.trim(), line: i + 1, arms } : undefined;
  }
  return undefined;
}
