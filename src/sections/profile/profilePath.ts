/** Where every signed-in user changes their own name and password. */
export const PROFILE_PATH = '/profile';
