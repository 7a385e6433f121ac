// Control characters in what users send: NUL and the other C0 controls (tab, line feed and carriage
// return excepted, for multi-line text) and DEL are refused with a message naming the field, by the
// forms (through the shared schemas) and by the server for any string in any request.
import { z } from 'zod';
import { messages } from './messages.ts';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const DEL = 0x7f;

/** The first control character of `text` (as U+XXXX), or null. Single-line text also refuses tab, LF and CR. */
export function findControlChar(text: string, options: { singleLine?: boolean } = {}): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== DEL) continue;
    if (!options.singleLine && (c === TAB || c === LF || c === CR)) continue;
    return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/**
 * The first string (or object key) holding a control character anywhere in a parsed JSON value or
 * form, as `{ field, char }`; null when there is none. Iterative, so a deeply nested body cannot
 * overflow the stack; `field` is the dotted path of the value (`company.name`, `files.3.0`).
 */
export function findControlCharIn(value: unknown): { field: string; char: string } | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const char = findControlChar(v);
      if (char) return { field: path || 'body', char };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: join(path, String(i)) });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const char = findControlChar(key);
        if (char) return { field: join(path, printable(key)), char };
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
/** A key as it can be shown in a message: its control characters as "?". */
const printable = (key: string) =>
  Array.from(key, (c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === DEL ? '?' : c)).join('');

/** A zod refinement for a text field: refuses control characters with a message naming `label`. */
export function noControlChars(label: string, options: { singleLine?: boolean } = {}) {
  return (text: string, ctx: z.core.$RefinementCtx<string>) => {
    const char = findControlChar(text, options);
    if (char) ctx.addIssue({ code: 'custom', message: messages.validation.controlCharacter(label, char) });
  };
}
