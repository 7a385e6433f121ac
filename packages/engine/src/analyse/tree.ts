// Pass: the directory tree with file counts, bytes and code lines below each directory.

import type { DirNode, FileInfo } from './types.ts';

export function treePass(files: FileInfo[], rootName: string): DirNode {
  const root: DirNode = { name: rootName, path: '', files: 0, bytes: 0, lines: 0, children: [] };
  const index = new Map<string, DirNode>([['', root]]);
  const dirFor = (dir: string): DirNode => {
    const hit = index.get(dir);
    if (hit) return hit;
    const cut = dir.lastIndexOf('/');
    const parent = dirFor(cut < 0 ? '' : dir.slice(0, cut));
    const node: DirNode = { name: dir.slice(cut + 1), path: dir, files: 0, bytes: 0, lines: 0, children: [] };
    parent.children.push(node);
    index.set(dir, node);
    return node;
  };
  for (const f of files) {
    const cut = f.path.lastIndexOf('/');
    let node: DirNode | undefined = dirFor(cut < 0 ? '' : f.path.slice(0, cut));
    // add to the directory and every ancestor
    for (let p = node.path; node;) {
      node.files++;
      node.bytes += f.size;
      node.lines += f.code;
      if (p === '') break;
      const i = p.lastIndexOf('/');
      p = i < 0 ? '' : p.slice(0, i);
      node = index.get(p);
    }
  }
  const sort = (n: DirNode) => {
    n.children.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
    n.children.forEach(sort);
  };
  sort(root);
  return root;
}
