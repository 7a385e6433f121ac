// Hostile templates that stay within the size, line and depth limits yet cost the YAML parser seconds:
// thousands of distinct long keys in one mapping (the duplicate-key check compares each key with every one
// before it) and thousands of quoted flow items. Shared by the template reader's tests.

/** About 8,700 keys of 20+ characters in one mapping, just under 256 KB: 4 s of parsing on one core. */
export const MANY_LONG_KEYS = (() => {
  const lines = ['report_structure:'];
  let bytes = lines[0]!.length + 1;
  for (let i = 0; ; i++) {
    const line = `  ${'k'.repeat(20)}${i}: v`;
    if (bytes + line.length + 1 > 255 * 1024) break;
    lines.push(line);
    bytes += line.length + 1;
  }
  return lines.join('\n');
})();
