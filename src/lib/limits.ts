// Limits the browser forms and the server both enforce (SPEC 9).
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops multi-megabyte "passwords" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
