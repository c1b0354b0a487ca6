/**
 * Every user-facing validation and status text, worded as the spec words it.
 * The API answers these as `detail`, the forms show them beside the field: one text, two places.
 */
import { homeMessages } from './home-messages';

export const messages = {
  ...homeMessages,
  emailRequired: 'Email address required',
  emailInvalid: 'Email address must be valid',
  contactEmailInvalid: 'Email must be valid',
  passwordRequired: 'Password required',
  passwordTooShort: 'Password must be at least 8 chars',
  passwordNumeric: 'Password must include non-numeric chars',
  passwordCommon: 'This password is too common.',
  passwordsDoNotMatch: 'Passwords do not match',
  couldNotCompute: 'Could not compute',
  /** An abuse limit counted per email address (registrations), not per network. */
  tooManyForAddress: 'Too many attempts for this email address. Please try again later.',
  dateAfterStart: 'Date must be after the start date',
  /** A departure today (allowed) at a time that has gone: the date rule's companion (no wording in the spec). */
  dropOffPassed: 'This drop-off time has already passed. Please choose a later flight or time.',
  /** Wording is inverted in the original product; kept as given. */
  arrivalBeforeDeparture: 'Arrival Time has to be before Departure Time',
  numberGreaterThanZero: 'Must be a number greater than 0',
  numberGreaterOrEqualZero: 'Must be a number greater than or equal to 0',
  positiveNumber: 'Number must be greater than 0',
  percentRange: 'Must be a number between 0 and 100',
  fractionRange: 'Must be a number between 0 and 1',
  invalidChoice: 'Select a valid choice.',
  /** U+0000 and the other control characters (tab and line breaks aside): no form can type them. */
  controlCharacters: 'Remove the control characters from this field.',
  // Format errors of typed fields (no wording in the spec).
  invalidAmount: 'Enter a valid amount.',
  invalidDate: 'Enter a valid date (YYYY-MM-DD).',
  invalidTime: 'Enter a valid time (HH:mm).',
  invalidDatetime: 'Enter a valid date and time (ISO 8601 with a time zone offset).',
  emailBelongsToUser: 'This email address belongs to a user, please log in to continue.',
  promoInvalid: 'This promo code is not valid.',
  unknownError: 'Unknown error',

  // Account answers from the server (no wording in the spec: plain, specific, no enumeration).
  emailTaken: 'A user with that email address already exists.',
  invalidCredentials: 'Unable to log in with provided credentials.',
  inactiveAccount: 'This account is disabled.',
  currentPasswordWrong: 'Your current password was entered incorrectly.',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  invalidToken: 'This link is invalid or has expired.',
  alreadyConfirmed: 'This email address has already been confirmed.',
  ownRoles: 'You cannot change your own roles.',
  /** A login's address is where its password resets go: only Admins move it (server and customer form alike). */
  loginEmailAdminsOnly: "Only admins can change a login's email address.",
  atLeastOneRole: 'At least one role is required.',

  // Success texts (public-site §8, back-office §8).
  loginSuccessful: 'Login Successful',
  registrationSuccessful: 'Registration Successful',
  registrationSuccessEmail:
    'Registration success! An email has been sent to your email address to verify your account.',
  accountConfirmed: 'Your account has now been confirmed.',
  passwordResetSent: (email: string) =>
    `Thank you, an email has been sent to ${email}. Please check your email.`,
  passwordSetLogin: 'Thank you, you may now login with your new password.',
  settingsUpdated: 'Settings updated successfully.',
  passwordChanged: 'Password changed successfully.',
  submissionSuccessful: 'Submission was successful.',
  vehicleSaved: 'Vehicle Saved',
  confirmationEmailSent: 'Confirmation email sent.',
  permissionDenied: 'You do not have permissions.',
  notFound: '404 Not Found',
  pageNotFound: 'Page not found',
  leaveConfirm: 'Are you sure you would like to leave? Any unsaved changes will be lost.',
  fillRequired: 'Please fill-out all required fields.',
  lotFull:
    'Availability for these dates is very limited and this car park cannot be booked online. Please call us during business hours.',
  parkingBlockedOut: 'Drop-offs and pick-ups are not available at this time.',
  extrasUnavailable: 'One or more of the extras below are unavailable at the selected dates.',
  flightNumberRequired: 'This field is required.',
} as const;
