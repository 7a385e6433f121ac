// Small readers the data-model passes share: the text of a bracket, a list split at its top-level
// commas, the arguments of a call, a type reduced to a short name.

import type { DataField } from './types.ts';

/** The text inside the bracket that opens at `open` (exclusive), or null when it never closes. */
export function bracketBody(text: string, open: number): string | null {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (pairs[c]) stack.push(pairs[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (!stack.length) return text.slice(open + 1, i);
    }
  }
  return null;
}

/** Splits a list at commas that are not nested in brackets or quotes. */
export function topLevel(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out.map((s) => s.replace(/\/\/[^\n]*|--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim()).filter(Boolean);
}

/** The positional arguments and keyword arguments of the call whose bracket opens at `open`. */
export function callArgs(text: string, open: number): { positional: string[]; named: Map<string, string> } {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (const arg of topLevel(bracketBody(text, open) ?? '')) {
    const kw = /^(\w+)\s*[=:]/.exec(arg);
    const value = kw ? arg.slice(kw[0].length).trim() : '';
    // `a: 1` is a keyword in a JS object, `a=1` in Python; `a == b` or `"x"` are positional
    if (kw && !value.startsWith('=')) named.set(kw[1]!, value);
    else positional.push(arg);
  }
  return { positional, named };
}

/** A quoted or bare name, unquoted: `"accounts.Project"` → `accounts.Project`. */
export const unquote = (s: string) => s.trim().replace(/^[rbfu]?(['"`])([^]*)\1$/i, '$2');

/** A declared type short enough to show (`String`, `Optional[int]`), or undefined. */
export function simpleType(t: string | undefined): string | undefined {
  const clean = t?.replace(/\s+/g, ' ').trim();
  return clean && clean.length <= 40 && /^[\w.[\]<>(), |?"'*&]+$/.test(clean) ? clean : undefined;
}

/** A field with its type when the declaration gives a simple one. */
export const column = (name: string, type?: string): DataField => {
  const t = simpleType(type);
  return t ? { name, type: t } : { name };
};
