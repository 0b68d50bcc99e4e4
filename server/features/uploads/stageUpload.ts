import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { UploadFormat } from '../../engines/duckdb/warehouse';
import { ApiError, badRequest } from '../../errors';
import { displayName, formatFromName } from './uploadFormat';
import type { UploadContentLimits } from '../../config';
import { contentCheck } from './uploadLimits';

// Reading an upload's multipart body: the one `file` streamed to the tenant's staging folder
// (never held in memory) through the content limits, and the text fields; the parser's
// refusals told as 400/413 naming `file`.

interface StagedUpload {
  path: string;
  fileName: string;
  fields: Record<string, string>;
}

export interface StagingLimits {
  maxBytes: number;
  content: UploadContentLimits;
}

const MB = 1024 * 1024;

function tooLarge(limit: number): ApiError {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${limit} bytes`;
  return new ApiError(413, `file: the upload limit is ${size}.`, 'file');
}

/** @fastify/multipart's refusals that are the sender's fault, as 400s naming `file`. */
const MULTIPART_REFUSALS: Record<string, string> = {
  FST_FILES_LIMIT: 'file: send one file per upload.',
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form parts.',
  FST_PROTO_VIOLATION: 'Form field name is not allowed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE:
    'Send the file as multipart/form-data in a field named "file".',
};

/**
 * What a failure while reading the body answers: our own refusals as they are, the size limit
 * as 413, a body the multipart parser cannot read as 400; file-system errors stay 500s.
 */
function stagingError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ApiError) return error;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code && MULTIPART_REFUSALS[code]) return badRequest(MULTIPART_REFUSALS[code], 'file');
  if (syscall) return error;
  return badRequest('file: the multipart body is malformed or incomplete.', 'file');
}

/**
 * Reads and drops what is left of a body refused part-way, which the multipart parser has
 * stopped reading: unread, it would stay on the connection and stall the client's next request.
 */
function discardRestOf(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Waits until the staged file's stream has let go of it. A pipeline that fails early (a limit
 * broken in the first chunk) destroys the stream before its file is open; the open still
 * completes later, and a removal before it would leave the new file behind.
 */
async function released(sink: WriteStream): Promise<void> {
  if (sink.closed) return;
  await new Promise<void>((resolve) => {
    sink.once('close', resolve);
    sink.on('error', () => undefined);
    sink.destroy();
  });
}

/**
 * Reads the multipart body: the one `file` streamed to `staging` through the content checks
 * (a file breaking a limit stops there), and the text fields.
 */
export async function stageUpload(
  request: FastifyRequest,
  staging: string,
  limits: StagingLimits,
): Promise<StagedUpload | null> {
  let staged: StagedUpload | null = null;
  let sink: WriteStream | undefined;
  const fields: Record<string, string> = {};
  // The warehouse (which makes the folder too) may not have been opened yet.
  await mkdir(staging, { recursive: true });
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(
          `Unknown file field "${displayName(part.fieldname)}"; send the file as "file".`,
          'file',
        );
      }
      const fileName = part.filename || 'upload';
      let format: UploadFormat;
      try {
        format = formatFromName(fileName);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const path = join(staging, `upload-${randomBytes(12).toString('hex')}`);
      staged = { path, fileName, fields };
      sink = createWriteStream(path, { flags: 'wx' });
      await pipeline(part.file, contentCheck(format, limits.content), sink);
      if (part.file.truncated) throw tooLarge(limits.maxBytes);
    }
  } catch (error) {
    discardRestOf(request);
    if (sink) await released(sink);
    if (staged) await rm(staged.path, { force: true });
    throw stagingError(error, limits.maxBytes);
  }
  return staged;
}
