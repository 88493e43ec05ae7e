/**
 * The tests, `npm start` and `npm run bench` run on the Lambdas' Node major (issue 30, item 21): the
 * root devDependency `node` (the registry's Node binary) comes first on every npm script's PATH
 * (node_modules/.bin), whatever Node runs npm itself, and every process the local platform starts
 * takes `process.execPath` or that PATH.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths';

const major = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1]);

/** The Lambdas' runtime, as the CDK construct declares it (`Runtime.NODEJS_22_X`). */
function lambdaNodeMajor(): number {
  const source = readFileSync(join(REPO_ROOT, 'infra', 'lib', 'functions', 'atende-function.ts'), 'utf8');
  const runtimes = [...source.matchAll(/Runtime\.NODEJS_(\d+)_X/g)].map((m) => Number(m[1]));
  expect(new Set(runtimes).size, 'one Lambda runtime').toBe(1);
  return runtimes[0]!;
}

const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};

describe('Node runtime', () => {
  it("runs this test worker on the Lambdas' Node major", () => {
    expect(major(process.version)).toBe(lambdaNodeMajor());
  });

  it("resolves `node` on the scripts' PATH (tsx, npm, the runner's children) to the same Node", () => {
    const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe(process.version);
  });

  it('pins that major in package.json: the node devDependency, engines and @types/node', () => {
    const wanted = lambdaNodeMajor();
    expect(major(rootPackage.devDependencies.node!)).toBe(wanted);
    expect(rootPackage.engines.node).toBe(`${wanted}.x`);
    expect(major(rootPackage.devDependencies['@types/node']!.replace(/^\D+/, ''))).toBe(wanted);
    // Its install script fetches the platform binary: npm 12 skips scripts not allowed here.
    expect(rootPackage.allowScripts.node).toBe(true);
  });
});
