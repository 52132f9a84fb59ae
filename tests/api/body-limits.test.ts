import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUBLIC_REQUEST_BYTES, MAX_REQUEST_BYTES } from '../../server/http/body';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestContext, multipart, type TestContext } from './support/context';
import { pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
let port: number;
/** The server's side of every connection, to read how many bytes it took off the wire. */
const serverSockets: net.Socket[] = [];
const data = tempDataDir('body-limits');

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  ctx.app.server.on('connection', (socket: net.Socket) => serverSockets.push(socket));
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const TOO_LARGE = { status: 'error', request_id: expect.any(String), message: 'El cuerpo de la petición es demasiado grande.' };
/** What a hostile client offers: the 63 MB of the report. */
const OFFERED = 63 * 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = 'limite';

/** A multipart part header: a file when `filename` is given, a text field otherwise. */
const partHead = (name: string, filename?: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n`,
  );

/**
 * An endless well-formed multipart body, each part within its own limit so that only the
 * request's total can stop it: two files of almost 10 MB, then text fields of 60 KB.
 */
function* multipartBody(): Generator<Buffer> {
  for (const name of ['image', 'document']) {
    yield partHead(name, `${name}.pdf`);
    for (let sent = 0; sent + CHUNK <= 10 * 1024 * 1024 - CHUNK; sent += CHUNK) yield Buffer.alloc(CHUNK, 0x41);
    yield Buffer.from('\r\n');
  }
  for (let i = 0; ; i++) {
    yield partHead(`notes[${i}]`);
    yield Buffer.alloc(60 * 1024, 0x6e);
    yield Buffer.from('\r\n');
  }
}

interface Outcome {
  status: number;
  body: unknown;
  /** Bytes of body the client managed to write before the server answered or closed. */
  written: number;
  /** Bytes the server's socket read, headers included. */
  serverRead: number;
}

/**
 * Sends OFFERED bytes of multipart body over a raw socket, as fast as the server takes them,
 * with a Content-Length or chunked; stops writing as soon as an answer arrives.
 */
function sendOversized(url: string, headers: Record<string, string>, framing: 'content-length' | 'chunked'): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const before = serverSockets.length;
    const received: Buffer[] = [];
    let written = 0;
    let answered = false;
    socket.on('data', (chunk) => {
      answered = true;
      received.push(chunk);
    });
    // The server may close while we write: that is the point.
    socket.on('error', () => {});
    // The answer is whole once the server ends its side (it then waits, unread, for the client to
    // leave, see closeWithoutReading); a connection it drops without ending is read as it closes.
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const server = serverSockets[before];
      if (!server) {
        reject(new Error('no server socket'));
        return;
      }
      const answer = { status, written, serverRead: server.bytesRead };
      try {
        resolve({ ...answer, body: JSON.parse(body) as unknown });
      } catch {
        reject(new Error(`unexpected answer ${JSON.stringify({ ...answer, text: text.slice(0, 300) })}`));
      }
    };
    socket.on('end', finish);
    socket.on('close', finish);

    const lines = [
      `POST ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${OFFERED}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);

    const body = multipartBody();
    const pump = () => {
      while (!answered && !socket.destroyed && written < OFFERED) {
        const chunk = body.next().value as Buffer;
        written += chunk.length;
        const framed = framing === 'chunked' ? [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')] : [chunk];
        if (!socket.write(Buffer.concat(framed))) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('the request total, over a real socket', () => {
  it.each(['content-length', 'chunked'] as const)(
    'refuses a %s multipart body over 16 KB to the public sign-in with 413, reading almost none of it',
    async (framing) => {
      const outcome = await sendOversized('/api/auth/login', {}, framing);
      expect(outcome.status).toBe(413);
      expect(outcome.body).toEqual(TOO_LARGE);
      // 16 KB allowed, one socket read of slack (64 KB), against 63 MB offered.
      expect(outcome.serverRead).toBeLessThan(MAX_PUBLIC_REQUEST_BYTES + 256 * 1024);
      expect(outcome.written).toBeLessThan(OFFERED);
    },
  );

  it('refuses a multipart body whose Content-Length is over 21 MB to a signed-in upload at once', async () => {
    const outcome = await sendOversized('/api/v1/sponsors', bearer(token), 'content-length');
    expect(outcome.status).toBe(413);
    expect(outcome.body).toEqual(TOO_LARGE);
    expect(outcome.serverRead).toBeLessThan(256 * 1024);
  });

  it('counts a chunked multipart body to a signed-in upload and stops it at 21 MB', async () => {
    const outcome = await sendOversized('/api/v1/sponsors', bearer(token), 'chunked');
    expect(outcome.status).toBe(413);
    expect(outcome.body).toEqual(TOO_LARGE);
    // It must read up to the total to know; not much further.
    expect(outcome.serverRead).toBeGreaterThan(MAX_REQUEST_BYTES);
    expect(outcome.serverRead).toBeLessThan(MAX_REQUEST_BYTES + 2 * 1024 * 1024);
    expect(outcome.written).toBeLessThan(OFFERED);
    // Nothing of it was stored.
    expect(storedKeys(data.uploads)).toEqual([]);
  });

  it('does not read the body of a caller it turns away', async () => {
    const outcome = await sendOversized('/api/v1/sponsors', {}, 'content-length');
    expect(outcome.status).toBe(401);
    expect(outcome.serverRead).toBeLessThan(256 * 1024);
  });

  it('still takes the largest legitimate upload', async () => {
    const { payload, headers } = await multipart({
      name: 'Patrocinador grande',
      country_id: '1',
      logo: new File([new Uint8Array(Buffer.concat([pngBytes(), Buffer.alloc(10 * 1024 * 1024 - pngBytes().length)]))], 'logo.png'),
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/sponsors`, {
      method: 'POST',
      headers: { ...bearer(token), ...headers },
      body: new Uint8Array(payload),
    });
    expect(response.status).toBe(201);
  });
});

describe('uploaded files', () => {
  it('cannot be imitated by a JSON body', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/v1/sponsors',
      headers: bearer(token),
      payload: {
        name: 'Falso',
        country_id: 1,
        logo: { fieldname: 'logo', filename: 'x.png', kind: 'png', mimetype: 'image/png', size: 10, path: '/etc/passwd' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['logo']);
  });
});

describe('an empty body with the JSON content type', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['Content-Length: 0', { 'content-length': '0' }],
    ['no Content-Length', {}],
  ])('lets logout revoke the token (%s)', async (_label, length) => {
    const session = await ctx.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await ctx.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...bearer(session), ...json, ...length } });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('success');
    const after = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) });
    expect(after.statusCode).toBe(401);
  });

  it.each([
    ['Content-Length: 0', { 'content-length': '0' }],
    ['no Content-Length', {}],
  ])('is {} on a DELETE (%s)', async (_label, length) => {
    const created = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: bearer(token), payload: { name: 'Para borrar', country_id: 1 } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const response = await ctx.inject({ method: 'DELETE', url: `/api/v1/sponsors/${id}`, headers: { ...bearer(token), ...json, ...length } });
    expect(response.statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/sponsors/${id}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});
