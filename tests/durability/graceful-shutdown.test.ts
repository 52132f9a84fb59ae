import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port';
import { encodePng } from '../../server/db/seed/demo-images';
import { openEventStream } from '../api/support/event-stream';
import { signInAsAdmin, spawnServer, type ServerProcess } from '../e2e/support/server';

/*
 * A deploy's SIGTERM while staff work: the balancer is told at once (ready 503, or no new
 * connection), every request already sent gets its whole answer, the live streams are told to
 * reconnect, the process ends with 0, and the next start on the same data is clean.
 */

/** The server's own process, as `npm start` runs it, so the signal reaches the server itself. */
const SERVER_ARGS = ['--import', 'tsx', 'server/main.ts'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const exited = (server: ServerProcess) =>
  new Promise<void>((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once('exit', () => resolve())));

/** A GET on a connection of its own (never one kept from before): its status and body, or 'refused'. */
const getFresh = (url: string) =>
  new Promise<{ status: number; body: string } | 'refused'>((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
      response.on('error', () => resolve('refused'));
    });
    request.on('error', () => resolve('refused'));
  });

/**
 * A request whose body is sent in two steps: the head and the first part now, the rest when
 * `finish()` is called, in small pieces with pauses (a slow network). `answer` is its status and
 * whole body, or the error that cut it.
 */
function slowRequest(url: string, method: string, headers: Record<string, string>, body: Buffer) {
  const request = http.request(url, { method, agent: false, headers: { ...headers, 'content-length': String(body.length) } });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  const firstPart = Math.floor(body.length / 3);
  request.write(body.subarray(0, firstPart));
  return {
    answer,
    async finish(pieces = 4, pauseMs = 250) {
      const rest = body.subarray(firstPart);
      const size = Math.ceil(rest.length / pieces);
      for (let offset = 0; offset < rest.length; offset += size) {
        await sleep(pauseMs);
        request.write(rest.subarray(offset, offset + size));
      }
      request.end();
    },
  };
}

/** A multipart body as a browser's FormData sends it. */
async function multipartBody(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

let dataDir = mkdtempSync(path.join(tmpdir(), 'panel-shutdown-'));
const dataDirs = [dataDir];
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await exited(server);
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the server on `dataDir` and asks /health/ready from the moment it is spawned until it
 * answers 200: what it answered on the way (refused connections, then 503 while migrating and seeding).
 */
async function startAndWatch(env: Record<string, string> = {}) {
  const running = spawnServer({ args: SERVER_ARGS, dataDir, port: await freePort(), env: { HOST: '127.0.0.1', SEED_DEMO: 'true', ...env } });
  server = running;
  const seen: string[] = [];
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`The server exited while starting:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`Not ready within 90 s; answers seen: ${seen.join(', ')}\n${running.output()}`);
    const answer = await getFresh(`${running.url}/health/ready`);
    const seenNow = answer === 'refused' ? 'refused' : `${answer.status} ${answer.status === 503 ? JSON.parse(answer.body).state : ''}`.trim();
    if (seen.at(-1) !== seenNow) seen.push(seenNow);
    if (answer !== 'refused' && answer.status === 200) break;
    await sleep(50);
  }
  await running.ready();
  return { running, seen };
}

const api = (url: string, token: string, route: string, init: RequestInit = {}) =>
  fetch(`${url}/api/${route}`, { ...init, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...init.headers } });

describe('SIGTERM while requests and a live stream are open', () => {
  let token: string;
  let earlierId: number;
  const logo = encodePng(64, 64, (x, y) => [x * 4, y * 4, 120, 255]);
  const names = { upload: 'Subida lenta durante el apagado', json: 'JSON lento durante el apagado' };

  it('answers ready 503 while starting, 200 once up, and live 200', async () => {
    const { running, seen } = await startAndWatch();
    // Listening before migrating: a balancer sees it starting rather than only a closed port.
    expect(seen.filter((answer) => answer !== 'refused')).toEqual(['503 starting', '200']);
    const ready = await getFresh(`${running.url}/health/ready`);
    expect(ready !== 'refused' && JSON.parse(ready.body)).toEqual({ status: 'ok', state: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    const live = await getFresh(`${running.url}/health/live`);
    expect(live !== 'refused' && [live.status, JSON.parse(live.body)]).toEqual([200, { status: 'ok' }]);
  });

  it('finishes every request in flight, tells the stream to reconnect, stops taking new ones and exits 0', async () => {
    const running = server!;
    token = await signInAsAdmin(running.url, path.join(dataDir, 'mail.log'));
    const countryId = ((await (await api(running.url, token, 'v1/countries?limit=1')).json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
    const earlier = await api(running.url, token, 'v1/sponsors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Escrito antes del apagado', country_id: countryId }) });
    expect(earlier.status).toBe(201);
    earlierId = ((await earlier.json()) as { data: { id: number } }).data.id;
    const dspId = ((await (await api(running.url, token, 'v1/dsps?limit=1')).json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;

    const stream = await openEventStream(`${running.url}/api/v1/dsps/${dspId}/bookings/stream`, token);
    expect(stream.response.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');

    const form = await multipartBody({ name: names.upload, country_id: String(countryId), logo: new File([new Uint8Array(logo)], 'logo.png', { type: 'image/png' }) });
    const upload = slowRequest(`${running.url}/api/v1/sponsors`, 'POST', { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': form.contentType }, form.body);
    const json = slowRequest(
      `${running.url}/api/v1/sponsors`,
      'POST',
      { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ name: names.json, country_id: countryId })),
    );
    // Their heads and first bytes reach the server before the signal does.
    await sleep(500);

    running.child.kill('SIGTERM');
    await sleep(100);
    // The balancer's next probe: told 503 if the port still takes it, else refused.
    const probe = await getFresh(`${running.url}/health/ready`);
    if (probe !== 'refused') expect([probe.status, JSON.parse(probe.body).state]).toEqual([503, 'stopping']);

    await Promise.all([upload.finish(), json.finish()]);
    const [uploaded, created] = await Promise.all([upload.answer, json.answer]);
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(JSON.parse(uploaded.body).data).toMatchObject({ name: names.upload, logo_url: expect.stringMatching(/^\/storage\/sponsors\//) });
    expect(created.status, created.body).toBe(201);
    expect(JSON.parse(created.body).data).toMatchObject({ name: names.json });

    await stream.ended(10_000);
    expect(stream.text()).toMatch(/retry: \d+\n: el servidor se detiene; vuelve a conectar\n\n$/);

    await exited(running);
    expect(running.child.exitCode).toBe(0);
    expect(running.output()).toContain('SIGTERM: el servidor se detiene');
    expect(running.errorOutput(), 'errors printed from the start to the stop').toBe('');
    // Once stopped, nothing answers on its port.
    expect(await getFresh(`${running.url}/health/live`)).toBe('refused');
  });

  it('starts cleanly on the same data afterwards, with what was written before and during the stop', async () => {
    const { running } = await startAndWatch();
    // The session signed in before the stop still opens the API.
    const earlier = await api(running.url, token, `v1/sponsors/${earlierId}`);
    expect(earlier.status).toBe(200);
    const found = (await (await api(running.url, token, `v1/sponsors?filter[q]=${encodeURIComponent('durante el apagado')}&limit=10`)).json()) as {
      data: { data: { name: string; logo_url: string | null }[] };
    };
    expect(found.data.data.map((sponsor) => sponsor.name).sort()).toEqual([names.json, names.upload].sort());
    const logoUrl = found.data.data.find((sponsor) => sponsor.name === names.upload)!.logo_url!;
    const file = await fetch(`${running.url}${logoUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('cuts what is still open after SHUTDOWN_GRACE, says so, and still exits', async () => {
    server!.child.kill('SIGTERM');
    await exited(server!);
    expect(server!.child.exitCode).toBe(0);
    const { running } = await startAndWatch({ SHUTDOWN_GRACE: '1s' });
    // A body that never arrives: its request cannot finish within the grace.
    const stuck = slowRequest(`${running.url}/api/v1/sponsors`, 'POST', { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ name: 'Nunca llega entero', country_id: 1 })));
    await sleep(500);
    running.child.kill('SIGTERM');
    await expect(stuck.answer).rejects.toThrow();
    await exited(running);
    expect(running.child.exitCode).toBe(0);
    expect(running.errorOutput()).toContain('Pasados 1 s (SHUTDOWN_GRACE) quedaban peticiones sin terminar: se cortan sus conexiones.');
  });
});

describe('SIGTERM while starting', () => {
  it('lets the migrations and the first seed finish, exits 0, and the next start has the demo data', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'panel-shutdown-start-'));
    dataDirs.push(dataDir);
    const starting = spawnServer({ args: SERVER_ARGS, dataDir, port: await freePort(), env: { HOST: '127.0.0.1', SEED_DEMO: 'true' } });
    server = starting;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const answer = await getFresh(`${starting.url}/health/ready`);
      if (answer !== 'refused') {
        expect([answer.status, JSON.parse(answer.body).state]).toEqual([503, 'starting']);
        break;
      }
      if (starting.child.exitCode !== null || Date.now() > deadline) throw new Error(`No answer while starting:\n${starting.output()}`);
      await sleep(50);
    }
    starting.child.kill('SIGTERM');
    await exited(starting);
    expect(starting.child.exitCode).toBe(0);
    expect(starting.errorOutput()).toBe('');
    expect(starting.output()).not.toContain('listo en');

    const { running } = await startAndWatch();
    const token = await signInAsAdmin(running.url, path.join(dataDir, 'mail.log'));
    const sponsors = (await (await api(running.url, token, 'v1/sponsors?limit=1')).json()) as { data: { total: number } };
    expect(sponsors.data.total).toBeGreaterThan(0);
    running.child.kill('SIGTERM');
    await exited(running);
    expect(running.child.exitCode).toBe(0);
  });
});
