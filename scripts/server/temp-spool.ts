// Node's AppDeps.spoolBody: a large request body (an archive to import) streams into a private
// temporary file under DATA_DIR/tmp and is read back by range, so the server's memory holds a
// chunk of it at a time, not all of it. `npm run import` reads its file the same way.
import { randomUUID } from 'node:crypto';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SpooledBody, SpoolBody } from '#core/spool.ts';

const PREFIX = 'spool-';

function rangeReader(handle: FileHandle, size: number, dispose: () => Promise<void>): SpooledBody {
  return {
    size,
    async read(offset, length) {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, offset);
      return buffer.subarray(0, bytesRead);
    },
    dispose,
  };
}

/** A file on disk, read by range; `dispose` closes it. */
export async function openRangeReader(file: string): Promise<SpooledBody> {
  const handle = await fs.open(file, 'r');
  return rangeReader(handle, (await handle.stat()).size, () => handle.close());
}

export function tempFileSpool(dir: string): SpoolBody {
  return async (body) => {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${PREFIX}${randomUUID()}`);
    const handle = await fs.open(file, 'w+', 0o600);
    const dispose = async () => {
      await handle.close().catch(() => {});
      await fs.rm(file, { force: true });
    };
    let size = 0;
    try {
      for await (const chunk of body) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
    } catch (error) {
      await dispose();
      throw error;
    }
    return rangeReader(handle, size, dispose);
  };
}

/** At start-up: the spool files of a process that was killed while it read a body. */
export async function removeLeftoverSpools(dir: string): Promise<void> {
  const names = await fs.readdir(dir).catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(PREFIX)).map((name) => fs.rm(path.join(dir, name), { force: true })));
}
