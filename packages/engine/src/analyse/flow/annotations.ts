// Behaviour a Java or Kotlin product adds to its methods by annotation rather than by a call: results
// kept in a named cache (`@Cacheable("vets")`, switched on by `@EnableCaching`), and validators a
// controller binds to a form in an `@InitBinder` method (`dataBinder.setValidator(new PetValidator())`).
// Neither shows on a call path, yet both are how the code behaves.

import type { AnnotatedBehaviour } from '../types.ts';
import { familyOf, type FileModel } from './definitions.ts';

const CACHEABLE = /@Cacheable\((?:\s*(?:value|cacheNames)\s*=)?[\s{]*"([^"]+)"/;
const INIT_BINDER = /@InitBinder(?:\((?:\s*value\s*=)?[\s{]*"([^"]+)")?/;
const SET_VALIDATOR = /\.(?:setValidator|addValidators)\(\s*new\s+([A-Z]\w*)\s*\(/;

/** The caches and bound validators the product's JVM code declares. */
export function annotatedBehaviour(models: FileModel[]): AnnotatedBehaviour {
  const out: AnnotatedBehaviour = { caches: [], validators: [] };
  for (const m of models) {
    if (familyOf(m.language) !== 'jvm') continue;
    const lines = m.lines;
    lines.forEach((l, i) => {
      if (/^\s*@EnableCaching\b/.test(l) && !out.enabled) out.enabled = { path: m.path, line: i + 1 };
      const cache = CACHEABLE.exec(l);
      // the annotated method: the next definition below the annotation
      const below = () => m.defs.find((d) => d.kind !== 'type' && d.line > i + 1 && d.line <= i + 6);
      if (cache) {
        const d = below();
        if (d)
          out.caches.push({ cache: cache[1]!, method: d.name, owner: d.owner, path: m.path, line: i + 1 });
      }
      const binder = /^\s*@InitBinder\b/.test(l) ? INIT_BINDER.exec(l) : null;
      if (binder) {
        const d = below();
        const body = d ? lines.slice(d.line - 1, d.end) : [];
        body.forEach((b, j) => {
          const v = SET_VALIDATOR.exec(b);
          if (v && d)
            out.validators.push({
              validator: v[1]!,
              ...(binder[1] ? { form: binder[1] } : {}),
              owner: d.owner,
              path: m.path,
              line: d.line + j,
            });
        });
      }
    });
  }
  return out;
}
