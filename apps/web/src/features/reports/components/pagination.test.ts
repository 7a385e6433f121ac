// The page-button window keeps at most 5 buttons and the current page inside.
import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.tsx';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('centres the current page among 5', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });
  it('stays inside the range at both ends', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});
