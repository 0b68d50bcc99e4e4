/** The largest body of a form anyone may post (register, reset or create a password). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
