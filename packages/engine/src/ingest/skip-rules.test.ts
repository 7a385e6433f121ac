import { describe, expect, it } from 'vitest';
import { classifyContent } from './skip-rules.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('minified detection', () => {
  it('keeps a hand-written file that holds one long data literal among short lines', () => {
    const code = `${'fn line() {}\n'.repeat(150)}const COLORS: &str = "${'ow=0:or=0;38;5;16:'.repeat(160)}";\n${'fn more() {}\n'.repeat(200)}`;
    expect(classifyContent(bytes(code).slice(0, 8192), code.length)).toBeNull();
  });

  it('still skips a bundle whose text is one long line', () => {
    const bundle = `/*! banner */\nvar x=${'1+'.repeat(5000)}1;`;
    expect(classifyContent(bytes(bundle).slice(0, 8192), bundle.length)).toBe('minified');
  });
});
