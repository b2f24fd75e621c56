import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMomentumClient, type Schemas } from '../../src/index.js';

/** The typed client sends what the document describes; a fake fetch stands in for the gateway. */
function fakeGateway(status: number, body: unknown) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { sent, fetch };
}

const id = '0b0f6c1e-6f6a-4e8e-9a51-2d1c1e9d3f10';

describe('createMomentumClient', () => {
  it('sends the key as a bearer token, path parameters in the path, typed bodies', async () => {
    const gateway = fakeGateway(201, { data: { id } });
    const api = createMomentumClient({
      baseUrl: 'http://gw',
      apiKey: 'svc_k',
      fetch: gateway.fetch,
    });
    const { response } = await api.POST('/api/tasks/{issueId}/comments', {
      params: { path: { issueId: id } },
      body: { body: 'Looks good @Ada' },
    });
    expect(response.status).toBe(201);
    const [request] = gateway.sent;
    expect(request!.url).toBe(`http://gw/api/tasks/${id}/comments`);
    expect(request!.headers.get('authorization')).toBe('Bearer svc_k');
    expect(await request!.json()).toEqual({ body: 'Looks good @Ada' });
  });

  it('types the reply by status: data on success, the error shape of the path otherwise', async () => {
    const gateway = fakeGateway(404, { statusCode: 404, message: 'Agent not found' });
    const api = createMomentumClient({ baseUrl: 'http://gw', fetch: gateway.fetch });
    const { data, error } = await api.GET('/api/agents/{id}', { params: { path: { id } } });
    expect(data).toBeUndefined();
    expect(error).toEqual({ statusCode: 404, message: 'Agent not found' });
    expectTypeOf(error).toEqualTypeOf<Schemas['AgentError'] | undefined>();
    expectTypeOf(data).toEqualTypeOf<{ data: Schemas['Agent'] } | undefined>();
  });

  it('sends list parameters as the integers they are', async () => {
    const gateway = fakeGateway(200, { data: [], meta: { total: 0, page: 2, perPage: 5 } });
    const api = createMomentumClient({ baseUrl: 'http://gw', fetch: gateway.fetch });
    const { data } = await api.GET('/api/agents', { params: { query: { page: 2, limit: 5 } } });
    expect(new URL(gateway.sent[0]!.url).search).toBe('?page=2&limit=5');
    expectTypeOf(data!.meta).toEqualTypeOf<Schemas['PageMeta']>();
  });
});
