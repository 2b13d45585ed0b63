/** libheif-js 1.23.2 ships types for the raw C API only: the JavaScript wrapper the renderer uses. */
declare module 'libheif-js/wasm-bundle' {
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes to RGBA into `target.data` (irot/imir applied); calls back with `target`, or null. */
    display(
      target: { data: Uint8ClampedArray; width: number; height: number },
      callback: (result: unknown) => void,
    ): void;
    free(): void;
  }
  interface HeifDecoder {
    /** The top-level images; [] when the file cannot be parsed (the reason goes to console.log). */
    decode(buffer: Uint8Array): HeifImage[];
    decoder: { delete(): void } | null;
  }
  const libheif: { HeifDecoder: new () => HeifDecoder };
  export = libheif;
}
