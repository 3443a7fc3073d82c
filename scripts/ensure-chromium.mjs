// The browser tests (`npm run test:e2e`) and the benchmark (`npm run bench`: its page timings and
// Lighthouse) drive Debian's Chromium, never a downloaded browser. Installs it when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? '' : 'sudo ';
  console.log('Installing Debian chromium for the browser tests...');
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
}
