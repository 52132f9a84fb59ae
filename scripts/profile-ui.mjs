// `npm run profile:ui -- /agendamientos [/categorias …]`: where a phone's main thread goes on a cold,
// signed-in load of each screen. Builds the panel with source maps (PROFILE_UI_DIST=<dir> reuses a
// build made with `--sourcemap`), loads each screen in headless Chromium at 4× CPU slowdown (as
// Lighthouse's mobile run simulates) on its slow 4G (applied here, not simulated: 562.5 ms a request,
// 1.47 Mbit/s down) with V8's sampling profiler on, and prints the longest tasks
// (stretches without an idle sample) with what their time was spent in, by package or source
// module, read through the source maps. Each profile is written mapped to the sources under
// data/profiles/, for `node scripts/cpuprofile-summary.mjs` or DevTools.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { buildPanel, coldStart, launchChromium, root, startPanel } from './support/panel-under-test.mjs';

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
if (paths.length === 0) throw new Error('Uso: npm run profile:ui -- /agendamientos [/categorias …]');
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network, as DevTools applies it (its "devtools" throttling of slow 4G). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const LONGEST_TASKS = 3;
const QUIET_MS = 5000;

const distDir = process.env.PROFILE_UI_DIST ? path.resolve(process.env.PROFILE_UI_DIST) : mkdtempSync(path.join(tmpdir(), 'panel-profile-dist-'));
if (!process.env.PROFILE_UI_DIST) buildPanel(distDir, '--sourcemap');

/** The source a built file's line and column came from, as `node_modules/<package>/…` or `src/…`. */
const consumers = new Map();
function original(url, line, column) {
  const { pathname } = new URL(url);
  const mapFile = path.join(distDir, `${pathname}.map`);
  if (!consumers.has(mapFile)) consumers.set(mapFile, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  const position = consumers.get(mapFile)?.originalPositionFor({ line: line + 1, column });
  if (!position?.source) return null;
  return { source: position.source.replace(/^(\.\.\/)+/, ''), line: position.line - 1, name: position.name };
}
const packageOf = (source) => source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source.replace(/^src\/([^/]+\/[^/]+).*/, 'src/$1');

/** Rewrites the profile's frames to their sources, so every tool that reads it speaks of modules. */
function mapToSources(profile) {
  for (const { callFrame } of profile.nodes) {
    if (!callFrame.url.includes('/assets/') || callFrame.lineNumber < 0) continue;
    const at = original(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    if (!at) continue;
    callFrame.url = `file:///${at.source}`;
    callFrame.lineNumber = at.line;
    callFrame.functionName = at.name ?? callFrame.functionName;
  }
}

/** The stretches of samples without an idle one, longest first, each with its time by package. */
function longestTasks(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const tasks = [];
  let current = null;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const node = nodes.get(id);
    if (node.callFrame.functionName === '(idle)') {
      current = null;
      return;
    }
    if (!current) tasks.push((current = { start: at, duration: 0, byPackage: new Map() }));
    const time = profile.timeDeltas[index + 1] ?? 0;
    current.duration += time;
    const url = node.callFrame.url;
    const key = url ? packageOf(url.replace('file:///', '')) : node.callFrame.functionName;
    current.byPackage.set(key, (current.byPackage.get(key) ?? 0) + time);
  });
  return tasks.sort((a, b) => b.duration - a.duration).slice(0, LONGEST_TASKS);
}

const panel = await startPanel({ port: Number(process.env.PROFILE_UI_PORT ?? 3450), distDir });
const browser = await launchChromium();
const outDir = path.join(root, 'data/profiles');
mkdirSync(outDir, { recursive: true });
try {
  const session = await panel.signIn();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 412, height: 823 });
  const cdp = await browser.context.newCDPSession(page);
  for (const screenPath of paths) {
    await coldStart(page, cdp, panel.origin, session);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(`${panel.origin}${screenPath}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(QUIET_MS);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    mapToSources(profile);
    const file = path.join(outDir, `ui${screenPath.replace(/\W+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));

    console.log(`\n${screenPath} (${CPU_SLOWDOWN}× slower CPU, ${((Date.now() - started) / 1000).toFixed(1)} s recorded; ${path.relative(root, file)})`);
    for (const task of longestTasks(profile)) {
      const top = [...task.byPackage].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([key, time]) => `${key} ${(time / 1000).toFixed(0)}`);
      console.log(`  task at ${((task.start - profile.startTime) / 1000).toFixed(0)} ms, ${(task.duration / 1000).toFixed(0)} ms: ${top.join(', ')}`);
    }
  }
} finally {
  await browser.close();
  panel.stop();
}
