/** A span as an OTLP/HTTP (http/json) receiver in a test gets it, with its process's service.name. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  /** The span's status code (0 unset, 1 ok, 2 error). */
  status: number;
  attributes: Record<string, unknown>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpAttribute = { key: string; value: OtlpValue };

interface ExportTraceRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{
      spans: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number };
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const valueOf = (v: OtlpValue) => v.stringValue ?? v.intValue ?? v.boolValue;
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** The spans of one http/json export request body. */
export function spansOfExport(text: string): ReceivedSpan[] {
  const body = JSON.parse(text) as ExportTraceRequest;
  return body.resourceSpans.flatMap((rs) => {
    const service = String(attributesOf(rs.resource.attributes)['service.name']);
    return rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        service,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
        kind: s.kind,
        status: s.status?.code ?? 0,
        attributes: attributesOf(s.attributes),
      })),
    );
  });
}
