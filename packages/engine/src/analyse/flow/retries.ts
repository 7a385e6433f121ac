// A function that retries itself: it calls itself again with its attempt count one higher, while that
// count stays below a limit, usually after a pause (`await upsertPriceRecord(price, retryCount + 1,
// maxRetries)` after `setTimeout(resolve, 2000)`). How the product rides out a failure it expects
// (a row written before the one it points to) is a design choice no call path shows.

import type { Retry } from '../types.ts';
import type { FileModel } from './definitions.ts';

const PLUS_ONE = /\+\s*1\b/;
const DELAY = /\bsetTimeout\([^,]*,\s*(\d+)\s*\)|\b(?:time\.)?sleep\(\s*(\d+(?:\.\d+)?)\s*\)/;

/** Every function of the product that retries itself, with its limit, pause and the condition it retries on. */
export function selfRetries(models: FileModel[]): Retry[] {
  const out: Retry[] = [];
  for (const m of models) {
    // the lines that add one to something: a definition without one cannot call itself with a count one up
    const plusOne: number[] = [];
    m.bare.forEach((l, i) => {
      if (PLUS_ONE.test(l)) plusOne.push(i + 1);
    });
    if (!plusOne.length) continue;
    for (const d of m.defs) {
      if (d.kind === 'type' || !plusOne.some((n) => n > d.line && n <= d.end)) continue;
      const body = m.bare.slice(d.line - 1, d.end);
      const name = d.name.replace(/\$/g, '\\$');
      const again = new RegExp(
        `(?<![\\w$.])(?:this\\.|self\\.)?${name}\\s*\\([^)]*\\b([A-Za-z_$][\\w$]*)\\s*\\+\\s*1\\b`,
      );
      const at = body.findIndex((l, i) => i > 0 && again.test(l));
      if (at < 0) continue;
      const counter = again.exec(body[at]!)![1]!;
      // the count is held below a limit: `retryCount < maxRetries`, `attempt < 3`
      const check = body.findIndex((l) => new RegExp(`\\b${counter}\\s*<=?\\s*([\\w$]+)`).test(l));
      if (check < 0 || check > at) continue;
      const limit = new RegExp(`\\b${counter}\\s*<=?\\s*([\\w$]+)`).exec(body[check]!)![1]!;
      const head = m.lines.slice(d.line - 1, d.line + 5).join(' ');
      const max = /^\d+$/.test(limit)
        ? limit
        : new RegExp(`\\b${limit}\\s*(?::\\s*\\w+\\s*)?=\\s*(\\d+)`).exec(head)?.[1];
      const pause = body
        .slice(check, at + 1)
        .map((l) => DELAY.exec(l))
        .find(Boolean);
      // the condition it retries on: the `if` that holds the count check
      let when: string | undefined;
      for (let i = check - 1; i > 0; i--) {
        const cond = conditionOf(m.lines[d.line - 1 + i] ?? '');
        if (cond) {
          when = cond;
          break;
        }
        if (/^\s*\}/.test(m.lines[d.line - 1 + i] ?? '')) break;
      }
      out.push({
        name: d.name,
        ...(d.owner ? { owner: d.owner } : {}),
        path: m.path,
        line: d.line + at,
        ...(max ? { max: Number(max) } : {}),
        ...(pause ? { pause: pause[1] ? `${pause[1]} ms` : `${pause[2]} s` } : {}),
        ...(when && when.length <= 100 ? { when } : {}),
      });
    }
  }
  return out;
}

/** The condition of an `if` line as written: `if (a.b('c')) {` → `a.b('c')`; undefined for any other line. */
function conditionOf(line: string): string | undefined {
  let t = line.trim().replace(/^\}\s*else\s+/, '');
  if (!/^(?:if|elif)\b/.test(t)) return undefined;
  t = t.replace(/^(?:if|elif)\b/, '').trim();
  if (t.endsWith('{') || t.endsWith(':')) t = t.slice(0, -1).trim();
  if (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return t || undefined;
}
