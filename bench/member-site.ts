// The member site's rows of npm run bench alone (issue 19): the home page's and a lobby's JavaScript
// until their first screen is drawn, and Lighthouse on both, against the built site served by the real
// server on a fresh embedded database. For reading one change without the whole benchmark (which also
// generates 10 million bet records three times): `npm run build && npx tsx bench/member-site.ts`.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { memberSiteRows, pageJavaScript } from './home-page.ts';
import { lighthouseScores } from './lighthouse.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_SITE_PORT ?? 8397);
const dataDir = path.join(root, process.env.BENCH_SITE_DATA_DIR ?? '.tmp/bench-member-site');
const lobbyPath = '/live';

await rm(dataDir, { recursive: true, force: true });
const site = spawn('node', ['apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    HOUSE_GAMES_ENABLED: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 240) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const homePage = await pageJavaScript(`${base}/`);
  const lobbyPage = await pageJavaScript(`${base}${lobbyPath}`);
  const home = await lighthouseScores(`${base}/`);
  const lobby = await lighthouseScores(`${base}${lobbyPath}`);
  console.table(memberSiteRows(lobbyPath, homePage, lobbyPage, home, lobby));
  for (const [name, page, scores] of [
    ['home page', homePage, home],
    [lobbyPath, lobbyPage, lobby],
  ] as const) {
    console.log(
      `${name}: ${page.files.length} scripts until idle, ${(page.totalGzipBytes / 1024).toFixed(1)} KB gzip; first paint ${page.firstContentfulPaintMs} ms, first screen ${page.largestContentfulPaintMs} ms (unthrottled)`,
    );
    // What the score is made of besides the paints, and where the main thread's time went.
    console.log(
      `${name}: Lighthouse TBT ${scores.totalBlockingTimeMs} ms, CLS ${scores.cumulativeLayoutShift}; main thread ${scores.mainThread
        .map((entry) => `${entry.group} ${entry.ms}`)
        .join(
          ', ',
        )} ms; scripts ${scores.scripts.map((entry) => `${new URL(entry.url, base).pathname} ${entry.ms}`).join(', ')} ms`,
    );
  }
} finally {
  site.kill('SIGTERM');
  await new Promise((resolve) => (site.exitCode === null ? site.once('exit', resolve) : resolve(null)));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
