/**
 * A copy of the workspaces the session-host bundle can reach (shared, functions, session-host) at a
 * path of its own, with every package linked from the repository's node_modules: a file can be changed
 * there without touching the checkout other tests (and other people) read, and two copies are two
 * checkouts at different paths.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/paths';

const WORKSPACES = ['shared', 'functions', 'session-host'] as const;

export function mirrorRepository(root: string): string {
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json'])
    cpSync(join(REPO_ROOT, file), join(root, file));
  for (const workspace of WORKSPACES) {
    cpSync(join(REPO_ROOT, workspace), join(root, workspace), {
      recursive: true,
      filter: (src) => !src.includes(`${workspace}/node_modules`) && !src.includes(`${workspace}/test`),
    });
    const modules = join(REPO_ROOT, workspace, 'node_modules');
    if (existsSync(modules)) symlinkSync(modules, join(root, workspace, 'node_modules'));
  }
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '@atende'), { recursive: true });
  for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (entry !== '@atende') symlinkSync(join(REPO_ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const workspace of WORKSPACES) symlinkSync(join(root, workspace), join(modules, '@atende', workspace));
  return root;
}

/** Replaces `find` (which must occur exactly once) in a mirrored file. */
export function editMirrorFile(root: string, file: string, find: string, replace: string): void {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  if (text.split(find).length !== 2) throw new Error(`${file}: expected exactly one "${find}"`);
  writeFileSync(path, text.replace(find, replace));
}

export function appendToMirrorFile(root: string, file: string, code: string): void {
  const path = join(root, file);
  writeFileSync(path, `${readFileSync(path, 'utf8')}\n${code}\n`);
}
