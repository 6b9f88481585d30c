// postinstall: on Linux and macOS, put the native rtk in place of the JS launcher bin/rtk (a hard
// link, else a copy), so `rtk` on PATH is the binary itself and a hook call pays no Node start.
// Any failure leaves the launcher, which works the same, only slower. Windows keeps the launcher.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { nativeBinary } = require('./platform.js');

function main() {
  if (process.platform === 'win32') return;
  const native = nativeBinary();
  const launcher = path.join(__dirname, '..', 'bin', 'rtk');
  const tmp = `${launcher}.native-${process.pid}`;
  try {
    fs.linkSync(native, tmp);
  } catch {
    fs.copyFileSync(native, tmp);
    fs.chmodSync(tmp, 0o755);
  }
  // Only a binary that runs here may replace the launcher.
  const out = execFileSync(tmp, ['--version'], { encoding: 'utf8' });
  if (!out.startsWith('rtk ')) throw new Error(`unexpected --version: ${out}`);
  fs.renameSync(tmp, launcher);
}

try {
  main();
} catch (err) {
  process.stderr.write(`rtk-proxy: keeping the Node launcher (${err.message})\n`);
}
