// Finds the native rtk of the platform package for this OS and CPU. lib/platforms.json (written
// by dist/npm/pack.sh from dist/platforms.tsv) maps `<platform>-<arch>` to the package name.
'use strict';
const path = require('node:path');
const platforms = require('./platforms.json');

function nativeBinary() {
  const key = `${process.platform}-${process.arch}`;
  const pkg = platforms[key];
  if (!pkg) {
    throw new Error(`no prebuilt rtk for ${key}; build it from source: cargo install --locked --git https://github.com/rtk-proxy/rtk`);
  }
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`the package ${pkg} (rtk for ${key}) is not installed; reinstall rtk-proxy without --omit=optional / --no-optional`);
  }
  return path.join(dir, 'bin', process.platform === 'win32' ? 'rtk.exe' : 'rtk');
}

module.exports = { nativeBinary };
