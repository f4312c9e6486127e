#!/usr/bin/env node
// Assembles main/audio/peak-kernel.wat into the base64 constant of main/audio/peak-kernel-bytes.ts (run after
// editing the .wat; peak-kernel.test.ts checks that the two agree). `--print` writes the base64 to stdout instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import initWabt from 'wabt';

const WAT = fileURLToPath(new URL('../main/audio/peak-kernel.wat', import.meta.url));
const OUT = fileURLToPath(new URL('../main/audio/peak-kernel-bytes.ts', import.meta.url));

/** The .wat assembled, as base64. */
export async function assemblePeakKernel() {
  const wabt = await initWabt();
  const module = wabt.parseWat('peak-kernel.wat', readFileSync(WAT, 'utf8'), { simd: true });
  try {
    return Buffer.from(module.toBinary({}).buffer).toString('base64');
  } finally {
    module.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const base64 = await assemblePeakKernel();
  if (process.argv.includes('--print')) {
    process.stdout.write(`${base64}\n`);
  } else {
    const lines = base64.match(/.{1,100}/g).map((l) => `  '${l}'`).join(' +\n');
    writeFileSync(
      OUT,
      '/** peak-kernel.wat assembled (`node scripts/assemble-wasm.mjs` writes this file), as base64. */\n' +
        `export const PEAK_KERNEL_BASE64 =\n${lines};\n`,
    );
  }
}
