// A request body kept while it is read by range (an archive's directory sits at its end), without
// holding it in memory where the runtime has somewhere else: Node spools it to a temporary file
// (scripts/server/temp-spool.ts, through AppDeps.spoolBody); Workers, which have no files, and
// tests keep it in memory, bounded by the route's body limit.

export interface SpooledBody {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Frees what the body occupies (deletes the temporary file). */
  dispose(): Promise<void>;
}

export type SpoolBody = (body: ReadableStream<Uint8Array>) => Promise<SpooledBody>;

export const spoolInMemory: SpoolBody = async (body) => {
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  return {
    size: bytes.byteLength,
    read: async (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.byteLength)),
    dispose: async () => {},
  };
};
