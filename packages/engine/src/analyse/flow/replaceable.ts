// Two ways users change what a JavaScript product does without registering code through a method:
// a strategy its constructor takes from the options, else a default function (`this.compose =
// options.compose || compose`) which the product later calls, and the events an EventEmitter subclass
// emits (`this.app.emit('error', err, this)`) for users to listen to, with the listener the product
// adds itself when users add none. Read from the code, never from names.

import type { EmittedEvent, OptionStrategy } from '../types.ts';
import type { FileModel } from './definitions.ts';

const JS = new Set(['JavaScript', 'TypeScript', 'JSX']);
const MAX_EVENTS = 3;
/** `this.compose = options.compose || compose`: the field, the options object, the option and the default. */
const FROM_OPTIONS = /^\s*this\.(\w+)\s*=\s*(\w+)\.(\w+)\s*(?:\|\||\?\?)\s*(\w+)\s*(?:;\s*)?$/;
/** `.emit('error', …)`: the event's name. */
const EMIT = /\.emit\(\s*(['"])(\w+)\1/;
/** `this.on('error', this.onerror)` guarded by `listenerCount('error')`: the product's own listener. */
const OWN_LISTENER = /listenerCount\(\s*(['"])(\w+)\1\s*\).*\.on\(\s*(['"])\w+\3\s*,\s*this\.(\w+)\s*\)/;

/** The definition a line sits in, innermost first. */
function enclosing(file: FileModel, line: number) {
  return file.defs.filter((d) => d.kind !== 'type' && d.line <= line && line <= d.end).pop();
}

/**
 * Constructor fields set from an option with a function as the fallback (an imported one or one of
 * the file), that the file then calls (`this.compose(this.middleware)`): strategies users replace.
 */
export function optionStrategies(models: FileModel[]): OptionStrategy[] {
  const out: OptionStrategy[] = [];
  for (const file of models.filter((m) => JS.has(m.language)))
    file.lines.forEach((text, i) => {
      const m = FROM_OPTIONS.exec(text);
      const at = m && enclosing(file, i + 1);
      if (!m || at?.name !== 'constructor') return;
      const [, field, options, option, fallback] = m as unknown as string[];
      const from = file.bindings.get(fallback!);
      const own = file.defs.some((d) => d.kind === 'function' && d.name === fallback);
      if (!from && !own) return;
      const call = new RegExp(`\\bthis\\.${field}\\(`);
      const use = file.lines.findIndex((l, j) => j !== i && call.test(l));
      const user = use >= 0 ? enclosing(file, use + 1) : undefined;
      if (!user) return;
      out.push({
        option: `${options}.${option}`,
        field: `this.${field}`,
        fallback: fallback!,
        ...(from ? { from } : {}),
        ...(at.owner ? { owner: at.owner } : {}),
        path: file.path,
        line: i + 1,
        use: {
          name: user.name,
          ...(user.owner ? { owner: user.owner } : {}),
          path: file.path,
          line: use + 1,
        },
      });
    });
  return out;
}

/**
 * The events the product emits, when one of its central types extends an EventEmitter: where each is
 * emitted first, and the product's own listener when it adds one only if users add none.
 */
export function emittedEvents(models: FileModel[], central: string[]): EmittedEvent[] {
  const js = models.filter((m) => JS.has(m.language));
  const emitter = js
    .flatMap((f) => f.defs.map((d) => ({ f, d })))
    .find(
      ({ d }) => d.kind === 'type' && central.includes(d.name) && d.bases?.some((b) => /Emitter$/.test(b)),
    );
  if (!emitter) return [];
  const out: EmittedEvent[] = [];
  for (const file of js)
    file.lines.forEach((text, i) => {
      const m = EMIT.exec(text);
      if (!m || out.some((e) => e.name === m[2])) return;
      out.push({ name: m[2]!, owner: emitter.d.name, path: file.path, line: i + 1 });
    });
  for (const file of js)
    file.lines.forEach((text, i) => {
      const m = OWN_LISTENER.exec(text);
      const event = m && out.find((e) => e.name === m[2]);
      const at = m && enclosing(file, i + 1);
      if (!event || event.fallback || !at) return;
      event.fallback = {
        name: m![4]!,
        ...(at.owner ? { owner: at.owner } : {}),
        by: { name: at.name, ...(at.owner ? { owner: at.owner } : {}) },
        path: file.path,
        line: i + 1,
      };
    });
  return out.slice(0, MAX_EVENTS);
}
