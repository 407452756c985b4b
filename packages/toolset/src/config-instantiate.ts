import { toolset as newToolset, type ToolsetBuilder } from './builder.js';
import { difference, intersection, union } from './compose.js';
import type { ToolsetConfig } from './config.js';
import type { ToolsetEntry } from './config-schema.js';
import { ToolsetConfigError } from './errors.js';
import { createExposure, type Exposure } from './exposure.js';
import { type CompiledPolicy, compilePolicy } from './policy-compile.js';
import type { AccessPolicySpec } from './policy-types.js';
import { type ToolSourceInput, toProvider } from './source.js';
import type { Toolset } from './toolset.js';

export interface InstantiatedConfig {
  toolsets: ReadonlyMap<string, Toolset>;
  policies: ReadonlyMap<string, CompiledPolicy>;
  /** Present when the config has an `exposure` section. */
  exposure?: Exposure;
}

/** Builds the toolsets of a validated config over one source (in dependency order). */
export function instantiateConfig(config: ToolsetConfig, source: ToolSourceInput): InstantiatedConfig {
  const provider = toProvider(source);
  const policies = new Map<string, CompiledPolicy>();
  for (const p of config.policies) policies.set(p.id, compilePolicy(p));
  const entries = new Map(config.toolsets.map((t) => [t.id, t] as const));
  const built = new Map<string, Toolset>();

  const build = (id: string): Toolset => {
    const done = built.get(id);
    if (done) return done;
    const t = entries.get(id);
    if (!t)
      throw new ToolsetConfigError(config.file, [
        { pointer: '/toolsets', code: 'unknown_reference', message: `unknown toolset ${JSON.stringify(id)}` },
      ]);
    const policy = resolvePolicy(t, policies);
    const meta = {
      id: t.id,
      ...(t.name !== undefined && { name: t.name }),
      ...(t.description !== undefined && { description: t.description }),
      ...(t.tags !== undefined && { tags: t.tags }),
      ...(t.owner !== undefined && { owner: t.owner }),
      ...(policy !== undefined && { policy }),
      ...(t.zeroTrust !== undefined && { zeroTrust: t.zeroTrust }),
    };
    let set: Toolset;
    if (t.union) set = union(t.union.map(build), meta);
    else if (t.intersection) set = intersection(t.intersection.map(build), meta);
    else if (t.difference) set = difference(t.difference.map(build), meta);
    else {
      const b = t.extends !== undefined ? build(t.extends).extend(t.id) : newToolset(t.id).from(provider);
      set = applyEntry(b, t, policy).build();
    }
    built.set(id, set);
    return set;
  };
  for (const t of config.toolsets) build(t.id);

  let exposure: Exposure | undefined;
  if (config.exposure) {
    const levels: Record<string, Toolset> = {};
    for (const [level, id] of Object.entries(config.exposure))
      if (id !== undefined) levels[level] = built.get(id)!;
    exposure = createExposure(levels);
  }
  return { toolsets: built, policies, ...(exposure && { exposure }) };
}

function resolvePolicy(t: ToolsetEntry, policies: Map<string, CompiledPolicy>): CompiledPolicy | undefined {
  if (t.policy === undefined) return undefined;
  if (typeof t.policy === 'string') return policies.get(t.policy);
  return compilePolicy(t.policy as AccessPolicySpec);
}

function applyEntry(b: ToolsetBuilder, t: ToolsetEntry, policy: CompiledPolicy | undefined): ToolsetBuilder {
  if (t.name !== undefined) b.name(t.name);
  if (t.description !== undefined) b.description(t.description);
  if (t.tags) b.labels(...t.tags);
  if (t.owner !== undefined) b.owner(t.owner);
  if (t.mode) b.mode(t.mode);
  if (t.zeroTrust !== undefined) b.zeroTrust(t.zeroTrust);
  if (policy) b.policy(policy);
  if (t.namespace?.length) b.namespace(...t.namespace);
  if (t.tagsAny?.length) b.tagsAny(...t.tagsAny);
  if (t.tagsAll?.length) b.tagsAll(...t.tagsAll);
  if (t.tagsNone?.length) b.tagsNone(...t.tagsNone);
  if (t.category?.length) b.category(...t.category);
  if (t.source?.length) b.source(...t.source);
  if (t.capabilities) b.capabilities(t.capabilities);
  if (t.annotations) b.annotations(t.annotations);
  if (t.include?.length) b.include(...t.include);
  if (t.exclude?.length) b.exclude(...t.exclude);
  return b;
}
