import { z } from 'zod';
import { UploadedFile } from './uploads';

/** Only the body plugin makes UploadedFile instances: a JSON object shaped like one is not a file. */
export const isUploadedFile = (value: unknown): value is UploadedFile => value instanceof UploadedFile;

/**
 * A file field of a multipart body (`logo`, `image`, `document`). Only the body plugin makes
 * `UploadedFile`s, so a text value in its place (or a JSON body) is a 422 with `message`.
 * Its kind is checked by the handler (415), after the other fields are known to be valid.
 */
export const fileField = (message: string) =>
  z.custom<UploadedFile>(isUploadedFile, { error: message }).meta({ type: 'string', format: 'binary' });

/** The body types a write with a file accepts (the OpenAPI document lists multipart first). */
export const FILE_WRITE_TYPES = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];
