import multipart from '@fastify/multipart';
import {
  ERRORS,
  FIELD_KEYS,
  InvalidQueryValueError,
  NOTE_FILE_MAX_BYTES,
  NOTE_FILES_PER_REQUEST,
  errorBodySchema,
  farmNoteParamsSchema,
  fieldErrorKey,
  idParamsSchema,
  noteBodySchema,
  noteFileParamsSchema,
  noteFormFields,
  noteSchema,
  noteUpdateBodySchema,
  notesQuerySchema,
  parseNoteFilter,
  type FieldError,
  type FieldIssue,
} from '@lavoura/domain';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { AppError } from '../../http/app-error.ts';
import { sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { commonErrorResponses, fileAnswer } from '../../http/schemas.ts';
import { NOTE_FILE_MEDIA_TYPES } from './attachment-type.ts';
import type { NotesService, Upload } from './notes.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['notes'];
const farmParams = idParamsSchema;
const noteParams = idParamsSchema;

/**
 * The body of a create or update is read by the handler, from JSON or from a multipart form: the
 * route declares it for the OpenAPI document, and Fastify validates only the other parts.
 */
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (context) =>
  context.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(context as Parameters<typeof validatorCompiler>[0]);

function validationError(issues: readonly (FieldIssue & { path?: PropertyKey[] })[]): AppError {
  const fields: FieldError[] = issues.map((issue) => {
    const path = (issue.path ?? []).map(String).join('.');
    return {
      field: path ? `body.${path}` : 'body',
      key: fieldErrorKey(issue),
      message: issue.message ?? 'Invalid value',
    };
  });
  return new AppError(ERRORS.validation, 'Validation failed', fields);
}

/** A text of the form with a NUL character, which PostgreSQL cannot store. */
function nulFields(fields: Record<string, string[]>): FieldError[] {
  return Object.entries(fields)
    .filter(([, values]) => values.some((value) => value.includes('\u0000')))
    .map(([name]) => ({
      field: `body.${name}`,
      key: FIELD_KEYS.nulCharacter,
      message: 'Text must not contain NUL characters',
    }));
}

/**
 * The note's fields and attachments from a multipart form (`files` holds the attachments, each at
 * most 5 MB) or a JSON body (no attachments), checked by the contract. Nothing is stored here.
 */
async function readNote<T>(
  request: FastifyRequest,
  schema: $ZodType<T>,
): Promise<{ body: T; files: Upload[] }> {
  let input: unknown = request.body;
  const files: Upload[] = [];
  if (request.isMultipart()) {
    const fields: Record<string, string[]> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERRORS.fileTooLarge, 'A file is larger than 5 MB', {
              name: part.filename,
              max_bytes: NOTE_FILE_MAX_BYTES,
            });
          throw error;
        });
        // A form's empty file input sends a part with no name and no bytes.
        if (part.filename === '' && bytes.length === 0) continue;
        if (part.fieldname !== 'files')
          throw new AppError(ERRORS.validation, 'Attachments go in the field `files`', [
            { field: `body.${part.fieldname}`, key: FIELD_KEYS.invalid, message: 'Not a field' },
          ]);
        files.push({ name: part.filename, bytes: new Uint8Array(bytes) });
      } else {
        (fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
    const nul = nulFields(fields);
    if (nul.length > 0) throw new AppError(ERRORS.validation, 'Validation failed', nul);
    input = noteFormFields(fields);
  }
  const result = safeParse(schema, input ?? {});
  if (!result.success) throw validationError(result.error.issues);
  return { body: result.data, files };
}

function filterOf(filter: string | undefined) {
  try {
    return parseNoteFilter(filter);
  } catch (error) {
    if (error instanceof InvalidQueryValueError)
      throw new AppError(ERRORS.invalidQueryValue, 'Invalid query value', { filter });
    throw error;
  }
}

/** Field notes (spec 3 §7 Notes; issue 11 items 6–7). */
export function notesRoutes(notes: NotesService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    await fastify.register(multipart, {
      limits: {
        fileSize: NOTE_FILE_MAX_BYTES,
        files: NOTE_FILES_PER_REQUEST,
        fields: 20,
        fieldSize: 64 * 1024,
      },
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const uploadResponses = { 413: errorBodySchema, 415: errorBodySchema, ...errors };

    app.get(
      '/farms/:id/fields-notes',
      {
        config: { access: { permission: 'NOTE_LISTAR', planRoute: 'notes' } },
        schema: {
          tags,
          operationId: 'listFieldNotes',
          summary: 'The notes of a farm, newest first',
          description:
            'filter: pairs `field:value` joined by commas over plot_id, category_id, created_by and created_at (a day, YYYY-MM-DD, in the farm’s time zone); a malformed pair answers 400 exception.invalid_query_value.',
          params: farmParams,
          querystring: notesQuerySchema,
          response: { 200: z.array(noteSchema), ...errors },
        },
      },
      async (request) =>
        notes.list(sessionOf(request), request.params.id, filterOf(request.query.filter)),
    );
    app.post(
      '/farms/:id/fields-notes',
      {
        config: { access: { permission: 'NOTE_CADASTRAR', planRoute: 'notes' } },
        validatorCompiler: bodyReadByHandler,
        schema: {
          tags,
          operationId: 'createFieldNote',
          summary: 'Create a note: JSON, or a multipart form with the attachments in `files`',
          description:
            'Attachments: jpg, jpeg, png, heic, xlsx, xls, pdf, doc or docx by their content, at most 5 MB each (400 exception.file.unsupported_type, 413 exception.file.too_large); a refused upload stores nothing.',
          consumes: ['application/json', 'multipart/form-data'],
          params: farmParams,
          body: noteBodySchema,
          response: { 201: noteSchema, ...uploadResponses },
        },
      },
      async (request, reply) => {
        const { body, files } = await readNote(request, noteBodySchema);
        const note = await notes.create(sessionOf(request), request.params.id, body, files);
        return reply.status(201).send(note);
      },
    );
    app.post(
      '/farms/:id/fields-notes/:noteId',
      {
        config: { access: { permission: 'NOTE_EDITAR', planRoute: 'notes' } },
        validatorCompiler: bodyReadByHandler,
        schema: {
          tags,
          operationId: 'updateFieldNote',
          summary:
            'Edit a note: its fields, new attachments in `files`, remove_file_ids to drop some',
          consumes: ['application/json', 'multipart/form-data'],
          params: farmNoteParamsSchema,
          body: noteUpdateBodySchema,
          response: { 200: noteSchema, ...uploadResponses },
        },
      },
      async (request) => {
        const { body, files } = await readNote(request, noteUpdateBodySchema);
        return notes.update(
          sessionOf(request),
          request.params.id,
          request.params.noteId,
          body,
          files,
        );
      },
    );
    app.delete(
      '/fields-notes/:id',
      {
        config: { access: { permission: 'NOTE_EXCLUIR', planRoute: 'notes' } },
        schema: {
          tags,
          operationId: 'deleteFieldNote',
          summary: 'Delete a note and its attachments',
          params: noteParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await notes.remove(sessionOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/fields-notes/:note_id/files/:file_id',
      {
        config: { access: { permission: 'NOTE_LISTAR', planRoute: 'notes' } },
        schema: {
          tags,
          operationId: 'downloadFieldNoteFile',
          summary: 'An attachment of a note (images inline, other files as a download)',
          params: noteFileParamsSchema,
          response: {
            200: fileAnswer('The file’s bytes, with its content type', NOTE_FILE_MEDIA_TYPES),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await notes.download(
          sessionOf(request),
          request.params.note_id,
          request.params.file_id,
        );
        const image = file.mimetype.startsWith('image/');
        return reply
          .header('content-type', file.mimetype)
          .header(
            'content-disposition',
            contentDisposition(image ? 'inline' : 'attachment', file.name),
          )
          .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
      },
    );
  };
}
