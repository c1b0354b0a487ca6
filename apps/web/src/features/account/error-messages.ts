/** Failure texts of the account screens, worded as the spec words them (public-site §8, typos included). */

/** Profile, password change, set password: "Sorry, the following error has occured: {detail}". */
export const sorryError = (detail: string) => `Sorry, the following error has occured: ${detail}`;

/** Forgot password, when the call returned nothing at all. */
export const FORGOT_PASSWORD_UNKNOWN_ERROR = 'Whoops! An unknown error has occured';
