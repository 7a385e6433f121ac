// Small string helpers that run in one pass, for the trims and joins a regular expression would do in
// quadratic time on a long run of the trimmed characters (`/-+$/` retries from every dash).

/** `text` without the leading characters found in `chars`. */
export function trimStartChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start++;
  return text.slice(start);
}

/** `text` without the trailing characters found in `chars`. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** `text` without the leading and trailing characters found in `chars`. */
export function trimChars(text: string, chars: string): string {
  return trimEndChars(trimStartChars(text, chars), chars);
}

/** Each run of white space that holds a line break becomes one space (what `/\s*\n\s*\/g` did). */
export function joinLines(text: string): string {
  return text.includes('\n') ? text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run)) : text;
}
