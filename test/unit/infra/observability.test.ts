// The observability set-up, checked offline: Prometheus scrapes every process where it serves
// /metrics, the Grafana dashboard asks only for series the code records, the Compose profile
// runs Prometheus, Grafana and Jaeger, and every pod says where Prometheus finds its metrics.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT, read, asObj, asArr, type Obj } from './support.js';
import { DEPLOYED } from './schemas.js';

/** Where each process serves /metrics in the deployments: METRICS_PORT, apart from its API. */
const METRICS_PORT = 9464;
const metricsPort = (_name: string, port: number) => {
  expect(port).not.toBe(METRICS_PORT);
  return METRICS_PORT;
};

const prometheus = asObj(parse(read('infra/prometheus/prometheus.yml')));
const compose = asObj(parse(read('docker-compose.yml'), { merge: true }));
const services = asObj(compose.services);
const dashboard = JSON.parse(read('infra/grafana/dashboards/momentum.json')) as {
  uid: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
};

describe('observability', () => {
  it('Prometheus scrapes every process, every replica (DNS), at its metrics port', () => {
    const jobs = asArr(prometheus.scrape_configs).map(asObj);
    for (const c of DEPLOYED) {
      const job = jobs.find((j) => j.job_name === c.name);
      expect(job, c.name).toBeDefined();
      const sd = asObj(asArr(job!.dns_sd_configs)[0]);
      expect(asArr(sd.names), c.name).toEqual([c.name]);
      expect(sd.port, c.name).toBe(metricsPort(c.name, c.port));
      expect(job!.metrics_path ?? '/metrics', c.name).toBe('/metrics');
    }
  });

  it('the Compose profile runs Prometheus, Grafana (provisioned) and Jaeger; every process has METRICS_PORT', () => {
    for (const name of ['prometheus', 'grafana', 'jaeger'])
      expect(asArr(asObj(services[name]).profiles), name).toEqual(['observability']);
    const mounts = (name: string) => asArr(asObj(services[name]).volumes).map(String);
    expect(mounts('prometheus')).toContain(
      './infra/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
    expect(mounts('grafana').some((m) => m.startsWith('./infra/grafana/dashboards:'))).toBe(true);
    expect(mounts('grafana').some((m) => m.startsWith('./infra/grafana/provisioning:'))).toBe(true);
    for (const c of DEPLOYED)
      expect(asObj(asObj(services[c.name]).environment).METRICS_PORT, c.name).toBe(
        String(METRICS_PORT),
      );
    // Every process of the stack may export traces, and does only when the endpoint is set.
    for (const c of DEPLOYED)
      expect(asObj(asObj(services[c.name]).environment), c.name).toHaveProperty(
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        '${OTEL_EXPORTER_OTLP_ENDPOINT:-}',
      );
  });

  it('the dashboard asks only for metrics the processes record', () => {
    const code = ['libs/telemetry/src/metrics.ts', 'mcp-server/src/http.ts'].map((f) =>
      readFileSync(path.join(ROOT, f), 'utf8'),
    );
    const recorded = new Set(
      code.flatMap((text) => [...text.matchAll(/name: '([a-z_]+)'/g)].map((m) => m[1]!)),
    );
    const defaults = /^(process_|nodejs_)/;
    expect(dashboard.panels.length).toBeGreaterThan(8);
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        const names = [...expr.matchAll(/\b([a-z][a-z0-9_]*)(?:\{|\[)/g)]
          .map((m) => m[1]!)
          .filter((n) => !['rate', 'sum', 'max', 'by', 'histogram_quantile'].includes(n));
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names) {
          const base = name.replace(/_(bucket|count|sum)$/, '');
          expect(recorded.has(base) || defaults.test(name), `${panel.title}: ${name}`).toBe(true);
        }
      }
    }
  });

  it('every pod carries prometheus.io annotations naming its metrics port', () => {
    for (const c of DEPLOYED) {
      const docs = parseAllDocuments(read(`infra/k8s/${c.name}.yaml`)).map((d) => d.toJS() as Obj);
      const deployment = docs.find((d) => d.kind === 'Deployment');
      const annotations = asObj(
        asObj(asObj(asObj(deployment?.spec).template).metadata).annotations,
      );
      expect(annotations['prometheus.io/scrape'], c.name).toBe('true');
      expect(annotations['prometheus.io/port'], c.name).toBe(String(metricsPort(c.name, c.port)));
      expect(annotations['prometheus.io/path'], c.name).toBe('/metrics');
    }
  });
});
