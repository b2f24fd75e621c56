// Offline schema checks for the infra tests: Kubernetes objects against the Kubernetes OpenAPI
// (kubernetes-models), docker-compose.yml against the Compose Specification's JSON schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import ts from 'typescript';
import { Namespace, ConfigMap, Service, Secret } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { type Component, type Obj, ROOT, COMPONENTS, requiredEnv } from './support.js';

// ── components ──────────────────────────────────────────────────────────────────────────

/** Every deployed component: the services of scripts/lib/components.mjs, webhooks included. */
export const DEPLOYED: Component[] = COMPONENTS;
export const DEPLOYED_SERVICES = DEPLOYED.filter(
  (c) => c.name !== 'gateway' && c.name !== 'mcp-server',
);

/** What each component must be given (support.ts `requiredEnv`). */
export const requiredEnvOf = (c: Component): string[] => requiredEnv(c);

// ── Kubernetes ──────────────────────────────────────────────────────────────────────────

interface K8sModel {
  /** Module and interface of the object's type declaration in kubernetes-models. */
  module: string;
  type: string;
  /** The model class: its constructor takes the object, validate() checks it. */
  create: (doc: Obj) => { validate(): void };
}

/** Every kind the manifests may use, by `apiVersion/kind`. A new kind is added here. */
const K8S_MODELS: Record<string, K8sModel> = {
  'v1/Namespace': {
    module: 'kubernetes-models/v1/Namespace',
    type: 'INamespace',
    create: (d) => new Namespace(d as never),
  },
  'v1/ConfigMap': {
    module: 'kubernetes-models/v1/ConfigMap',
    type: 'IConfigMap',
    create: (d) => new ConfigMap(d as never),
  },
  'v1/Secret': {
    module: 'kubernetes-models/v1/Secret',
    type: 'ISecret',
    create: (d) => new Secret(d as never),
  },
  'v1/Service': {
    module: 'kubernetes-models/v1/Service',
    type: 'IService',
    create: (d) => new Service(d as never),
  },
  'apps/v1/Deployment': {
    module: 'kubernetes-models/apps/v1/Deployment',
    type: 'IDeployment',
    create: (d) => new Deployment(d as never),
  },
  'apps/v1/StatefulSet': {
    module: 'kubernetes-models/apps/v1/StatefulSet',
    type: 'IStatefulSet',
    create: (d) => new StatefulSet(d as never),
  },
  'batch/v1/Job': {
    module: 'kubernetes-models/batch/v1/Job',
    type: 'IJob',
    create: (d) => new Job(d as never),
  },
  'policy/v1/PodDisruptionBudget': {
    module: 'kubernetes-models/policy/v1/PodDisruptionBudget',
    type: 'IPodDisruptionBudget',
    create: (d) => new PodDisruptionBudget(d as never),
  },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler',
    type: 'IHorizontalPodAutoscaler',
    create: (d) => new HorizontalPodAutoscaler(d as never),
  },
  'networking.k8s.io/v1/Ingress': {
    module: 'kubernetes-models/networking.k8s.io/v1/Ingress',
    type: 'IIngress',
    create: (d) => new Ingress(d as never),
  },
  'networking.k8s.io/v1/NetworkPolicy': {
    module: 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy',
    type: 'INetworkPolicy',
    create: (d) => new NetworkPolicy(d as never),
  },
};

const modelOf = (doc: Obj) => K8S_MODELS[`${String(doc.apiVersion)}/${String(doc.kind)}`];

/**
 * The object through its typed model class and the model's validate(): the JSON schema of
 * its kind from the Kubernetes OpenAPI (types, required fields, enums, int32/int64, quantities).
 * Empty when valid. Like the OpenAPI itself, these schemas let unknown fields through.
 */
export function validateK8s(doc: Obj): string[] {
  const model = modelOf(doc);
  if (!model) return [`no model for ${String(doc.apiVersion)}/${String(doc.kind)}`];
  try {
    model.create(doc).validate();
    return [];
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
}

/**
 * Strict field checking, as `kubectl apply` does on the server (--validate=strict): each object
 * is written as an object literal of its kind's declared type (kubernetes-models' declarations)
 * and type-checked, so an unknown or misplaced field is an excess-property error and a wrong
 * type a type error. One program for all objects; each error names its object.
 */
export function typecheckK8s(objects: { name: string; doc: Obj }[]): string[] {
  const errors: string[] = [];
  const lines: string[] = [];
  const owner: string[] = [];
  objects.forEach(({ name, doc }, i) => {
    const model = modelOf(doc);
    if (!model) {
      errors.push(`${name}: no model for ${String(doc.apiVersion)}/${String(doc.kind)}`);
      return;
    }
    const head = `import type { ${model.type} as T${i} } from '${model.module}';`;
    const body = `export const o${i}: T${i} = ${JSON.stringify(doc, null, 1)};`;
    for (const line of [head, ...body.split('\n')]) {
      lines.push(line);
      owner.push(name);
    }
  });
  const fileName = path.join(ROOT, 'test/unit/infra/__k8s_manifests__.ts');
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (f, lang, ...rest) =>
    f === fileName
      ? ts.createSourceFile(f, source, lang)
      : getSourceFile.call(host, f, lang, ...rest);
  host.fileExists = (f) => f === fileName || fileExists.call(host, f);
  host.readFile = (f) => (f === fileName ? source : readFile.call(host, f));
  const program = ts.createProgram([fileName], options, host);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file?.fileName !== fileName || d.start === undefined) {
      errors.push(text);
      continue;
    }
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    errors.push(`${owner[line] ?? '?'}: ${lines[line]?.trim() ?? ''}\n  ${text}`);
  }
  return errors;
}

// ── Compose ─────────────────────────────────────────────────────────────────────────────

/**
 * The Compose Specification's JSON schema (compose-spec/compose-spec schema/compose-spec.json,
 * with `models`, `provider`, `develop`, …) as the dclint package ships it in schemas/; its
 * services, healthchecks, depends_on entries and the like admit no unknown keys.
 */
const COMPOSE_SCHEMA_FILE = path.join(ROOT, 'node_modules/dclint/schemas/compose.schema.json');

let composeValidator: ReturnType<Ajv['compile']> | undefined;

export function validateCompose(doc: unknown): string[] {
  if (!composeValidator) {
    const schema = JSON.parse(readFileSync(COMPOSE_SCHEMA_FILE, 'utf8')) as Obj;
    // Its $schema is draft-07 spelled https://…/schema, which Ajv does not know by that name;
    // draft-07 is Ajv's default. The options are the ones dclint compiles it with.
    delete schema.$schema;
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, logger: false });
    composeValidator = ajv.compile(schema);
  }
  if (composeValidator(doc)) return [];
  return (composeValidator.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
  );
}

/**
 * Compose's interpolation with an empty environment: `${VAR:-default}` and `${VAR-default}`
 * become the default, `${VAR:?msg}` and `${VAR?msg}` a placeholder (Compose would stop there),
 * `$$` a `$`. Applied to every string of the parsed file, as `docker compose config` does
 * before validating.
 */
export function interpolate(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .replace(/\$\{(\w+)(:?[-?])([^}]*)\}/g, (_, _name: string, op: string, arg: string) =>
        op.endsWith('-') ? arg : 'set-by-the-environment',
      )
      .replace(/\$\$/g, '$');
  }
  if (Array.isArray(value)) return value.map(interpolate);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  }
  return value;
}
