// No zod here: answers every resource shares, read by the server and the component tests' mock server.

/** The `message` of every 422; the field errors say what is wrong. */
export const VALIDATION_FAILED_MESSAGE = 'Los datos enviados no son válidos.';

/** '1 campaña' / '3 campañas'. */
const countOf = (total: number, one: string, many: string) => (total === 1 ? `1 ${one}` : `${total} ${many}`);

/** The one wording of a delete that other records block (409): 'No se puede eliminar: tiene 3 campañas'. */
export const cannotDelete = (total: number, one: string, many: string) => `No se puede eliminar: tiene ${countOf(total, one, many)}`;

/** Said when a dependent appeared between the count and the delete (the foreign key refused it). */
export const IN_USE = 'No se puede eliminar: otros registros dependen de este.';

/** A write sent with a version that is no longer the record's (409, with the record as it is now). */
export const STALE_VERSION = 'Otra persona cambió este registro mientras lo editabas.';
