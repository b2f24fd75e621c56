import type { LiveSource } from '@momentum/mcp-tools';

/** Reads SSE frames (`id`, `event`, `data`) off a response body. */
async function* frames(
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ id?: string; event?: string; data?: string }> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const frame: { id?: string; event?: string; data?: string } = {};
      for (const line of text.slice(0, end).split('\n')) {
        const at = line.indexOf(':');
        if (at <= 0) continue;
        const field = line.slice(0, at);
        const value = line.slice(at + 1).replace(/^ /, '');
        if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
      }
      text = text.slice(end + 2);
      yield frame;
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A session's live stream on the standalone server: the gateway's `GET /api/events` under
 * the session's key. A cut stream is resumed with Last-Event-ID, so an update made while it
 * was away still arrives; a refusal (401, 403) ends it.
 */
export function httpLiveSource(baseUrl: string, authorization: string): LiveSource {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/events`;
  return {
    open(on) {
      const abort = new AbortController();
      let lastId: string | undefined;
      let opened: () => void = () => undefined;
      const ready = new Promise<void>((resolve) => (opened = resolve));
      const run = async () => {
        while (!abort.signal.aborted) {
          try {
            const res = await fetch(url, {
              headers: {
                authorization,
                accept: 'text/event-stream',
                ...(lastId ? { 'last-event-id': lastId } : {}),
              },
              signal: abort.signal,
            });
            if (res.status === 401 || res.status === 403) return opened();
            if (res.ok && res.body) {
              for await (const frame of frames(res.body as unknown as AsyncIterable<Uint8Array>)) {
                // The first id is where the stream starts: from here on nothing is missed.
                if (frame.id !== undefined) {
                  lastId = frame.id;
                  opened();
                }
                if (!frame.event || frame.data === undefined || frame.event === 'reset') continue;
                on({ type: frame.event, payload: JSON.parse(frame.data) as unknown });
              }
            } else await res.body?.cancel();
          } catch {
            if (abort.signal.aborted) return;
          }
          await pause(1000);
        }
      };
      void run();
      return { close: () => abort.abort(), ready };
    },
  };
}
