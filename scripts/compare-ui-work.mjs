// `npm run compare:ui -- <build A> <build B> [/campanas,/ …] [rounds]`: how much main-thread work two
// builds of the panel (`vite build --outDir <dir>`) cost a phone as each screen loads, loads alternated
// A, B, A, B… so that a machine whose speed drifts weighs on both alike. Each load is cold (no cached
// file), signed in, 390 px wide, at Lighthouse's 4× CPU slowdown, and measured over its first 6 s: the
// long tasks (their time past 50 ms, and the longest) and Chromium's own counters (time in tasks,
// scripts, style and layout; style and layout passes); the medians are printed. For a change to the
// main thread's work these move less between runs than Lighthouse's scores, which also weigh a
// simulated network and the machine's moment.
import { coldStart, launchChromium, startPanel } from './support/panel-under-test.mjs';

const [distA, distB, pathList = '/campanas,/', roundsArg = '5'] = process.argv.slice(2);
if (!distA || !distB) throw new Error('Uso: npm run compare:ui -- <build A> <build B> [/campanas,/ …] [rondas]');
const paths = pathList.split(',');
const rounds = Number(roundsArg);
const SETTLE_MS = 6000;
const CPU_SLOWDOWN = 4;
/** The long tasks' time past 50 ms and the longest, then Chromium's `Performance.getMetrics` counters by their names; durations in seconds. */
const COUNTERS = ['Blocking', 'LongestTask', 'TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount'];

const builds = { A: distA, B: distB };
const panels = { A: await startPanel({ port: 3480, distDir: distA }), B: await startPanel({ port: 3482, distDir: distB }) };
const browser = await launchChromium();
/** path → build → one row of counters per load. */
const loads = new Map(paths.map((screen) => [screen, { A: [], B: [] }]));
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 390, height: 844 });
  // The main thread's long tasks as the page sees them: their time past 50 ms each is what blocks a
  // tap (Lighthouse's total blocking time, observed here rather than simulated), and the longest.
  await page.addInitScript(() => {
    const blocked = { total: 0, longest: 0 };
    window.__blocked = blocked;
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) {
        blocked.total += Math.max(0, task.duration - 50);
        blocked.longest = Math.max(blocked.longest, task.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const sessions = { A: await panels.A.signIn(), B: await panels.B.signIn() };
  const counters = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, value]));
  for (let round = 0; round < rounds; round += 1) {
    for (const build of ['A', 'B']) {
      for (const screen of paths) {
        await coldStart(page, cdp, panels[build].origin, sessions[build]);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        // Chromium's counters start again with each document: the screen's own are its load's alone.
        await page.goto(`${panels[build].origin}${screen}`);
        await page.waitForTimeout(SETTLE_MS);
        const { total, longest } = await page.evaluate(() => window.__blocked);
        const read = { ...(await counters()), Blocking: total / 1000, LongestTask: longest / 1000 };
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        loads.get(screen)[build].push(read);
      }
    }
  }
} finally {
  await browser.close();
  panels.A.stop();
  panels.B.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const shown = (counter, value) => (counter.endsWith('Count') ? String(value) : `${Math.round(value * 1000)} ms`);
console.log(`Mediana de ${rounds} cargas por pantalla y versión (390 px, CPU ${CPU_SLOWDOWN}× más lenta, primeros ${SETTLE_MS / 1000} s)`);
console.log(`A: ${builds.A}\nB: ${builds.B}\n`);
console.log(`| pantalla | versión | ${COUNTERS.join(' | ')} |`);
console.log(`|---|---|${COUNTERS.map(() => '--:').join('|')}|`);
for (const [screen, byBuild] of loads) {
  for (const build of ['A', 'B']) {
    const cells = COUNTERS.map((counter) => shown(counter, median(byBuild[build].map((read) => read[counter]))));
    console.log(`| ${screen} | ${build} | ${cells.join(' | ')} |`);
  }
}
