/**
 * A minimal writer of `.tar.gz` archives, enough for a plugin tarball: directories and regular
 * files (with their permission bits), in the POSIX ustar format with a pax header for paths longer
 * than ustar holds. Node's zlib compresses; nothing else is needed.
 */
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

const BLOCK = 512;

/** Bytes handed to zlib at a time. */
const BATCH = 1 << 20;

/** Writes `text` (ASCII) into `header` at `offset`, at most `length` bytes. */
function put(header: Buffer, offset: number, length: number, text: string): void {
  header.write(text, offset, Math.min(length, Buffer.byteLength(text)), "utf8");
}

/** An octal number field: `length - 1` digits and a NUL. */
function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

/** One 512-byte ustar header. */
function ustarHeader(name: string, mode: number, size: number, mtime: number, type: "0" | "5" | "x"): Buffer {
  const header = Buffer.alloc(BLOCK);
  put(header, 0, 100, name);
  put(header, 100, 8, octal(mode, 8));
  put(header, 108, 8, octal(0, 8));
  put(header, 116, 8, octal(0, 8));
  put(header, 124, 12, octal(size, 12));
  put(header, 136, 12, octal(mtime, 12));
  put(header, 148, 8, " ".repeat(8));
  put(header, 156, 1, type);
  put(header, 257, 8, "ustar\u000000");
  put(header, 265, 32, "root");
  put(header, 297, 32, "root");
  let sum = 0;
  for (const byte of header) sum += byte;
  put(header, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return header;
}

/** Zeros that pad `size` bytes up to a whole block. */
function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A pax extended header record `<length> path=<name>\n`, its length counting itself. */
function paxPathRecord(name: string): Buffer {
  const body = ` path=${name}\n`;
  const bodyLength = Buffer.byteLength(body);
  let digits = 1;
  while (String(bodyLength + digits).length !== digits) digits++;
  return Buffer.from(`${bodyLength + digits}${body}`, "utf8");
}

/** One entry of an archive: a directory or a regular file at a relative POSIX path. */
export interface TarEntry {
  /** The path below the archive's root, without a trailing slash. */
  path: string;
  kind: "dir" | "file";
  /** The permission bits. */
  mode: number;
  /** The modification time, in seconds since the epoch. */
  mtime: number;
  /** A file's content, read when the entry is written. */
  read?: () => Buffer;
}

/** The header block(s) of one entry: a pax header first when `name` does not fit ustar's 100 bytes. */
function* headers(
  name: string,
  mode: number,
  size: number,
  mtime: number,
  type: "0" | "5",
): Generator<Buffer> {
  if (Buffer.byteLength(name) > 100) {
    const record = paxPathRecord(name);
    yield ustarHeader("PaxHeader", 0o644, record.length, mtime, "x");
    yield record;
    yield padding(record.length);
  }
  yield ustarHeader(name, mode, size, mtime, type);
}

/** The blocks of one entry: its header(s), then a file's content padded to a whole block. */
function* blocks({ path, kind, mode, mtime, read }: TarEntry): Generator<Buffer> {
  if (kind === "dir") {
    yield* headers(`${path}/`, mode, 0, mtime, "5");
    return;
  }
  const content = read?.() ?? Buffer.alloc(0);
  yield* headers(path, mode, content.length, mtime, "0");
  yield content;
  yield padding(content.length);
}

/**
 * Writes `entries`, in their order (a directory before what it holds), as a gzipped tarball to
 * `file`.
 */
export async function writeTarGz(entries: Iterable<TarEntry>, file: string): Promise<void> {
  function* archive(): Generator<Buffer> {
    for (const entry of entries) yield* blocks(entry);
    yield Buffer.alloc(2 * BLOCK);
  }
  await pipeline(Readable.from(batched(archive())), createGzip(), createWriteStream(file));
}

/**
 * The blocks of `chunks` joined into buffers of about {@link BATCH} bytes: zlib compresses each
 * written chunk as a task of its own, and one per header made the archive 5 times slower.
 */
function* batched(chunks: Iterable<Buffer>): Generator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= BATCH) {
      yield Buffer.concat(pending, size);
      pending = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(pending, size);
}
