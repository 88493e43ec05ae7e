/**
 * Runs the real `npx cdk synth` (offline, no Docker) once and reads what it wrote: the main
 * template, the nested route stack, and the bundled Lambda assets. Plus small readers that turn
 * template JSON back into product terms (which area a function serves, which queue a logical id is).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pascal } from '../../lib/names';
import { REPO_ROOT } from '../../lib/paths';
import { refsOf } from '../../lib/template-refs';

export type Json = Record<string, any>;
export interface CfnResource {
  Type: string;
  Properties?: Json;
  DependsOn?: string | string[];
  Metadata?: Json;
  DeletionPolicy?: string;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Parameters?: Json;
  Outputs?: Json;
}

export interface CloudAssembly {
  dir: string;
  stackName: string;
  main: CfnTemplate;
  nested: CfnTemplate[];
  synthSeconds: number;
}

export function synthWithCli(outDir: string, context: Record<string, string>): CloudAssembly {
  const started = Date.now();
  const args = [
    'cdk',
    'synth',
    '--quiet',
    '--no-notices',
    '-o',
    outDir,
    ...Object.entries(context).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  // No credentials, no Docker, no network: synth must need none of them.
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
    DOCKER_HOST: 'unix:///nonexistent.sock',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
  };
  const run = spawnSync('npx', args, { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 280_000 });
  if (run.status !== 0) throw new Error(`npx ${args.join(' ')} failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
  const stackName = `Atende-${context.stage ?? 'dev'}`;
  const read = (file: string) => JSON.parse(readFileSync(join(outDir, file), 'utf8')) as CfnTemplate;
  return {
    dir: outDir,
    stackName,
    main: read(`${stackName}.template.json`),
    nested: readdirSync(outDir)
      .filter((f) => f.endsWith('.nested.template.json'))
      .map(read),
    synthSeconds: (Date.now() - started) / 1000,
  };
}

export const ofType = (t: CfnTemplate, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);

export { refsOf } from '../../lib/template-refs';

/** A dependency cycle among the template's resources, or undefined (CloudFormation rejects cycles at deploy). */
export function findCycle(t: CfnTemplate): string[] | undefined {
  const ids = new Set(Object.keys(t.Resources));
  const edges = new Map<string, string[]>();
  for (const [id, r] of Object.entries(t.Resources)) {
    const deps = refsOf(r.Properties);
    for (const d of [r.DependsOn ?? []].flat()) deps.add(d);
    edges.set(
      id,
      [...deps].filter((d) => ids.has(d)),
    );
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of ids) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
}

/** area → logical id of its Lambda (functions carry SERVICE_NAME `atende-<area>`). */
export function functionsByArea(t: CfnTemplate): Map<string, string> {
  const byArea = new Map<string, string>();
  for (const [id, r] of ofType(t, 'AWS::Lambda::Function')) {
    const service = r.Properties?.Environment?.Variables?.SERVICE_NAME as string | undefined;
    if (service?.startsWith('atende-')) byArea.set(service.slice('atende-'.length), id);
  }
  return byArea;
}

const cdkPath = (r: CfnResource) => r.Metadata?.['aws:cdk:path'] as string | undefined;

/** Logical id of the resource at a construct path (`Queues/Inbound` → its AWS::SQS::Queue). */
export function idAtPath(a: CloudAssembly, path: string): string {
  const wanted = `${a.stackName}/${path}/Resource`;
  const found = Object.entries(a.main.Resources).find(([, r]) => cdkPath(r) === wanted);
  if (!found) throw new Error(`no resource at ${wanted}`);
  return found[0];
}

export const queueId = (a: CloudAssembly, name: string) => idAtPath(a, `Queues/${pascal(name)}`);
export const deadLetterQueueId = (a: CloudAssembly, name: string) => idAtPath(a, `Queues/${pascal(name)}DeadLetters`);

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Condition?: Json;
}

/** Every policy statement attached to a role (inline policies and AWS::IAM::Policy resources). */
export function statementsOfRole(t: CfnTemplate, roleId: string): Statement[] {
  const inline = (t.Resources[roleId]?.Properties?.Policies ?? []).flatMap((p: Json) => p.PolicyDocument.Statement);
  const attached = ofType(t, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties?.Roles ?? []).some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties!.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached];
}

export const actionsOf = (s: Statement) => [s.Action].flat();

/** The Lambda bundles `cdk synth` produced (asset.<hash>/index.mjs), by size. */
export function bundleSizes(a: CloudAssembly, functionIds: Map<string, string>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const [area, id] of functionIds) {
    const assetPath = a.main.Resources[id]!.Metadata?.['aws:asset:path'] as string;
    const bundle = join(a.dir, assetPath, 'index.mjs');
    if (!existsSync(bundle)) throw new Error(`no bundle for ${area} at ${bundle}`);
    sizes.set(area, statSync(bundle).size);
  }
  return sizes;
}
