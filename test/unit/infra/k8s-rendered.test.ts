// infra/k8s as kubectl apply -k sends it: rendered by kustomize itself, every object valid
// against its kind's schema (strictly), every image pinned, and scored by kube-score with no
// CRITICAL or WARNING finding. Both tools are built from the Go module proxy
// (infra/tools/kustomize, infra/tools/kube-score; scripts/lib/go-tools.mjs) and run offline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Obj, ROOT, asArr, asObj, read } from './support.js';
import { typecheckK8s, validateK8s } from './schemas.js';
import {
  K8S_DIR,
  type Manifest,
  k8sFiles,
  label,
  meta,
  objects,
  parseManifests,
  podSpecOf,
  spec,
} from './k8s-manifests.js';
import { BUILD_TIMEOUT_MS, buildGoTool, run } from './go-tools.js';

let rendered = '';
let docs: Manifest[] = [];
let kubeScore = '';
let dir = '';

beforeAll(async () => {
  // one after the other: two Go builds at once would starve a two-core machine
  const kustomize = await buildGoTool('kustomize');
  kubeScore = await buildGoTool('kube-score');
  const result = run(kustomize, ['build', path.join(ROOT, K8S_DIR)]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  rendered = result.stdout;
  docs = parseManifests('kustomize build', rendered);
  dir = mkdtempSync(path.join(tmpdir(), 'kube-score-'));
}, BUILD_TIMEOUT_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** kube-score's findings on `text` (one manifest stream), by grade: `[CRITICAL] object: …` lines. */
function score(text: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  const { status, stdout, stderr } = run(kubeScore, [
    'score',
    '--output-format',
    'ci',
    '--kubernetes-version',
    'v1.30',
    file,
  ]);
  expect(stderr).toBe('');
  const lines = stdout.split('\n');
  return {
    status,
    ok: lines.filter((l) => l.startsWith('[OK]')),
    critical: lines.filter((l) => l.startsWith('[CRITICAL]')),
    warning: lines.filter((l) => l.startsWith('[WARNING]')),
  };
}
const containersOf = (doc: Obj) =>
  [...asArr(podSpecOf(doc).initContainers), ...asArr(podSpecOf(doc).containers)].map(asObj);
const workloads = () =>
  docs.filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(String(m.doc.kind)));

describe('infra/k8s rendered by kustomize', () => {
  it('renders every object of the files, each valid against its kind’s schema, in momentum', () => {
    expect(docs.length).toBe(objects.length);
    for (const m of docs) {
      expect(validateK8s(m.doc), label(m)).toEqual([]);
      if (m.doc.kind !== 'Namespace') expect(meta(m.doc).namespace, label(m)).toBe('momentum');
      expect(asObj(meta(m.doc).labels)['app.kubernetes.io/part-of'], label(m)).toBe('momentum');
    }
  });

  it('no rendered object has a field its kind does not declare (strict, as kubectl apply)', () => {
    expect(typecheckK8s(docs.map((m) => ({ name: label(m), doc: m.doc })))).toEqual([]);
  }, 60_000);

  it('every image is pinned: momentum by a release tag, every other image by tag and digest', () => {
    const images = workloads().flatMap((m) =>
      containersOf(m.doc).map((c) => ({
        at: label(m),
        image: String(c.image),
        policy: c.imagePullPolicy,
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const { at, image, policy } of images) {
      if (image.startsWith('momentum:')) {
        expect(image, at).toMatch(/^momentum:[\w.-]+$/);
        expect(image, at).not.toMatch(/:latest$/);
        expect(policy, at).toBe('Always');
      } else {
        expect(image, at).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
        expect(policy, at).toBe('IfNotPresent');
      }
    }
    expect(images.map((i) => i.image.split(/[:@]/)[0]).sort()).toEqual(
      expect.arrayContaining(['momentum', 'mongo', 'nats']),
    );
  });
});

describe('infra/k8s through kube-score', () => {
  it('scores no CRITICAL and no WARNING finding', () => {
    const { critical, warning, ok } = score(rendered);
    expect(critical).toEqual([]);
    expect(warning).toEqual([]);
    expect(ok.length).toBeGreaterThan(docs.length);
  });

  it('each check switched off says why, on the line above, and only where it does not apply', () => {
    const allowed = new Set(['container-image-pull-policy', 'deployment-has-host-podantiaffinity']);
    let ignores = 0;
    for (const file of k8sFiles) {
      const lines = read(path.join(K8S_DIR, file)).split('\n');
      lines.forEach((line, i) => {
        const m = /^\s*kube-score\/ignore:\s*(.+)$/.exec(line);
        if (!m) return;
        ignores += 1;
        expect(lines[i - 1], `${file}:${i + 1} the reason`).toMatch(/^\s*#\s*\S.{10,}/);
        for (const check of (m[1] ?? '').split(','))
          expect(allowed, `${file}:${i + 1}`).toContain(check.trim());
      });
    }
    expect(ignores).toBeGreaterThan(0);
    // the pull policy is off only where every container's image is pinned by digest
    for (const m of docs) {
      const ignored = String(asObj(meta(m.doc).annotations)['kube-score/ignore'] ?? '');
      if (!ignored.includes('container-image-pull-policy')) continue;
      for (const c of containersOf(m.doc)) expect(String(c.image), label(m)).toMatch(/@sha256:/);
    }
  });

  it('the check can fail: a latest image, a replica count under an HPA, no ephemeral storage', () => {
    const broken = docs.map((m) => structuredClone(m.doc));
    const gateway = broken.find((o) => o.kind === 'Deployment' && meta(o).name === 'gateway');
    expect(gateway).toBeDefined();
    const deploymentSpec = spec(gateway);
    deploymentSpec.replicas = 2;
    const container = asObj(asArr(podSpecOf(asObj(gateway)).containers)[0]);
    container.image = 'momentum:latest';
    asObj(asObj(container.resources).limits)['ephemeral-storage'] = undefined;
    delete asObj(asObj(container.resources).limits)['ephemeral-storage'];
    const { critical } = score(broken.map((o) => JSON.stringify(o)).join('\n---\n'));
    const gatewayFindings = critical.filter((l) =>
      l.includes('gateway/momentum apps/v1/Deployment'),
    );
    expect(gatewayFindings.join('\n')).toMatch(/Image with latest tag/);
    expect(gatewayFindings.join('\n')).toMatch(/targeted by a HPA, but a static replica count/);
    expect(gatewayFindings.join('\n')).toMatch(/Ephemeral Storage limit is not set/);
  });
});
