type Json = Record<string, any>;

export interface MatchedOperation {
  /** The path template as the document writes it (`/api/tasks/{id}`). */
  template: string;
  method: string;
  operation: Json;
  /** Path parameters, decoded (or raw when they do not decode). */
  params: Record<string, string>;
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  literals: number;
}

/** Finds the operation of a request: a literal segment wins over a template (`/search` over `/{id}`). */
export class OperationFinder {
  private readonly routes: Route[];

  constructor(private readonly document: Json) {
    this.routes = Object.keys(document.paths ?? {})
      .map((template) => {
        const names: string[] = [];
        const source = template
          .split('/')
          .map((segment) => {
            const m = /^\{(.+)\}$/.exec(segment);
            if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(m[1]!);
            return '([^/]+)';
          })
          .join('/');
        return {
          template,
          pattern: new RegExp(`^${source}/?$`),
          names,
          literals: template.split('/').length - names.length,
        };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  find(method: string, path: string): MatchedOperation | null {
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      const operation = this.document.paths[route.template][method.toLowerCase()];
      if (!operation) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decode(m[i + 1]!)]));
      return { template: route.template, method: method.toLowerCase(), operation, params };
    }
    return null;
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
