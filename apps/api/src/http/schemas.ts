import { errorBodySchema } from '@lavoura/domain';
import { z } from 'zod';

/** Error answers every route may give, for the OpenAPI document. */
export const commonErrorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
} as const;

/**
 * The mark of an answer sent as a file: the OpenAPI document (openapi-document.ts) declares these
 * media types, with binary bytes, instead of JSON.
 */
export const FILE_MEDIA_TYPES = 'x-file-media-types';

/** The media types of the prescription's two formats. */
export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A 200 answer that is a file in one of `mediaTypes`. The handler sends bytes (Fastify does not
 * serialise them), so the schema checks nothing; it only declares the file.
 */
export function fileAnswer(description: string, mediaTypes: readonly string[]) {
  return z.any().meta({ description, [FILE_MEDIA_TYPES]: [...mediaTypes] });
}

/** A JSON answer that some query turns into a file in one of `mediaTypes` (a report as PDF). */
export function jsonOrFileAnswer<T extends z.core.$ZodType>(
  schema: T,
  description: string,
  mediaTypes: readonly string[],
): T {
  // A copy, as `.meta()` makes: the contract (a zod/mini schema of packages/domain) stays as it is.
  const answer = z.core.clone(schema);
  z.globalRegistry.add(answer, { description, [FILE_MEDIA_TYPES]: [...mediaTypes] });
  return answer;
}

/**
 * The body of an upload the handler reads with `request.file()`: a multipart form whose field
 * `file` holds the file. Fastify leaves the stream to the handler (the schema accepts anything);
 * the OpenAPI document declares the form, so a generated client can send it.
 */
export function multipartFileBody(description: string) {
  return z.unknown().meta({
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description } },
  });
}
