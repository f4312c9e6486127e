;; The loudest 16-bit sample of a run, eight samples at a time (WebAssembly SIMD): the scan behind computePeaks.
;; maxAbs(at, samples): the run is `samples` little-endian 16-bit samples (at least 8) from byte `at` of the memory.
;; It returns (max |odd sample| << 16) | max |even sample|: for a stereo run (an even number of samples) the two
;; channels; for a mono run, the larger of the two is the run's peak. |-32768| is 32768: i16x8.abs wraps it to 0x8000, which the
;; unsigned max reads as 32768. The last block is read from the run's end, overlapping the one before it (a maximum
;; may count a sample twice); in a run of an even number it starts an even number of samples in, so even samples
;; stay in even lanes.
;; Assembled into peak-kernel.ts by `node scripts/assemble-wasm.mjs`.
(module
  (memory (export "memory") 17)
  (func (export "maxAbs") (param $at i32) (param $samples i32) (result i32)
    (local $last i32) (local $acc v128) (local $even v128) (local $odd v128)
    (local.set $last (i32.add (local.get $at) (i32.sub (i32.shl (local.get $samples) (i32.const 1)) (i32.const 16))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $last)))
        (local.set $acc (i16x8.max_u (local.get $acc) (i16x8.abs (v128.load align=1 (local.get $at)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $next)))
    (local.set $acc (i16x8.max_u (local.get $acc) (i16x8.abs (v128.load align=1 (local.get $last)))))
    ;; as four 32-bit lanes, each (odd << 16) | even: split them, then the maximum across the lanes of each
    (local.set $even (v128.and (local.get $acc) (i32x4.splat (i32.const 65535))))
    (local.set $odd (i32x4.shr_u (local.get $acc) (i32.const 16)))
    (local.set $even (i32x4.max_u (local.get $even)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $even) (local.get $even))))
    (local.set $even (i32x4.max_u (local.get $even)
      (i8x16.shuffle 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 (local.get $even) (local.get $even))))
    (local.set $odd (i32x4.max_u (local.get $odd)
      (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $odd) (local.get $odd))))
    (local.set $odd (i32x4.max_u (local.get $odd)
      (i8x16.shuffle 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 (local.get $odd) (local.get $odd))))
    (i32.or (i32x4.extract_lane 0 (local.get $even))
      (i32.shl (i32x4.extract_lane 0 (local.get $odd)) (i32.const 16)))))
