/**
 * The scan of computePeaks for 16-bit samples in WebAssembly SIMD (peak-kernel.wat): eight samples per instruction,
 * ≈8× the JavaScript loop on a 1-hour stereo call. One instance per thread, its memory grown to the largest piece.
 */
import { PEAK_KERNEL_BASE64 } from './peak-kernel-bytes';

/** Fewest samples the kernel takes in one run (one 16-byte block). */
export const KERNEL_MIN_SAMPLES = 8;

/** A piece of 16-bit samples copied into the kernel's memory, and the peaks of its runs. */
export interface PeakKernel {
  /** Copies `bytes` (16-bit little-endian samples) in, replacing the piece before; returns them as samples. */
  load(bytes: Uint8Array): Int16Array;
  /**
   * Of the loaded piece's samples [from, from + count) (count ≥ KERNEL_MIN_SAMPLES): the largest |sample| at even
   * offsets from `from` in the low 16 bits, at odd offsets in the high 16 bits.
   */
  maxAbs(from: number, count: number): number;
}

const PAGE = 65_536;
let instance: PeakKernel | null = null;

/** This thread's kernel, instantiated on first use (Node and Electron have had WebAssembly SIMD since V8 9.1). */
export function peakKernel(): PeakKernel {
  instance ??= instantiate();
  return instance;
}

function instantiate(): PeakKernel {
  const bytes = Buffer.from(PEAK_KERNEL_BASE64, 'base64');
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  const memory = exports.memory as WebAssembly.Memory;
  const maxAbs = exports.maxAbs as (at: number, samples: number) => number;
  return {
    load(piece) {
      const short = piece.length - memory.buffer.byteLength;
      if (short > 0) memory.grow(Math.ceil(short / PAGE));
      new Uint8Array(memory.buffer).set(piece);
      return new Int16Array(memory.buffer, 0, piece.length >> 1);
    },
    maxAbs: (from, count) => maxAbs(from * 2, count),
  };
}
