/** One server-sent event as a client reads it. */
export interface ReadEvent {
  event: string;
  data: string;
}

/**
 * A server-sent events stream opened with a real `fetch` on a listening server (inject cannot
 * read an answer that never ends). `next()` waits for the next event (comments skipped) and fails
 * after `timeoutMs`; `ended()` waits for the server to end the stream. A refused stream (not 200)
 * is left unread for the test to read its JSON answer.
 */
export async function openEventStream(url: string, token?: string) {
  const abort = new AbortController();
  const response = await fetch(url, {
    // As a browser asks: a compressed stream would hold its events back in the compressor.
    headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip, deflate', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const decoder = new TextDecoder();
  /** Everything read so far, before its events are taken out. */
  let buffer = '';
  /** The whole text received, for asserting its exact shape (comments included). */
  let text = '';
  const queue: ReadEvent[] = [];
  let done = false;
  /** Wakes whoever waits for more text. */
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };

  // Reads in the background, so that text (heartbeats too) arrives whether or not a test waits.
  if (response.ok) {
    void (async () => {
      const reader = response.body!.getReader();
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          const piece = decoder.decode(chunk.value, { stream: true });
          text += piece;
          buffer += piece;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = block.split('\n').filter((line) => !line.startsWith(':'));
            const event = fields.find((line) => line.startsWith('event: '))?.slice(7);
            const data = fields.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
            if (event) queue.push({ event, data: data.join('\n') });
          }
          signal();
        }
      } catch {
        // Aborted by the test, or cut: either way the stream is over.
      }
      done = true;
      signal();
    })();
  } else {
    done = true;
  }

  const within = async (ready: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No ${what} within ${timeoutMs} ms; received so far: ${JSON.stringify(text)}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([changed, new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  };

  return {
    response,
    text: () => text,
    async next(timeoutMs = 2_000): Promise<ReadEvent> {
      await within(() => queue.length > 0 || done, timeoutMs, 'event');
      const event = queue.shift();
      if (!event) throw new Error(`The stream ended; received: ${JSON.stringify(text)}`);
      return event;
    },
    /** Waits until the text received so far satisfies `test`. */
    async until(test: (text: string) => boolean, timeoutMs = 2_000): Promise<void> {
      await within(() => test(text), timeoutMs, 'such text');
    },
    async ended(timeoutMs = 2_000): Promise<void> {
      await within(() => done, timeoutMs, 'end of the stream');
    },
    close() {
      abort.abort();
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
