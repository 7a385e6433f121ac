// Generated and adversarial text for the property tests of every parser that sees what users and
// repositories send: ordinary strings, long runs of one character (word characters, spaces, slashes,
// dashes, brackets), deep nesting, control characters and any Unicode, mixed.
import fc from 'fast-check';

/** Characters whose long runs have made regular expressions backtrack. */
const RUN_CHARS = [
  'A',
  'a',
  '1',
  '_',
  ' ',
  '\t',
  '\n',
  '-',
  '.',
  '/',
  '\\',
  '[',
  '{',
  '(',
  '<',
  ':',
  '#',
  '*',
  '|',
  '"',
  "'",
  '`',
  '!',
  '=',
];

/** A run of one character, up to `max` long. */
export const longRun = (max = 30_000) =>
  fc.tuple(fc.constantFrom(...RUN_CHARS), fc.integer({ min: 1, max })).map(([c, n]) => c.repeat(n));

/** Brackets nested `n` deep, closed or not. */
export const nesting = (max = 5_000, opens = ['[', '{', '(', '- ', 'a: [', '{a: ', '<', '"']) =>
  fc.tuple(fc.constantFrom(...opens), fc.integer({ min: 1, max }), fc.boolean()).map(([open, n, closed]) => {
    const close =
      (
        { '[': ']', '{': '}', '(': ')', 'a: [': ']', '{a: ': '}', '<': '>', '"': '"' } as Record<
          string,
          string
        >
      )[open] ?? '';
    return open.repeat(n) + (closed ? close.repeat(n) : '');
  });

/** Control characters (C0, DEL, C1), alone or among text. */
export const controls = fc
  .array(
    fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f),
    { minLength: 1, maxLength: 8 },
  )
  .map((cs) => String.fromCharCode(...cs));

/** Any Unicode, lone surrogates included. */
export const unicode = fc.string({ unit: 'binary', maxLength: 200 });

/** One piece of hostile text. */
export const piece = fc.oneof(
  fc.string({ maxLength: 80 }),
  unicode,
  longRun(),
  nesting(),
  controls,
  fc.constantFrom(
    'title:',
    'report_structure:',
    '  - ',
    'sections: [',
    'http://',
    'github.com/',
    '../',
    '.png',
    '*/',
    '/*!',
  ),
);

/** Hostile text: a few pieces joined. */
export const hostileText = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

/**
 * Milliseconds of processor time since `from` (user and system): unlike the wall clock, it does not
 * grow while a loaded machine runs other processes, so the bound measures the work itself.
 */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** Runs `work`, ignoring what it throws, and answers how many milliseconds of processor time it took. */
export function timeOf(work: () => unknown): number {
  const started = process.cpuUsage();
  try {
    work();
  } catch {
    // a refusal is an answer too; only the time is asserted here
  }
  return cpuMs(started);
}

/** Runs `work` and answers its result or what it threw, and how many milliseconds of processor time it took. */
export function outcome<T>(work: () => T): { ms: number; value?: T; error?: unknown } {
  const started = process.cpuUsage();
  try {
    const value = work();
    return { ms: cpuMs(started), value };
  } catch (error) {
    return { ms: cpuMs(started), error };
  }
}

/** The bound each call of a parser must stay under, on a loaded machine. */
export const CALL_BOUND_MS = 200;
