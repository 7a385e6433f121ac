// Product code that drives the entry from outside: a function handed an instance of the entry's type
// that calls the entry method on it (`(app: Hono) => (req) => app.fetch(req)`). These are the
// adapters that carry the product to a platform, a test harness or a build step: all of them reach
// the same main path through that one call.

import type { MainPathStep } from '../types.ts';
import type { FileModel } from './definitions.ts';

type Wrapper = NonNullable<MainPathStep['wrappedBy']>[number];

/** Files other than the entry's own where a name typed as `owner` has the entry method called on it. */
export function entryWrappers(models: FileModel[], entry: MainPathStep): Wrapper[] {
  if (!entry.owner || entry.external) return [];
  const method = entry.name.replace(/^#/, '');
  // `app: Hono<E>` (TypeScript, Python hints, Kotlin) or `app *Hono` (Go)
  const typed = new RegExp(`\\b(\\w+)(?:\\??:|\\s\\*?)\\s*${entry.owner}\\b`, 'g');
  const out: Wrapper[] = [];
  for (const m of models) {
    if (m.path === entry.path) continue;
    const names = new Set([...m.bareText.matchAll(typed)].map((x) => x[1]!));
    if (!names.size) continue;
    const call = new RegExp(`\\b(?:${[...names].join('|')})\\.${method}\\s*\\(`);
    const at = m.bare.findIndex((l) => call.test(l));
    if (at >= 0) out.push({ path: m.path, line: at + 1 });
  }
  return out.sort((x, y) => x.path.localeCompare(y.path));
}
