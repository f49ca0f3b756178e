// Texts of platform §8 that the request layer shows or deliberately hides.

export const DEFAULT_ERROR_MESSAGE = 'There was an error. Please try again or reach out via chat';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = 'This application is private and you do not have permission to access it.';
/** platform §9: the access-denied toast stays 5000 ms. */
export const ACCESS_DENIED_TOAST_MS = 5000;

/** platform §8 "Silent request messages": these never raise an alert. */
export const SILENT_MESSAGES: readonly string[] = [
  'Request aborted',
  'UserEmail not found. Please check and try again',
  'Invalid OTP, please enter the valid OTP',
  'Please login to do this!',
  "Google Sheets doesn't seem to be connected properly. Please reconnect it.",
  'Sorry there has been a server error..',
  'OTP has expired',
  'Verification code has expired',
  'Account Not Found. Please Sign Up to Create an Account.',
  'A workspace or app with this subdomain already exists',
  'HTTP Error (403)',
];

export function isSilentMessage(message: string): boolean {
  return SILENT_MESSAGES.includes(message);
}
