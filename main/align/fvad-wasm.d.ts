/** Types of the parts of `@echogarden/fvad-wasm` (libfvad built by Emscripten, no types shipped) that Earshot uses. */
declare module '@echogarden/fvad-wasm' {
  /** The instantiated WebAssembly module: libfvad's C functions and the heap views. */
  export interface FvadModule {
    _fvad_new(): number;
    _fvad_free(inst: number): void;
    _fvad_set_mode(inst: number, mode: number): number;
    _fvad_set_sample_rate(inst: number, rate: number): number;
    _fvad_process(inst: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(ptr: number): void;
    HEAP16: Int16Array;
  }
  /** Instantiates the module (Emscripten's factory; `wasmBinary` skips locating fvad.wasm beside the script). */
  export default function fvad(options?: { wasmBinary?: Uint8Array }): Promise<FvadModule>;
}
