// No zod here: answers every resource shares, read by the server and the component tests' mock server.

/** The `message` of every 422; the field errors say what is wrong. */
export const VALIDATION_FAILED_MESSAGE = 'Los datos enviados no son válidos.';
