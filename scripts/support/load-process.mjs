/**
 * The load generator of `npm run bench:api`, in a process of its own: started with `fork` and kept
 * for the run, it is sent loads as messages, one at a time, runs each with autocannon and answers
 * with every response's latency.
 * In the API's own process, autocannon's work (sending, parsing each answer, large for some lists)
 * would share the event loop that serves the requests and be counted as the API's time; staff's
 * browsers are never in the server's process.
 *
 * Loads: `{ kind: 'fixed', url, headers, connections, amount }` (one path);
 * `{ kind: 'readers', origin, headers, connections, seconds, paths }` (each connection starts at its
 * own place in `paths` and walks on); `{ kind: 'writers', origin, headers, connections, seconds,
 * namePrefix, runId, countryId }` (each creates a sponsor, then updates it, again and again).
 * Answer: `{ latencies, errors, timeouts, non2xx }` (a timeout counted once, not also as an error),
 * and for readers `byPath`: the latencies of each path, in the order of `paths`.
 */
import autocannon from 'autocannon';

const TIMEOUT_SECONDS = 10;

function requestsOf(load) {
  if (load.kind === 'readers') {
    let nextStart = 0;
    return [
      {
        method: 'GET',
        // In step, all the connections would ask for the same list at the same moment; staff on
        // different screens do not.
        setupRequest: (request, context) => {
          context.at = context.at === undefined ? nextStart++ % load.paths.length : (context.at + 1) % load.paths.length;
          return { ...request, path: load.paths[context.at] };
        },
      },
    ];
  }
  if (load.kind === 'writers') {
    let written = 0;
    return [
      {
        method: 'POST',
        path: '/api/v1/sponsors',
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `${load.namePrefix} ${++written}`, country_id: load.countryId }) }),
        onResponse: (status, body, context) => {
          if (status === 201) context.sponsorId = JSON.parse(body).data.id;
        },
      },
      {
        method: 'PUT',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/v1/sponsors/${context.sponsorId ?? 0}`,
          body: JSON.stringify({ website_url: `https://carga-${load.runId}-${written}.example.com` }),
        }),
      },
    ];
  }
  return undefined;
}

function run(load) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const byPath = load.kind === 'readers' ? load.paths.map(() => []) : undefined;
    const instance = autocannon(
      {
        url: load.url ?? load.origin,
        headers: load.headers,
        connections: load.connections,
        // A number of requests, or a number of seconds: autocannon refuses the other given as undefined.
        ...(load.amount === undefined ? { duration: load.seconds } : { amount: load.amount }),
        timeout: TIMEOUT_SECONDS,
        requests: requestsOf(load),
      },
      (error, result) => (error ? reject(error) : resolve({ latencies, byPath, errors: result.errors - result.timeouts, timeouts: result.timeouts, non2xx: result.non2xx })),
    );
    instance.on('response', (client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      // The connection's place in `paths` is still the answered request's: the next is set up after this event.
      byPath?.[client.requestIterator.context.at]?.push(responseTime);
    });
  });
}

process.on('message', async (load) => {
  try {
    process.send({ result: await run(load) });
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});
