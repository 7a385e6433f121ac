// Tokeniser for retrieval: splits camelCase, snake_case, kebab-case and paths, lowercases, drops
// stop words and stems (Porter), so "UserAccounts", "user_account" and "user accounts" meet.

import { stemmer } from 'stemmer';

const STOP = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the this to was were will with we you your our not no do does can should would may might must than then there their them these those which who what when where why how all any each about also but if else so such only over under via per use used using get set new'.split(
    ' ',
  ),
);

export function tokenize(text: string): string[] {
  const out: string[] = [];
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase();
  for (const raw of spaced.split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || raw.length > 40 || STOP.has(raw) || /^\d+$/.test(raw)) continue;
    out.push(stemmer(raw));
  }
  return out;
}
